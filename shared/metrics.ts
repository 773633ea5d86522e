/**
 * The platform's custom CloudWatch metrics: one source of truth for the functions that emit them
 * (Powertools Metrics, EMF log lines) and for the stack's alarms and dashboard that read them.
 * An alarm only sees a metric published under exactly the namespace, name and dimension set below,
 * so emitters use these constants rather than spelling names again.
 *
 * Every metric carries the Powertools default dimension `service` (POWERTOOLS_SERVICE_NAME).
 */
export const METRICS_NAMESPACE = 'VtuPlatform';
/** The `service` dimension every function publishes with (its POWERTOOLS_SERVICE_NAME). */
export const METRICS_SERVICE = 'vtu-platform';

export const METRIC_DIMENSIONS = {
  service: 'service',
  supplier: 'Supplier',
  product: 'Product',
  network: 'Network',
} as const;

export const METRIC_NAMES = {
  /** A purchase debited and queued for fulfilment (Count). Dimensions: service. */
  purchaseAccepted: 'PurchaseAccepted',
  /** A purchase the supplier delivered (Count). Dimensions: service, Supplier. */
  purchaseDelivered: 'PurchaseDelivered',
  /** A purchase refunded after the supplier failed it (Count). Dimensions: service, Supplier. */
  purchaseRefunded: 'PurchaseRefunded',
  /** A supplier call that ended in a definite failure or no answer (Count). Dimensions: service, Supplier. */
  supplierCallFailed: 'SupplierCallFailed',
  /** Every supplier purchase call, whatever its outcome (Count). Dimensions: service, Supplier. */
  supplierCall: 'SupplierCall',
  /** A payout the provider rejected or reversed (Count). Dimensions: service. */
  payoutFailed: 'PayoutFailed',
  /** Purchases still open (not success/refunded) longer than PURCHASE_OPEN_TOO_LONG_MINUTES, counted by the sweeper each run (Count, a gauge: read its Maximum). Dimensions: service. */
  purchasesOpenTooLong: 'PurchasesOpenTooLong',
} as const;

/** A purchase open longer than this is "stuck": the dashboard shows them and an alarm fires. */
export const PURCHASE_OPEN_TOO_LONG_MINUTES = 10;
