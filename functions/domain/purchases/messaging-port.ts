/** Ports for handing work off the request path. */
import type { TransactionSettled } from '../../../shared/events.js';
import type { SupplierProtocol } from './suppliers-port.js';

export interface FulfilmentQueue {
  /**
   * Asks the fulfilment consumer to deliver (or finish) a purchase; with `recheck`, to re-query it at
   * its supplier of that protocol (which pushed news about it). Throws if not accepted.
   */
  enqueue(transactionId: string, options?: { recheck?: SupplierProtocol; purchase?: { type: string; network: string } }): Promise<void>;
}

export interface SettlementPublisher {
  /** Publishes TransactionSettled on the bus. Throws if not accepted. */
  transactionSettled(detail: TransactionSettled): Promise<void>;
}
