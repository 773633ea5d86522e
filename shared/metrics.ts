/**
 * The platform's custom CloudWatch metrics: one source of truth for the functions that emit them
 * (Powertools Metrics, EMF log lines) and for the stack's alarms and dashboard that read them.
 * An alarm only sees a metric published under exactly the namespace, name and dimension set below,
 * so emitters use these constants rather than spelling names again.
 *
 * Every metric carries the Powertools default dimension `service` (POWERTOOLS_SERVICE_NAME).
 * Dimension values are few by construction (products, networks, suppliers, providers, outcomes):
 * never a user, phone number or transaction id, which would make every value a metric of its own.
 */
export const METRICS_NAMESPACE = 'VtuPlatform';
/** The `service` dimension every function publishes with (its POWERTOOLS_SERVICE_NAME). */
export const METRICS_SERVICE = 'vtu-platform';

export const METRIC_DIMENSIONS = {
  service: 'service',
  supplier: 'Supplier',
  /** airtime, data or electricity. */
  product: 'Product',
  /** The purchase's network (MTN, GLO, AIRTEL, 9MOBILE), or its electricity company. */
  network: 'Network',
  /** A supplier call's outcome: success, failure, pending or timeout. */
  outcome: 'Outcome',
  /** The payment provider that sent a webhook: squad, monnify, paystack or vtpass. */
  provider: 'Provider',
  /** A webhook delivery to an API user: its status word (delivered, failed, …). */
  status: 'Status',
} as const;
export type MetricDimension = Exclude<(typeof METRIC_DIMENSIONS)[keyof typeof METRIC_DIMENSIONS], 'service'>;

export const METRIC_NAMES = {
  /** A purchase debited and queued for fulfilment, at the purchase request (Count). */
  purchaseAccepted: 'PurchaseAccepted',
  /** A purchase the supplier delivered (Count). */
  purchaseDelivered: 'PurchaseDelivered',
  /** A purchase refunded after the supplier failed it (Count). */
  purchaseRefunded: 'PurchaseRefunded',
  /** A purchase the supplier answered ambiguously: it waits for a re-query (Count). */
  purchasePending: 'PurchasePending',
  /** A supplier call that ended in a definite failure or no answer (Count). */
  supplierCallFailed: 'SupplierCallFailed',
  /** Every supplier purchase call, whatever its outcome (Count). */
  supplierCall: 'SupplierCall',
  /** How long a supplier purchase call took (Milliseconds). */
  supplierCallLatency: 'SupplierCallLatency',
  /** A payout the provider confirmed paid (Count). */
  payoutSucceeded: 'PayoutSucceeded',
  /** A payout the provider rejected or reversed (Count). */
  payoutFailed: 'PayoutFailed',
  /** Purchases still open (not success/refunded) longer than PURCHASE_OPEN_TOO_LONG_MINUTES, counted by the sweeper each run (Count, a gauge: read its Maximum). */
  purchasesOpenTooLong: 'PurchasesOpenTooLong',
  /** A payment provider's webhook whose signature and content were accepted (Count). */
  providerWebhookAccepted: 'ProviderWebhookAccepted',
  /** A payment provider's webhook refused (bad signature or content) (Count). */
  providerWebhookRejected: 'ProviderWebhookRejected',
  /** A TransactionSettled webhook delivery to an API user, by its status (Count). */
  webhookDelivery: 'WebhookDelivery',
  /** A supplier's float crossed into low (its balance or hours left under the admin's threshold), once per crossing (Count). */
  supplierFloatLow: 'SupplierFloatLow',
  /** The daily tie-out's difference, |Σ wallets + house − (money in − money out)| in kobo: 0 when the books tie out (a gauge: read its Maximum). */
  tieOutDifference: 'TieOutDifference',
} as const;
export type MetricKey = keyof typeof METRIC_NAMES;

export type MetricUnitName = 'Count' | 'Milliseconds';

/**
 * Each metric's unit and the dimension sets it is published under (besides `service`, which every
 * set has). The first set is the coarse one the alarms and the dashboard read; a further set adds
 * the breakdown (EMF publishes one line under every set at once, so both always agree).
 */
export const METRIC_SHAPES: Record<MetricKey, { unit: MetricUnitName; dimensionSets: readonly (readonly MetricDimension[])[] }> = {
  purchaseAccepted: { unit: 'Count', dimensionSets: [[], ['Product', 'Network']] },
  purchaseDelivered: { unit: 'Count', dimensionSets: [['Supplier'], ['Supplier', 'Product', 'Network']] },
  purchaseRefunded: { unit: 'Count', dimensionSets: [['Supplier'], ['Supplier', 'Product', 'Network']] },
  purchasePending: { unit: 'Count', dimensionSets: [['Supplier']] },
  supplierCall: { unit: 'Count', dimensionSets: [['Supplier'], ['Supplier', 'Outcome']] },
  supplierCallFailed: { unit: 'Count', dimensionSets: [['Supplier'], ['Supplier', 'Outcome']] },
  supplierCallLatency: { unit: 'Milliseconds', dimensionSets: [['Supplier'], ['Supplier', 'Outcome']] },
  payoutSucceeded: { unit: 'Count', dimensionSets: [[]] },
  payoutFailed: { unit: 'Count', dimensionSets: [[]] },
  purchasesOpenTooLong: { unit: 'Count', dimensionSets: [[]] },
  providerWebhookAccepted: { unit: 'Count', dimensionSets: [[], ['Provider']] },
  providerWebhookRejected: { unit: 'Count', dimensionSets: [[], ['Provider']] },
  webhookDelivery: { unit: 'Count', dimensionSets: [['Status']] },
  supplierFloatLow: { unit: 'Count', dimensionSets: [[], ['Supplier']] },
  tieOutDifference: { unit: 'Count', dimensionSets: [[]] },
};

/** A purchase open longer than this is "stuck": the dashboard shows them and an alarm fires. */
export const PURCHASE_OPEN_TOO_LONG_MINUTES = 10;
