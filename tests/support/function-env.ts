/**
 * Unit-project setup: every Lambda module parses its environment when it is imported (its cold
 * start), and unit tests import handler modules for their operations. Placeholders stand in for
 * the variables a test does not set itself; a test that needs real values (a DynamoDB Local
 * table, its own signing key) sets them before the import or through useDynamoDb, which reloads
 * what it changes.
 */
const PLACEHOLDERS: Record<string, string> = {
  TABLE_NAME: 'placeholder-table',
  EVENT_BUS_NAME: 'placeholder-bus',
  JWT_SECRET: 'placeholder-signing-key-placeholder-signing-key',
  SUPPLIERS_CONFIG: '[]',
  SUPPLIER_TOKENS: '{}',
  FULFILMENT_QUEUE_URL: 'http://127.0.0.1:9/queue/fulfilment',
  PROVIDERS_CONFIG: '{}',
  PROVIDER_SECRETS: '{}',
  PROVIDER_EVENTS_QUEUE_URL: 'http://127.0.0.1:9/queue/provider-events',
  PAYOUT_QUEUE_URL: 'http://127.0.0.1:9/queue/payouts',
  MAILING_QUEUE_URL: 'http://127.0.0.1:9/queue/mailings',
};

// Metrics (EMF) lines would go to stdout between the test reports; a test that reads them sets this to false.
PLACEHOLDERS.POWERTOOLS_METRICS_DISABLED = 'true';

for (const [name, value] of Object.entries(PLACEHOLDERS)) {
  if (process.env[name] === undefined) process.env[name] = value;
}
