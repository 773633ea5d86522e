/** What the bench's DynamoDB request counts are keyed by: which function made a request, on what kind of invocation. */

export interface OperationTotal {
  count: number;
  readUnits: number;
  writeUnits: number;
}

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
