/**
 * Names of the environment variables the Lambda functions read. The CDK stack sets them,
 * the local cloud resolves them from the synthesized template, the functions parse them once.
 */
export const ENV = {
  tableName: 'TABLE_NAME',
  fulfilmentQueueUrl: 'FULFILMENT_QUEUE_URL',
  eventBusName: 'EVENT_BUS_NAME',
  /** Secrets Manager ARN of the token-signing secret (cloud). */
  jwtSecretArn: 'JWT_SECRET_ARN',
  /** The token-signing secret itself (local cloud and tests only). */
  jwtSecret: 'JWT_SECRET',
  /** Secrets Manager ARN of the value CloudFront sends in ORIGIN_SECRET_HEADER (cloud); the API refuses requests without it. */
  originSecretArn: 'ORIGIN_SECRET_ARN',
  /** The origin secret itself (local cloud, only when configured with LOCAL_ORIGIN_SECRET; absent: no check). */
  originSecret: 'ORIGIN_SECRET',
  /** SSM parameter name prefix under which supplier secrets live, e.g. /vtu/suppliers/ALARO/token. */
  supplierParamPrefix: 'SUPPLIER_PARAM_PREFIX',
  /** JSON array of supplier configs without secrets: [{name, protocol, baseUrl, networkIds}] */
  suppliersConfig: 'SUPPLIERS_CONFIG',
  /** Supplier tokens given directly (local cloud only): JSON {ALARO: "...", GLAD: "..."} */
  supplierTokens: 'SUPPLIER_TOKENS',
  /** Public base URL of the web app, used in e-mailed links. */
  appBaseUrl: 'APP_BASE_URL',
  mailFrom: 'MAIL_FROM',
  /** Milliseconds before a supplier call counts as "no answer". */
  supplierTimeoutMs: 'SUPPLIER_TIMEOUT_MS',
  // Money in and out (payment providers, payouts, identity).
  /** JSON, no secrets: {squad: {baseUrl}, monnify: {baseUrl, contractCode}, paystack: {baseUrl}, identity: {baseUrl, appId}}. */
  providersConfig: 'PROVIDERS_CONFIG',
  /** SSM parameter name prefix of provider secrets, e.g. /vtu/providers/squad/secretKey (cloud). */
  providerParamPrefix: 'PROVIDER_PARAM_PREFIX',
  /** Provider secrets given directly (local cloud only): JSON {squadSecretKey, monnifyApiKey, monnifySecretKey, paystackSecretKey, identityApiKey}. */
  providerSecrets: 'PROVIDER_SECRETS',
  /** Milliseconds before a payment-provider call counts as "no answer". */
  providerTimeoutMs: 'PROVIDER_TIMEOUT_MS',
  /** Queue of verified provider webhooks waiting to be processed (credits, payout outcomes). */
  providerEventsQueueUrl: 'PROVIDER_EVENTS_QUEUE_URL',
  /** Queue of withdrawals waiting to be paid out. */
  payoutQueueUrl: 'PAYOUT_QUEUE_URL',
  /** Queue of admins' mailings waiting to be fanned out to their recipients. */
  mailingQueueUrl: 'MAILING_QUEUE_URL',
  /** Queue of the money desk's reconciliation work, one page a message. */
  reconciliationQueueUrl: 'RECONCILIATION_QUEUE_URL',
  /** "true" only on the local cloud: webhook URLs may point at http://localhost / 127.0.0.1. */
  allowLoopbackWebhooks: 'ALLOW_LOOPBACK_WEBHOOKS',
  /** "true" in the cloud: a failed webhook delivery comes back after a growing delay (domain/webhooks.ts) instead of the queue's fixed visibility timeout. */
  webhookRetryBackoff: 'WEBHOOK_RETRY_BACKOFF',
  // Sweepers' thresholds: unset in the cloud (the defaults of shared/constants.ts); tests and demos shorten them.
  /** Milliseconds an unclaimed `processing` purchase waits before the sweeper re-enqueues it (default STALE_PROCESSING_MS). */
  sweeperStaleMs: 'SWEEPER_STALE_MS',
  /** Milliseconds between two re-queries of a `pending` purchase (default REQUERY_AFTER_MS). */
  sweeperRequeryAfterMs: 'SWEEPER_REQUERY_AFTER_MS',
  /** Milliseconds after which a claimed `processing` purchase is re-queried instead of waited for (default CLAIM_STALE_MS). */
  sweeperClaimStaleMs: 'SWEEPER_CLAIM_STALE_MS',
  /** Milliseconds after which a pending purchase is no longer re-queried and waits for an admin (default MAX_PENDING_AGE_MS). */
  sweeperMaxPendingAgeMs: 'SWEEPER_MAX_PENDING_AGE_MS',
  /** Milliseconds an upgrade's own request has to publish UserUpgraded before the sweeper re-publishes it (default 30 s). */
  sweeperOutboxGraceMs: 'SWEEPER_OUTBOX_GRACE_MS',
  /** Milliseconds a withdrawal stays open before the payout sweeper re-queries (or submits) it (default 10 minutes). */
  payoutSweepAfterMs: 'PAYOUT_SWEEP_AFTER_MS',
  /** Requests per minute per API key (default API_KEY_RATE_LIMIT_PER_MINUTE); tests lower it. */
  apiKeyRateLimitPerMinute: 'API_KEY_RATE_LIMIT_PER_MINUTE',
  /** Seconds a session token lives (default ACCESS_TOKEN_TTL_SECONDS); the local cloud's tests shorten it. */
  accessTokenTtlSeconds: 'ACCESS_TOKEN_TTL_SECONDS',
} as const;

/**
 * The AWS runtime's own variables (Lambda sets the region; the local cloud and LocalStack set the
 * endpoints). The SDK clients read them themselves; the signed SSM / Secrets Manager call reads them as the SDK would.
 */
export const AWS_ENV = {
  region: 'AWS_REGION',
  defaultRegion: 'AWS_DEFAULT_REGION',
  /** Every service's endpoint (LocalStack). */
  endpointUrl: 'AWS_ENDPOINT_URL',
  ssmEndpointUrl: 'AWS_ENDPOINT_URL_SSM',
  secretsManagerEndpointUrl: 'AWS_ENDPOINT_URL_SECRETS_MANAGER',
} as const;

/**
 * Provider secrets: names in PROVIDER_SECRETS (local cloud) and their SSM SecureString parameter
 * below PROVIDER_PARAM_PREFIX (cloud), e.g. /vtu/providers/squad/secretKey.
 */
export const PROVIDER_SECRET_PARAMETERS = {
  squadSecretKey: 'squad/secretKey',
  monnifyApiKey: 'monnify/apiKey',
  monnifySecretKey: 'monnify/secretKey',
  paystackSecretKey: 'paystack/secretKey',
  identityApiKey: 'identity/apiKey',
} as const;
export type ProviderSecretName = keyof typeof PROVIDER_SECRET_PARAMETERS;
