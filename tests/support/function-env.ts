/**
 * Unit-project setup: every Lambda module parses its environment when it is imported (its cold
 * start), and unit tests import handler modules for their operations. Placeholders stand in for
 * the variables a test does not set itself; a test that needs real values (a DynamoDB Local
 * table, its own signing key) sets them before the import or through useDynamoDb, which reloads
 * what it changes.
 */
import { FUNCTION_ENV_PLACEHOLDERS } from './function-env-placeholders.js';

const PLACEHOLDERS: Record<string, string> = {
  ...FUNCTION_ENV_PLACEHOLDERS,
  // Metrics (EMF) lines would go to stdout between the test reports; a test that reads them sets this to false.
  POWERTOOLS_METRICS_DISABLED: 'true',
};

for (const [name, value] of Object.entries(PLACEHOLDERS)) {
  if (process.env[name] === undefined) process.env[name] = value;
}
