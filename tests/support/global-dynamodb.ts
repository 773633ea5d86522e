/**
 * Vitest global setup: a DynamoDB Local per worker for the whole run, instead of one Java per file.
 * Each unit file creates a table of its own in its worker's one (useDynamoDb), and each local cloud
 * its tables under a prefix of its own (tests/support/local-cloud.ts), so files share the process and
 * nothing else. Every project names this setup; the first to run starts the instances, and the
 * others find them in the environment.
 *
 * Their databases are files on tmpfs, not in memory: the launcher indexes the stream records of a
 * database on disk (infra/local/runtime/java/LoopbackDynamoDbLocal.java). In memory, a long-lived instance
 * slowed with every table it had held (a GetItem took 78 ms late in a clean-clone run, about 1 ms
 * fresh), which is why each integration and browser file used to start a Java of its own.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SHARED_DYNAMODB_ENV, TEST_WORKERS } from './shared-resources.js';

/** Memory-backed where the machine has it (Linux), so SQLite's writes never wait on a disk. */
const MEMORY_FOLDER = '/dev/shm';

export default async function setup(): Promise<(() => Promise<void>) | void> {
  if (process.env[SHARED_DYNAMODB_ENV]) return;
  // Imported only by the setup that starts them (every project names this file; global-template.ts says why).
  const { prepareDynamoDbLocalArchive, startDynamoDbLocal } = await import('../../infra/local/runtime/dynamodb.js');
  // Once per machine: every DynamoDB Local started later (a test's own, `npm start`) maps its classes.
  await prepareDynamoDbLocalArchive();
  const folder = mkdtempSync(join(existsSync(MEMORY_FOLDER) ? MEMORY_FOLDER : tmpdir(), 'vtu-test-dynamodb-'));
  const instances = await Promise.all(
    Array.from({ length: TEST_WORKERS }, (_, worker) => startDynamoDbLocal({ dataDir: join(folder, `worker-${worker + 1}`), startTimeoutMs: 120_000 })),
  );
  process.env[SHARED_DYNAMODB_ENV] = instances.map((dynamo) => dynamo.endpoint).join(',');
  return async () => {
    delete process.env[SHARED_DYNAMODB_ENV];
    await Promise.all(instances.map((dynamo) => dynamo.stop()));
    rmSync(folder, { recursive: true, force: true });
  };
}
