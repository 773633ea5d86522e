/**
 * The bench's `cost per 1M purchases`: what a million delivered purchases would
 * cost on AWS at list prices, from what the measured run used per purchase — DynamoDB request units
 * (writes as DynamoDB bills them, computed from the items written: dynamo-billing.ts), Lambda
 * GB-seconds at each function's configured memory from the local runtime's milliseconds per
 * invocation, SQS requests, EventBridge events and HTTP API requests.
 */
import { BUS_EVENTS, LAMBDA_INVOCATIONS, SQS_REQUESTS, type RequestTotals } from './dynamo-request-labels.js';
import { dynamoOperations, indexWriteUnitsOf, purchaseLabels, sumOf } from './dynamo-requests.js';

/**
 * The one table of list prices: US East (N. Virginia), on-demand, USD, without free tiers, as the
 * services' pricing pages give them:
 * - DynamoDB on-demand, Standard table class (aws.amazon.com/dynamodb/pricing/on-demand/, since the
 *   1 November 2024 reduction): $0.625 per million write request units, $0.125 per million read request units.
 * - Lambda (aws.amazon.com/lambda/pricing/): Arm, first 7.5 billion GB-s a month, $0.0000133334 per
 *   GB-second; $0.20 per million requests.
 * - SQS (aws.amazon.com/sqs/pricing/): standard queues, $0.40 per million requests (each 64 KB chunk).
 * - EventBridge (aws.amazon.com/eventbridge/pricing/): custom events published, $1.00 per million (each
 *   64 KB chunk); delivery to rule targets is not charged by EventBridge (an SQS target's SendMessage is, by SQS).
 * - API Gateway HTTP APIs (aws.amazon.com/api-gateway/pricing/): first 300 million a month, $1.00 per million requests.
 */
export const LIST_PRICES_USD = {
  dynamoWriteUnitPerMillion: 0.625,
  dynamoReadUnitPerMillion: 0.125,
  lambdaArmGbSecond: 0.0000133334,
  lambdaRequestPerMillion: 0.2,
  sqsRequestPerMillion: 0.4,
  eventBridgeEventPerMillion: 1.0,
  httpApiRequestPerMillion: 1.0,
} as const;

/** The goal for the cost of a million delivered purchases. */
export const COST_GOAL_USD = 16;

/** HTTP invocations are labelled "<function> <METHOD> <path>"; SQS-triggered ones "<function> sqs". */
const isHttp = (label: string) => / (GET|POST|PUT|PATCH|DELETE) \//.test(label);
const isSqsTriggered = (label: string) => label.endsWith(' sqs');

export interface PurchaseCost {
  total: number;
  byService: { dynamodb: number; lambda: number; sqs: number; eventbridge: number; httpApi: number };
  perPurchase: {
    writeUnits: number;
    readUnits: number;
    gbSeconds: number;
    invocations: number;
    lambdaMs: number;
    sqsRequests: number;
    events: number;
    httpRequests: number;
  };
}

/** The cost of a million purchases like the `purchases` of `window`. */
export function purchaseCost(window: RequestTotals, purchases: number): PurchaseCost {
  const labels = purchaseLabels(window);
  const dynamo = sumOf(labels.flatMap((label) => dynamoOperations(window[label]!).map(([, total]) => total)));
  const lambda = sumOf(labels.flatMap((label) => (window[label]![LAMBDA_INVOCATIONS] ? [window[label]![LAMBDA_INVOCATIONS]!] : [])));
  const countOf = (operation: string) => labels.reduce((sum, label) => sum + (window[label]![operation]?.count ?? 0), 0);
  // The event source mapping's requests: one ReceiveMessage and one DeleteMessageBatch per batch it hands
  // over (its empty long polls are a fixed cost per queue, whatever the purchases).
  const mappingRequests = labels.filter(isSqsTriggered).reduce((sum, label) => sum + 2 * (window[label]![LAMBDA_INVOCATIONS]?.count ?? 0), 0);
  const httpRequests = labels.filter(isHttp).reduce((sum, label) => sum + (window[label]![LAMBDA_INVOCATIONS]?.count ?? 0), 0);
  const per = (n: number) => n / purchases;
  const perPurchase = {
    writeUnits: per(dynamo.billedWriteUnits + indexWriteUnitsOf(window, labels)),
    readUnits: per(dynamo.readUnits),
    gbSeconds: per(lambda.gbMs / 1000),
    invocations: per(lambda.count),
    lambdaMs: per(lambda.ms),
    sqsRequests: per(countOf(SQS_REQUESTS) + mappingRequests),
    events: per(countOf(BUS_EVENTS)),
    httpRequests: per(httpRequests),
  };
  const million = 1_000_000;
  const p = LIST_PRICES_USD;
  const byService = {
    dynamodb: perPurchase.writeUnits * p.dynamoWriteUnitPerMillion + perPurchase.readUnits * p.dynamoReadUnitPerMillion,
    lambda: perPurchase.gbSeconds * million * p.lambdaArmGbSecond + perPurchase.invocations * p.lambdaRequestPerMillion,
    sqs: perPurchase.sqsRequests * p.sqsRequestPerMillion,
    eventbridge: perPurchase.events * p.eventBridgeEventPerMillion,
    httpApi: perPurchase.httpRequests * p.httpApiRequestPerMillion,
  };
  return { total: Object.values(byService).reduce((a, b) => a + b, 0), byService, perPurchase };
}

const usd = (n: number) => `$${n.toFixed(2)}`;
// Trailing zeros go only after a decimal point (790 ms stays 790).
const fixed = (n: number, digits = 2) => (digits === 0 ? n.toFixed(0) : n.toFixed(digits).replace(/\.?0+$/, '') || '0');

/** The lines `npm run bench` prints: the cost, its goal and method, and the breakdown per service. */
export function costLines(window: RequestTotals, purchases: number, run: string): string[] {
  const { total, byService, perPurchase: u } = purchaseCost(window, purchases);
  const share = (n: number) => `${Math.round((100 * n) / total)}%`;
  return [
    `cost per 1M purchases: ${usd(total)}  (goal ≤ ${usd(COST_GOAL_USD)}; ${run}; list prices us-east-1 on-demand, tests/bench/cost.ts; DynamoDB writes computed from the items written as DynamoDB bills them, Lambda from the local runtime's milliseconds per invocation)`,
    `  DynamoDB     ${usd(byService.dynamodb).padStart(7)} ${share(byService.dynamodb).padStart(4)}  ${fixed(u.writeUnits)} WCU + ${fixed(u.readUnits)} RCU per purchase`,
    `  Lambda       ${usd(byService.lambda).padStart(7)} ${share(byService.lambda).padStart(4)}  ${fixed(u.gbSeconds, 4)} GB-s (${fixed(u.lambdaMs, 0)} ms over ${fixed(u.invocations)} invocations, arm64 at each function's memory) per purchase`,
    `  SQS          ${usd(byService.sqs).padStart(7)} ${share(byService.sqs).padStart(4)}  ${fixed(u.sqsRequests)} requests per purchase (sends, and each batch's receive and delete)`,
    `  EventBridge  ${usd(byService.eventbridge).padStart(7)} ${share(byService.eventbridge).padStart(4)}  ${fixed(u.events)} events per purchase`,
    `  HTTP API     ${usd(byService.httpApi).padStart(7)} ${share(byService.httpApi).padStart(4)}  ${fixed(u.httpRequests)} requests per purchase`,
  ];
}
