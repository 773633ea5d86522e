/** What the bench's DynamoDB request counts are keyed by: which function made a request, on what kind of invocation. */

export interface OperationTotal {
  count: number;
  readUnits: number;
  /** As DynamoDB Local reported them. */
  writeUnits: number;
  /** As DynamoDB bills them, computed from the items written (dynamo-billing.ts); absent on reads. */
  billedWriteUnits?: number;
  /** Metered invocations (LAMBDA_INVOCATIONS): their milliseconds, and GB-milliseconds at each function's memory. */
  ms?: number;
  gbMs?: number;
}

/**
 * Figures of other services kept beside a label's DynamoDB operations, under names starting with
 * OTHER_SERVICE (never a DynamoDB operation): the label's invocations, the SQS requests and the
 * EventBridge events its functions sent.
 */
export const OTHER_SERVICE = '@';
export const LAMBDA_INVOCATIONS = '@lambda';
export const SQS_REQUESTS = '@sqs';
export const BUS_EVENTS = '@events';
/**
 * The write units the table's indexes cost (dynamo-billing.ts `indexWriteUnits`), computed from each
 * change the table's stream carries (its item before and after), under the label INDEX_WRITES_LABEL
 * and one operation per index (`@index-writes <index>`): `count` is the changes seen, `billedWriteUnits`
 * that index's units. No request of its own.
 */
export const INDEX_WRITES = '@index-writes';
export const INDEX_WRITES_LABEL = 'table indexes (from the stream)';
/** The label of the bus rules' deliveries to queues ("EventBridge rules <detail-type>"). */
export const EVENT_RULES = 'EventBridge rules';
export const isDynamoOperation = (operation: string) => !operation.startsWith(OTHER_SERVICE);

/** label → DynamoDB operation → totals. */
export type RequestTotals = Record<string, Record<string, OperationTotal>>;

export const OUTSIDE_A_FUNCTION = 'outside a function';
export const SCHEDULED = 'schedule';

/** e.g. "PurchasesFunction POST /api/v1/buy/airtime", "FulfilmentFunction sqs", "SweeperFunction schedule". */
export function invocationLabel(logicalId: string, event: unknown): string {
  const e = (event ?? {}) as {
    requestContext?: { http?: { method?: string; path?: string } };
    rawPath?: string;
    Records?: Array<{ eventSource?: string }>;
    'detail-type'?: string;
  };
  if (e.requestContext?.http) return `${logicalId} ${e.requestContext.http.method} ${e.rawPath ?? e.requestContext.http.path}`;
  if (e.Records?.[0]?.eventSource === 'aws:sqs') return `${logicalId} sqs`;
  if (e['detail-type'] === 'Scheduled Event') return `${logicalId} ${SCHEDULED}`;
  if (e['detail-type']) return `${logicalId} event ${e['detail-type']}`;
  return logicalId;
}
