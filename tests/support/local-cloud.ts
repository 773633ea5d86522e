/**
 * Test harness: runs the whole local cloud (`infra/local/cli/start.ts`) as a child process on a free
 * port with a fresh temporary DATA_DIR, and gives tests what they need to drive it.
 *
 *   const cloud = await startLocalCloud();
 *   await fetch(`${cloud.baseUrl}/api/v1/auth/login`, ...);   // admin: cloud.adminLogin
 *   await cloud.readMail();                                     // captured e-mail, newest first
 *   await cloud.simulatorCalls('ALARO', transactionId);         // "the supplier was called once"
 *   await fetch(`${cloud.simulatorsUrl}/_sim/monnify/transfer`); // the simulators' own port, never baseUrl
 *   await cloud.stop();
 *
 * Or one instance per test file: `const cloud = useLocalCloud();` then `cloud().baseUrl` in tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { LOCAL_CLOUD_ENTRY } from '../../infra/local/cli/build.js';
import { builtFile } from '../../infra/local/runtime/lambda.js';
import { startDynamoDbLocal, type DynamoDbLocal } from '../../infra/local/runtime/dynamodb.js';
import { dropTables } from './drop-tables.js';
import { SHARED_BUILT_CLOUD_ENV, SHARED_TEMPLATE_ENV, sharedDynamoDbOfThisWorker } from './shared-resources.js';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const TEST_ADMIN = { userName: 'admin', password: 'local-admin-Passw0rd!', email: 'admin@example.com' } as const;

export type SupplierName = 'ALARO' | 'GLAD' | 'VTPASS';

export interface CapturedMail {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string;
  date: string;
}

export interface SimulatorCalls {
  supplier: string;
  /** Purchase POSTs (for `requestId`: POSTs carrying that request_id, duplicates included). */
  count: number;
  byRequestId: Record<string, number>;
  calls: Array<{ at: string; method: string; path: string; requestId: string | null; mobileNumber: string | null; answer: number | 'held' }>;
  /** With a request id: the simulator's records of the purchase (status, token, units …), as it keeps them. */
  transactions?: Array<Record<string, unknown>>;
  /** VTPASS only: the transaction-update pushes it sent (status pushed, receiver's answer). */
  pushes?: Array<{ at: string; requestId: string; status: string; answer: number | string }>;
}

export type ForcedOutcome = 'successful' | 'failed' | 'processing' | 'processing-then-failed' | 'timeout' | 'error' | null;

export interface LocalCloudOptions {
  /** Extra environment for the platform (e.g. LOCAL_SCHEDULE_INTERVAL_MS). */
  env?: Record<string, string>;
  /** Reuse a data folder (e.g. to test a restart); it is then not deleted on stop. */
  dataDir?: string;
  /** How long to wait for `LOCAL CLOUD READY` (default 120 s). */
  startTimeoutMs?: number;
  /**
   * Start a DynamoDB Local of its own in DATA_DIR, as `npm start` does, instead of using the test
   * file's in-memory one under a table prefix of its own.
   */
  ownDynamoDb?: boolean;
}

export interface LocalCloud {
  baseUrl: string;
  /** The simulators' own origin (SIM_PORT, loopback): /_sim/<name>/… is served here, never on baseUrl. */
  simulatorsUrl: string;
  /** The platform's process (for the benchmark's CPU accounting). */
  pid: number;
  dataDir: string;
  /** The DynamoDB Local it uses, and its platform table's name there. */
  dynamoEndpoint: string;
  tableName: string;
  adminLogin: { userName: string; password: string };
  readMail(): Promise<CapturedMail[]>;
  /** Waits until a mail to `to` (and optionally matching `subject`) arrives; newest first. */
  waitForMail(to: string, options?: { subject?: RegExp | string; timeoutMs?: number }): Promise<CapturedMail>;
  simulatorCalls(supplier: SupplierName, requestId?: string): Promise<SimulatorCalls>;
  /** Forces every purchase at one supplier panel to an outcome (null: back to the phone-number rules). */
  forceSupplierOutcome(supplier: SupplierName, outcome: ForcedOutcome): Promise<void>;
  /** Everything the platform printed so far (for diagnostics). */
  output(): string;
  /** Settles when the platform's process ends (a crash point, a stop). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The environment a test gives the platform: its port and data folder (the simulators on any free
 * port, printed at start), the test admin, quiet logs, none of Vitest's variables.
 */
export function localCloudEnv(port: number, dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(port),
    SIM_PORT: '0',
    DATA_DIR: dataDir,
    ADMIN_USERNAME: TEST_ADMIN.userName,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ADMIN_EMAIL: TEST_ADMIN.email,
    POWERTOOLS_LOG_LEVEL: process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
    // EMF lines (one per purchase, supplier call, sweep) are plain stdout lines locally: quiet unless asked for.
    POWERTOOLS_METRICS_DISABLED: process.env.POWERTOOLS_METRICS_DISABLED ?? 'true',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    // Vitest's own variables would leak into the platform's process otherwise.
    VITEST: '',
    VITEST_POOL_ID: '',
    VITEST_WORKER_ID: '',
    NODE_OPTIONS: '',
    ...extra,
  };
}

