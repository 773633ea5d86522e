/**
 * Configuration of the local cloud, read once from the environment. Generated secrets (admin
 * password, JWT key, supplier tokens) are created on first start and kept in DATA_DIR so the same
 * login keeps working across restarts until `npm run reset`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The two MSORG panels of the spec, with each panel's own network ids (integrations.md). ALARO
 * also sells electricity (the usual disco names): the failover after VTpass, which comes first.
 * ALARO numbers its plans as we do (an admin-added plan goes there under our id); GLAD does not.
 */
export const SIMULATED_SUPPLIERS = [
  { name: 'ALARO', path: 'alaro', networkIds: { MTN: 1, GLO: 2, AIRTEL: 3, '9MOBILE': 6 }, electricity: true, sharesOurPlanIds: true },
  { name: 'GLAD', path: 'glad', networkIds: { MTN: 1, GLO: 2, '9MOBILE': 3, AIRTEL: 4 }, electricity: false, sharesOurPlanIds: false },
] as const;
export type SimulatedSupplierName = (typeof SIMULATED_SUPPLIERS)[number]['name'];

/**
 * The simulated VTpass account: electricity only by default (no `networks`, so it joins no airtime/data
 * failover chain). An open purchase settles by itself after `settleAfterMs` and is pushed (transaction-update).
 */
export const SIMULATED_VTPASS = { name: 'VTPASS', path: 'vtpass', networks: [] as string[], electricity: true, settleAfterMs: 2_000 } as const;

/** The simulated e-PIN panel (recharge cards): its account's user name; its API key is a generated secret. */
export const SIMULATED_EPIN_PANEL = { name: 'EPINPANEL', path: 'epinpanel', username: 'local-epins' } as const;

/** VTpass's three credentials (integrations.md): api-key always, public-key on GET, secret-key on POST. */
export interface VtpassKeys {
  apiKey: string;
  publicKey: string;
  secretKey: string;
}

/** The payment providers' simulated accounts (not secrets): Monnify contract code, identity app id. */
export const SIMULATED_PROVIDER_ACCOUNTS = { monnifyContractCode: '7059707855', identityAppId: 'local-identity-app' } as const;

export interface ProviderSecrets {
  squadSecretKey: string;
  monnifyApiKey: string;
  monnifySecretKey: string;
  paystackSecretKey: string;
  identityApiKey: string;
}

export interface LocalSecrets {
  adminPassword: string;
  jwtSecret: string;
  supplierTokens: Record<SimulatedSupplierName, string>;
  /** Shared by the VTpass simulator and the functions (SUPPLIER_TOKENS.VTPASS). */
  vtpassKeys: VtpassKeys;
  /** Shared by the e-PIN panel simulator and the functions (SUPPLIER_TOKENS.EPINPANEL). */
  epinPanelKey: string;
  /** Shared by the payment-provider simulators and the functions (PROVIDER_SECRETS). */
  providerSecrets: ProviderSecrets;
}

