/**
 * The environment variables through which the test run's global setup (tests/support/global-*.ts)
 * hands its shared resources to the test files' workers, which inherit the main process's environment.
 */
/** The endpoints of the test run's DynamoDB Locals, one per worker, comma-separated (tests/support/global-dynamodb.ts). */
export const SHARED_DYNAMODB_ENV = 'VTU_TEST_DYNAMODB_ENDPOINTS';
/** Test files run this many at a time (vitest.config.ts), each worker with a DynamoDB Local of its own. */
export const TEST_WORKERS = 2;

/**
 * The shared DynamoDB Local of the worker running this file: Vitest numbers its workers 1…TEST_WORKERS
 * (VITEST_POOL_ID), so two files running at once never share one (DynamoDB Local does its work on
 * one SQLite thread: a shared one made the unit files wait on each other).
 */
export function sharedDynamoDbOfThisWorker(): string | undefined {
  const endpoints = process.env[SHARED_DYNAMODB_ENV]?.split(',').filter(Boolean);
  if (!endpoints?.length) return undefined;
  const worker = Number(process.env.VITEST_POOL_ID) || 1;
  return endpoints[(worker - 1) % endpoints.length];
}
/** A JSON file with the stack's template, synthesized once for the run's local clouds. */
export const SHARED_TEMPLATE_ENV = 'VTU_TEST_TEMPLATE_FILE';
/** A folder with the local cloud compiled once for the run (infra/local/cli/build.ts): every test cloud starts from it. */
export const SHARED_BUILT_CLOUD_ENV = 'VTU_TEST_BUILT_CLOUD';
