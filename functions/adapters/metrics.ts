/**
 * The functions' custom metrics: Powertools Metrics, i.e. EMF log lines that CloudWatch turns into
 * metrics, under the names, units and dimension sets of shared/metrics.ts — what the stack's alarms
 * and dashboard read. Handlers and adapters count outcomes here; the domain only returns them.
 *
 * One instance, `metrics`, with two ways out:
 *  - counts with only the `service` dimension (payouts, the stuck-purchase gauge) are buffered on it
 *    and flushed once per invocation by `logMetrics` (middleware/http.ts and background.ts);
 *  - an event with dimensions of its own (a purchase's product, a supplier) is published at once as
 *    its own line, with the instance's namespace and service: Powertools gives every metric of one
 *    flush the same dimensions, and one invocation handles many such events at once (an SQS batch;
 *    the local cloud's concurrent invocations in one process).
 *
 * Namespace and service: POWERTOOLS_METRICS_NAMESPACE and POWERTOOLS_SERVICE_NAME (the stack sets
 * both on every function), else shared/metrics.ts. POWERTOOLS_METRICS_DISABLED=true silences the
 * lines (tests); otherwise locally they are plain log lines on stdout.
 */
import { Metrics } from '@aws-lambda-powertools/metrics';
import { METRIC_NAMES, METRIC_SHAPES, METRICS_NAMESPACE, METRICS_SERVICE, type MetricDimension, type MetricKey } from '../../shared/metrics.js';
import type { SupplierCallResult } from '../domain/purchases/suppliers-port.js';
import type { TransactionRecord } from '../domain/transactions/transactions.js';
import { logger } from './observability.js';

// Powertools warns on every flush without metrics; most invocations have none, so that is no news.
const NOTHING_TO_PUBLISH = 'No application metrics to publish';
const metricsLog = {
  debug: (message: string) => logger.debug(message),
  info: (message: string) => logger.info(message),
  warn: (message: string) => (message.startsWith(NOTHING_TO_PUBLISH) ? logger.debug(message) : logger.warn(message)),
  error: (message: string) => logger.error(message),
};

const OPTIONS = {
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || METRICS_NAMESPACE,
  serviceName: process.env.POWERTOOLS_SERVICE_NAME || METRICS_SERVICE,
  logger: metricsLog,
};

export const metrics = new Metrics(OPTIONS);

type Dimensions = Partial<Record<MetricDimension, string>>;

/** One EMF line now: `values` under every dimension set of the first metric's shape. */
function publishNow(values: Partial<Record<MetricKey, number>>, dimensions: Dimensions): void {
  const keys = Object.keys(values) as MetricKey[];
  const line = new Metrics(OPTIONS);
  for (const set of METRIC_SHAPES[keys[0]!].dimensionSets) {
    line.addDimensions(Object.fromEntries(set.map((name) => [name, dimensions[name] || 'unknown'])));
  }
  for (const key of keys) line.addMetric(METRIC_NAMES[key], METRIC_SHAPES[key].unit, values[key]!);
  line.publishStoredMetrics();
}

/** Buffered on the one instance until the invocation ends (`logMetrics` flushes it). */
function addToInvocation(key: MetricKey, value: number): void {
  metrics.addMetric(METRIC_NAMES[key], METRIC_SHAPES[key].unit, value);
}

type PurchaseFacts = Pick<TransactionRecord, 'trans_Type' | 'trans_Network'> & { supplier?: string };

const purchaseDimensions = (purchase: PurchaseFacts): Dimensions => ({
  Product: purchase.trans_Type,
  Network: purchase.trans_Network,
  ...(purchase.supplier ? { Supplier: purchase.supplier } : {}),
});

/** A purchase debited and handed to fulfilment (not a replay of one). */
export function countPurchaseAccepted(purchase: PurchaseFacts): void {
  publishNow({ purchaseAccepted: 1 }, purchaseDimensions(purchase));
}

/** A purchase settled by its supplier's verdict: delivered or refunded. */
export function countPurchaseSettled(outcome: 'purchaseDelivered' | 'purchaseRefunded', purchase: PurchaseFacts): void {
  publishNow({ [outcome]: 1 }, purchaseDimensions(purchase));
}

/** A supplier's float crossed into low (the money desk's alarm reads the coarse set). */
export function countFloatLow(supplier: string): void {
  publishNow({ supplierFloatLow: 1 }, { Supplier: supplier });
}

export function countPurchasePending(supplier: string | undefined): void {
  publishNow({ purchasePending: 1 }, { Supplier: supplier });
}

export type SupplierCallOutcome = 'success' | 'failure' | 'pending' | 'timeout';

// The ambiguous answers that were no answer at all (see domain/supplier-outcome.ts, domain/fulfilment.ts).
const NO_ANSWER = new Set(['timeout', 'network_error', 'gateway_error']);

export function supplierCallOutcome(result: Pick<SupplierCallResult, 'outcome' | 'reason'>): SupplierCallOutcome {
  if (result.outcome === 'delivered') return 'success';
  if (result.outcome === 'failed') return 'failure';
  return NO_ANSWER.has(result.reason) ? 'timeout' : 'pending';
}

/** One supplier purchase call: counted, timed, and counted as failed on a definite failure or no answer (the failure-rate alarm). */
export function countSupplierCall(supplier: string, result: Pick<SupplierCallResult, 'outcome' | 'reason'>, elapsedMs: number): void {
  const outcome = supplierCallOutcome(result);
  const failed = outcome === 'failure' || outcome === 'timeout';
  publishNow(
    { supplierCall: 1, supplierCallLatency: Math.round(elapsedMs), ...(failed ? { supplierCallFailed: 1 } : {}) },
    { Supplier: supplier, Outcome: outcome },
  );
}

/** A payment provider's webhook, accepted (signature and content) or refused. */
export function countProviderWebhook(provider: string, accepted: boolean): void {
  publishNow({ [accepted ? 'providerWebhookAccepted' : 'providerWebhookRejected']: 1 }, { Provider: provider });
}

/** A webhook delivery to an API user; `status` is a word from a short fixed list (delivered, failed, …), never a URL or an id. */
export function countWebhookDelivery(status: string): void {
  publishNow({ webhookDelivery: 1 }, { Status: status });
}

export function countPayout(outcome: 'payoutSucceeded' | 'payoutFailed'): void {
  addToInvocation(outcome, 1);
}

/** The sweeper's count of purchases open too long, every run (0 too: the alarm then recovers). */
export function gaugePurchasesOpenTooLong(count: number): void {
  addToInvocation('purchasesOpenTooLong', count);
}

/** The daily tie-out's difference in kobo, every run (0 too: the alarm then recovers). */
export function gaugeTieOutDifference(differenceKobo: number): void {
  addToInvocation('tieOutDifference', Math.abs(differenceKobo));
}