export interface LocalConfig {
  repoRoot: string;
  /** PORT (default 3000): the public origin — the app, the API, the mail viewer — on loopback. */
  port: number;
  /**
   * SIM_PORT (default PORT + 1): the simulators' own port, on loopback only (infra/local/simulators/server.ts):
   * their APIs, controls and call logs, and the pages a person opens (Squad checkout, Monnify "send a
   * transfer", payouts). They take no credential and move money in a demo, so the public port never
   * serves them. 0 takes any free port (the tests); the start prints the one taken.
   */
  simPort: number;
  dataDir: string;
  admin: { userName: string; password: string; email: string; passwordGenerated: boolean };
  /** Overrides every schedule's rate when set (tests, demos). */
  scheduleIntervalMs?: number;
  /** LOCAL_SCHEDULE_QUIET_MS: a schedule skips its runs while nothing wrote the table since its last run, up to this long. */
  scheduleQuietMs?: number;
  /** LOCAL_STREAM_BATCHING_WINDOW_MS: replaces every stream mapping's batching window (0: deliver at once). */
  streamBatchingWindowMs?: number;
  /** LOCAL_TEST_PASSWORD_HASHES=1: new password hashes at the cheapest argon2id cost (the test suite's clouds only). */
  testPasswordHashes: boolean;
  /**
   * LOCAL_LAZY_HANDLERS=1: a handler's module is imported at its first invocation, not at start (the
   * test suite's clouds: a test file calls a few of the functions, and every start imported them all).
   */
  lazyHandlers: boolean;
  supplierTimeoutMs: number;
  /** PROVIDER_TIMEOUT_MS for the payment-provider adapters (default 5000). */
  providerTimeoutMs: number;
  /** Receive loops per queue → function mapping (LOCAL_SQS_CONCURRENCY, default 2). */
  sqsConcurrency: number;
  /** Replaces every queue's visibility timeout, so failed messages come back sooner (LOCAL_SQS_VISIBILITY_TIMEOUT_SECONDS). */
  sqsVisibilityTimeoutSeconds?: number;
  secrets: LocalSecrets;
  /**
   * An already running DynamoDB Local to use instead of starting one (LOCAL_DYNAMODB_ENDPOINT): the
   * test run shares one among all its clouds, each under its own LOCAL_TABLE_PREFIX.
   */
  dynamoEndpoint?: string;
  /** Put before every table name (LOCAL_TABLE_PREFIX, default none), so clouds can share one DynamoDB. */
  tablePrefix: string;
  /** A template synthesized earlier (LOCAL_TEMPLATE_FILE, JSON) instead of synthesizing at start: the test run synthesizes once. */
  templateFile?: string;
  /** Base URL printed and used in e-mailed links. */
  appBaseUrl: string;
  mailFrom: string;
}

export class LocalConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalConfigError';
  }
}

function nonNegativeInt(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new LocalConfigError(`${name} must be a whole number of 0 or more, got "${raw}"`);
  return value;
}

function positiveInt(name: string, fallback?: number): number | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new LocalConfigError(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

/** 20 letters and digits (about 115 bits): strong, and safe to copy from a terminal (no leading '-'). */
const strongPassword = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  return [...randomBytes(20)].map((byte) => alphabet[byte % alphabet.length]).join('');
};

export function dataDirFromEnv(): string {
  const raw = process.env.DATA_DIR;
  if (!raw) return join(REPO_ROOT, '.local');
  return isAbsolute(raw) ? raw : resolve(process.cwd(), raw);
}

