/** Ports for handing work off the request path. */
import type { TransactionSettled } from '../../shared/events.js';

export interface FulfilmentQueue {
  /** Asks the fulfilment consumer to deliver (or finish) a purchase. Throws if not accepted. */
  enqueue(transactionId: string): Promise<void>;
}

export interface SettlementPublisher {
  /** Publishes TransactionSettled on the bus. Throws if not accepted. */
  transactionSettled(detail: TransactionSettled): Promise<void>;
}
