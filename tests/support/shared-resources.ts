/**
 * The environment variables through which the test run's global setup (tests/support/global-*.ts)
 * hands its shared resources to the test files' workers, which inherit the main process's environment.
 */
/** The endpoint of the one DynamoDB Local of the test run. */
export const SHARED_DYNAMODB_ENV = 'VTU_TEST_DYNAMODB_ENDPOINT';
/** A JSON file with the stack's template, synthesized once for the run's local clouds. */
export const SHARED_TEMPLATE_ENV = 'VTU_TEST_TEMPLATE_FILE';