export const READY = /LOCAL CLOUD READY (\S+)/;
/** The simulators' origin as the start prints it. */
export const SIMULATORS = /Simulators:\s+(http:\/\/\S+)/;

/**
 * The DynamoDB Local of this test file's worker (tests/support/global-dynamodb.ts), or, run outside
 * that setup, one of the file's own (in memory, started on first use, ended with the file's process).
 * Every local cloud the file starts uses it, so a restart on the same data folder (the crash rounds)
 * finds its tables again.
 */
let fileDynamoDb: Promise<DynamoDbLocal> | undefined;
async function dynamoDbOfThisFile(): Promise<string> {
  const shared = sharedDynamoDbOfThisWorker();
  if (shared) return shared;
  fileDynamoDb ??= startDynamoDbLocal({ startTimeoutMs: 120_000 });
  return (await fileDynamoDb).endpoint;
}

/**
 * What a test's local cloud takes from the test run: this file's DynamoDB Local, under a table prefix
 * named after the data folder, and the template synthesized once for the run
 * (tests/support/global-template.ts). Outside a test run (the benches), nothing: the cloud starts its own.
 */
async function testResources(dataDir: string, options: LocalCloudOptions): Promise<Record<string, string>> {
  const env: Record<string, string> = {};
  const template = process.env[SHARED_TEMPLATE_ENV];
  if (!template) return env;
  env.LOCAL_TEMPLATE_FILE = template;
  const built = process.env[SHARED_BUILT_CLOUD_ENV];
  if (built) env.LOCAL_BUILT_DIR = built;
  // The platform counters' 5 s batching window would make every figure a test waits on 5 s late
  // (the benches keep the stack's windows, as on AWS).
  env.LOCAL_STREAM_BATCHING_WINDOW_MS = '0';
  // Thousands of sign-ups and logins at argon2id's real cost spent minutes of the run's CPU (a hash
  // carries its cost, so each is still verified as made; the unit tests check the real cost).
  env.LOCAL_TEST_PASSWORD_HASHES = '1';
  // A test file calls a few of the functions: each is imported at its first call, not all at each start
  // (1.5–2.0 s → 0.85–1.0 s a start; the run's build has already compiled every one of them).
  env.LOCAL_LAZY_HANDLERS = '1';
  if (!options.ownDynamoDb) {
    env.LOCAL_DYNAMODB_ENDPOINT = await dynamoDbOfThisFile();
    env.LOCAL_TABLE_PREFIX = `${basename(dataDir).replace(/[^A-Za-z0-9_.-]/g, '_')}.`;
  }
  return env;
}

const MAX_OUTPUT_CHARS = 200_000;

