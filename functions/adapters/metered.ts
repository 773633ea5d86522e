/**
 * Ports that count what they did (adapters/metrics.ts), for the handlers to wire in place of the
 * plain adapters. They count at the write that won: a settlement another delivery or the sweeper
 * made first returns nothing here and is counted once, by whoever made it.
 */
import type { Ledger } from '../domain/wallet/ledger-port.js';
import type { WithdrawalStore } from '../domain/money/money-port.js';
import type {
  AirtimeOrder,
  DataOrder,
  ElectricityOrder,
  BillOrder,
  EpinOrder,
  SupplierCallResult,
  SupplierGateway,
} from '../domain/purchases/suppliers-port.js';
import type { TransactionStore } from '../domain/transactions/transactions-port.js';
import { countPayout, countPurchasePending, countPurchaseSettled, countSupplierCall } from './metrics.js';

/** Delivered and pending purchases, as the store settles them. */
export function meteredSettlements(store: TransactionStore): TransactionStore {
  return {
    ...store,
    async settleSuccess(purchase, input) {
      const settled = await store.settleSuccess(purchase, input);
      if (settled) countPurchaseSettled('purchaseDelivered', settled);
      return settled;
    },
    async markPending(id, attempts, now, supplierReference) {
      const marked = await store.markPending(id, attempts, now, supplierReference);
      if (marked) countPurchasePending(attempts.at(-1)?.supplier);
      return marked;
    },
  };
}

/** Purchases refunded after their supplier failed them (the fulfilment consumer's and the sweeper's refunds). */
export function meteredRefunds(ledger: Ledger): Ledger {
  return {
    ...ledger,
    async refundPurchase(purchaseId, input) {
      const result = await ledger.refundPurchase(purchaseId, input);
      if (result.kind === 'refunded') countPurchaseSettled('purchaseRefunded', result.purchase);
      return result;
    },
  };
}

/** Payouts the provider confirmed, and those it refused or reversed (the user refunded). */
export function meteredPayouts(store: WithdrawalStore): WithdrawalStore {
  return {
    ...store,
    async settleSuccess(id, transferCode, now) {
      const settled = await store.settleSuccess(id, transferCode, now);
      if (settled) countPayout('payoutSucceeded');
      return settled;
    },
    async refund(id, input) {
      const result = await store.refund(id, input);
      if (result.kind === 'refunded') countPayout('payoutFailed');
      return result;
    },
  };
}

/** Each purchase call to the supplier timed and counted by outcome; re-queries and meter checks pass through. */
export function meteredGateway(gateway: SupplierGateway, clock: () => number = () => performance.now()): SupplierGateway {
  const timed =
    <Order>(call: (order: Order) => Promise<SupplierCallResult>) =>
    async (order: Order): Promise<SupplierCallResult> => {
      const started = clock();
      try {
        const result = await call(order);
        countSupplierCall(gateway.name, result, clock() - started);
        return result;
      } catch (error) {
        countSupplierCall(gateway.name, { outcome: 'ambiguous', reason: 'gateway_error' }, clock() - started);
        throw error;
      }
    };
  const { buyElectricity, verifyMeter, buyBill, verifyBiller, buyEpins, balance, history } = gateway;
  return {
    name: gateway.name,
    ...(gateway.protocol ? { protocol: gateway.protocol } : {}),
    buyAirtime: timed((order: AirtimeOrder) => gateway.buyAirtime(order)),
    buyData: timed((order: DataOrder) => gateway.buyData(order)),
    requery: (key) => gateway.requery(key),
    ...(verifyMeter ? { verifyMeter: (query) => verifyMeter.call(gateway, query) } : {}),
    ...(buyElectricity ? { buyElectricity: timed((order: ElectricityOrder) => buyElectricity.call(gateway, order)) } : {}),
    ...(verifyBiller ? { verifyBiller: (query) => verifyBiller.call(gateway, query) } : {}),
    ...(buyBill ? { buyBill: timed((order: BillOrder) => buyBill.call(gateway, order)) } : {}),
    ...(buyEpins ? { buyEpins: timed((order: EpinOrder) => buyEpins.call(gateway, order)) } : {}),
    // The money desk's float poll and reconciliation listing pass through untimed (not purchase calls).
    ...(balance ? { balance: () => balance.call(gateway) } : {}),
    ...(history ? { history: (day: string, cursor?: string) => history.call(gateway, day, cursor) } : {}),
  };
}
