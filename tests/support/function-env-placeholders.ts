/**
 * Stand-ins for the variables every Lambda module parses at its cold start (loadEnv): the unit
 * tests' setup and the bench's cold-import probe give them to a module that is imported but whose
 * configuration is never used for real.
 */
export const FUNCTION_ENV_PLACEHOLDERS: Readonly<Record<string, string>> = {
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