export async function startLocalCloud(options: LocalCloudOptions = {}): Promise<LocalCloud> {
  const port = await freePort();
  const ownsDataDir = !options.dataDir;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'vtu-local-'));
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString();
    // Keep the tail only: a long test run must not grow memory without bound. Cut at twice the bound,
    // not at each line past it: a cut copies the whole tail (the route fuzz's cloud prints about 5,500 lines).
    if (output.length > 2 * MAX_OUTPUT_CHARS) output = output.slice(-MAX_OUTPUT_CHARS);
  };

  const shared = await testResources(dataDir, options);
  // From the run's compiled cloud when there is one (tests/support/global-template.ts), else through tsx.
  const built = shared.LOCAL_BUILT_DIR;
  const entry = built ? ['--enable-source-maps', builtFile(built, LOCAL_CLOUD_ENTRY)] : ['--import', 'tsx', LOCAL_CLOUD_ENTRY];
  const child: ChildProcess = spawn(process.execPath, entry, {
    cwd: REPO_ROOT,
    // Own process group, so stop() can end the platform and everything it started (Java) at once.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: localCloudEnv(port, dataDir, {
      // A sweep a second while the table is written: every 0.5 s cost about 0.06 of a core per cloud more,
      // and a sweep made due by time alone already waits up to the quiet 2 s below (ten sweep-bound files: 113 → 108 s).
      LOCAL_SCHEDULE_INTERVAL_MS: '1000',
      // Sweeps of a table nothing wrote meanwhile run every 2 s (two thirds of an idle cloud's CPU at 0.5 s).
      LOCAL_SCHEDULE_QUIET_MS: '2000',
      SUPPLIER_TIMEOUT_MS: '1000',
      LOCAL_CLOUD_PARENT_PID: String(process.pid),
      ...shared,
      ...options.env,
    }),
  });
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolveExit) =>
    child.once('exit', (code, signal) => resolveExit({ code, signal })),
  );

  const killGroup = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child.exitCode === null && child.signalCode === null) {
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    // Anything left in the group (Java if the platform died abruptly) goes too.
    killGroup('SIGKILL');
    process.off('exit', onExit);
    // Its data goes with its own folder: the folder, and its tables in the worker's shared DynamoDB Local.
    // A cloud started on a folder the test gave keeps both, for a restart on the same data (the crash rounds).
    if (ownsDataDir) {
      rmSync(dataDir, { recursive: true, force: true });
      if (shared.LOCAL_DYNAMODB_ENDPOINT && shared.LOCAL_TABLE_PREFIX) await dropTables(shared.LOCAL_DYNAMODB_ENDPOINT, { prefix: shared.LOCAL_TABLE_PREFIX });
    }
  };
  const onExit = () => killGroup('SIGKILL');
  process.on('exit', onExit);

  const timeoutMs = options.startTimeoutMs ?? 120_000;
  try {
    await new Promise<void>((resolveReady, reject) => {
      const timer = setTimeout(() => reject(new Error(`the local cloud did not start within ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        if (READY.test(output)) {
          clearTimeout(timer);
          // Once is enough: the output only grows, and every later line would be searched with all before it.
          child.stdout!.off('data', check);
          resolveReady();
        }
      };
      child.stdout!.on('data', check);
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`the local cloud exited during start (code ${code}, signal ${signal})`));
      });
    });
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- local cloud output ---\n${output.slice(-20_000)}`);
  }

  const baseUrl = `http://localhost:${port}`;
  const simulatorsUrl = SIMULATORS.exec(output)?.[1];
  if (!simulatorsUrl) {
    await stop();
    throw new Error(`the local cloud did not print its simulators' origin ("Simulators: http://…")\n--- local cloud output ---\n${output.slice(-20_000)}`);
  }
  const dynamoEndpoint = /DynamoDB:\s+(http:\/\/\S+)/.exec(output)?.[1] ?? '';
  const tableName = /Tables:\s+(\S+)/.exec(output)?.[1] ?? '';
  const getJson = async <T>(url: string, init?: RequestInit): Promise<T> => {
    const response = await fetch(url, init);
    if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${url} → ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  const readMail = () => getJson<CapturedMail[]>(`${baseUrl}/_local/mail.json`);

  return {
    baseUrl,
    simulatorsUrl,
    pid: child.pid!,
    dataDir,
    dynamoEndpoint,
    tableName,
    adminLogin: { userName: TEST_ADMIN.userName, password: TEST_ADMIN.password },
    readMail,
    async waitForMail(to, { subject, timeoutMs: wait = 15_000 } = {}) {
      const deadline = Date.now() + wait;
      for (;;) {
        const found = (await readMail()).find(
          (m) => m.to.split(/,\s*/).includes(to) && (subject === undefined || (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject))),
        );
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}${subject ? ` matching ${subject}` : ''} within ${wait} ms`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    simulatorCalls: (supplier, requestId) =>
      getJson<SimulatorCalls>(
        `${simulatorsUrl}/_sim/${supplier.toLowerCase()}/calls${requestId === undefined ? '' : `?requestId=${encodeURIComponent(requestId)}`}`,
      ),
    async forceSupplierOutcome(supplier, outcome) {
      await getJson(`${simulatorsUrl}/_sim/${supplier.toLowerCase()}/control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ forceOutcome: outcome }),
      });
    },
    output: () => output,
    exited,
    stop,
  };
}

/**
 * One local cloud shared by the tests of a file: started in beforeAll, stopped in afterAll.
 * Returns a getter, because the instance exists only once beforeAll has run.
 */
export function useLocalCloud(options: LocalCloudOptions = {}): () => LocalCloud {
  let cloud: LocalCloud | undefined;
  beforeAll(
    async () => {
      cloud = await startLocalCloud(options);
    },
    (options.startTimeoutMs ?? 120_000) + 15_000,
  );
  afterAll(async () => {
    await cloud?.stop();
  }, 30_000);
  return () => {
    if (!cloud) throw new Error('the local cloud is not running (useLocalCloud() must be called at the top level of a test file)');
    return cloud;
  };
}