/** Loads (or creates once) the secrets file in DATA_DIR. */
export function loadSecrets(dataDir: string): LocalSecrets {
  const file = join(dataDir, 'secrets.json');
  const existing: Partial<LocalSecrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets: LocalSecrets = {
    adminPassword: existing.adminPassword ?? strongPassword(),
    jwtSecret: existing.jwtSecret ?? randomBytes(48).toString('base64url'),
    supplierTokens: {
      ALARO: existing.supplierTokens?.ALARO ?? randomBytes(20).toString('hex'),
      GLAD: existing.supplierTokens?.GLAD ?? randomBytes(20).toString('hex'),
    },
    vtpassKeys: {
      apiKey: existing.vtpassKeys?.apiKey ?? randomBytes(16).toString('hex'),
      publicKey: existing.vtpassKeys?.publicKey ?? `PK_${randomBytes(20).toString('hex')}`,
      secretKey: existing.vtpassKeys?.secretKey ?? `SK_${randomBytes(20).toString('hex')}`,
    },
    epinPanelKey: existing.epinPanelKey ?? randomBytes(20).toString('hex'),
    providerSecrets: {
      squadSecretKey: existing.providerSecrets?.squadSecretKey ?? `sk_test_${randomBytes(20).toString('hex')}`,
      monnifyApiKey: existing.providerSecrets?.monnifyApiKey ?? `MK_TEST_${randomBytes(8).toString('hex').toUpperCase()}`,
      monnifySecretKey: existing.providerSecrets?.monnifySecretKey ?? randomBytes(16).toString('hex').toUpperCase(),
      paystackSecretKey: existing.providerSecrets?.paystackSecretKey ?? `sk_test_${randomBytes(20).toString('hex')}`,
      identityApiKey: existing.providerSecrets?.identityApiKey ?? `live_sk_${randomBytes(16).toString('hex')}`,
    },
  };
  if (JSON.stringify(existing) !== JSON.stringify(secrets)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}

/** DynamoDB table names allow letters, digits, '_', '-' and '.'; the prefix must leave room for the stack's names. */
function tablePrefixFromEnv(): string {
  const raw = process.env.LOCAL_TABLE_PREFIX ?? '';
  if (!/^[A-Za-z0-9_.-]{0,64}$/.test(raw)) throw new LocalConfigError(`LOCAL_TABLE_PREFIX may hold up to 64 letters, digits, '_', '-' or '.', got "${raw}"`);
  return raw;
}

const MAX_PORT = 65_535;

/** SIM_PORT, else the port after PORT; never PORT itself. */
function simPortFromEnv(port: number): number {
  const simPort = nonNegativeInt('SIM_PORT') ?? port + 1;
  if (simPort > MAX_PORT)
    throw new LocalConfigError(`SIM_PORT must be at most ${MAX_PORT}, got ${simPort}${process.env.SIM_PORT ? '' : ' (PORT + 1): set SIM_PORT'}`);
  if (simPort === port) throw new LocalConfigError(`SIM_PORT must differ from PORT (${port}): the simulators are never served on the public port`);
  return simPort;
}

export function loadLocalConfig(): LocalConfig {
  const port = positiveInt('PORT', 3000)!;
  const simPort = simPortFromEnv(port);
  const dataDir = dataDirFromEnv();
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadSecrets(dataDir);
  const explicitPassword = process.env.ADMIN_PASSWORD;
  const appBaseUrl = `http://localhost:${port}`;
  return {
    repoRoot: REPO_ROOT,
    port,
    simPort,
    dataDir,
    admin: {
      userName: process.env.ADMIN_USERNAME || 'admin',
      password: explicitPassword || secrets.adminPassword,
      email: process.env.ADMIN_EMAIL || 'admin@example.com',
      passwordGenerated: !explicitPassword,
    },
    scheduleIntervalMs: positiveInt('LOCAL_SCHEDULE_INTERVAL_MS'),
    scheduleQuietMs: positiveInt('LOCAL_SCHEDULE_QUIET_MS'),
    streamBatchingWindowMs: nonNegativeInt('LOCAL_STREAM_BATCHING_WINDOW_MS'),
    testPasswordHashes: process.env.LOCAL_TEST_PASSWORD_HASHES === '1',
    lazyHandlers: process.env.LOCAL_LAZY_HANDLERS === '1',
    supplierTimeoutMs: positiveInt('SUPPLIER_TIMEOUT_MS', 3000)!,
    providerTimeoutMs: positiveInt('PROVIDER_TIMEOUT_MS', 5000)!,
    sqsConcurrency: positiveInt('LOCAL_SQS_CONCURRENCY', 2)!,
    sqsVisibilityTimeoutSeconds: positiveInt('LOCAL_SQS_VISIBILITY_TIMEOUT_SECONDS'),
    secrets,
    dynamoEndpoint: process.env.LOCAL_DYNAMODB_ENDPOINT || undefined,
    tablePrefix: tablePrefixFromEnv(),
    templateFile: process.env.LOCAL_TEMPLATE_FILE || undefined,
    appBaseUrl,
    mailFrom: process.env.MAIL_FROM || 'no-reply@localhost',
  };
}
