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
} as const;
