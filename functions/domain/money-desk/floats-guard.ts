/**
 * A supplier gateway seen through its float (a decorator of the suppliers port, so fulfilment's
 * failover does the routing and knows nothing of floats):
 *  - before a purchase call, a supplier whose known float cannot cover the purchase is not called:
 *    the call answers a definite failure (`float_too_low`), so fulfilment records the attempt and
 *    hands the purchase to the next supplier for the network (refunding only when none is left,
 *    which is right: nobody was asked to deliver). After a top-up is observed it is called again;
 *  - nothing is written here: the balance an answer carried and each submission to a supplier's day
 *    are read from the purchase's own changes on the table's stream (books-from-stream.ts, decision
 *    135), off fulfilment's path; the schedule's poll judges the level and alerts.
 * Re-queries, checks and anything else pass through unchanged.
 */
import type { Kobo } from '../../../shared/money.js';
import { canCover } from './floats.js';
import type { FloatState } from './floats-port.js';
import type { SupplierCallResult, SupplierDirectory, SupplierGateway } from '../purchases/suppliers-port.js';

export const FLOAT_TOO_LOW = 'float_too_low';

export interface FloatGuardDeps {
  /** The float as last recorded; it may be a few seconds old unless `fresh` asks for a read of the store. */
  knownFloat(supplier: string, fresh?: boolean): Promise<FloatState | undefined>;
  /** Trouble reading the float never stops a purchase: it is logged. */
  warn(message: string, facts: Record<string, unknown>): void;
}

/**
 * What the supplier will take for an order: its face value or amount (an upper bound of its cost:
 * suppliers sell at a discount), a data order's plan cost, recharge cards' denomination × quantity.
 */
export function orderCostKobo(order: Record<string, unknown>): Kobo {
  const kobo = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  const pins =
    kobo(order.denominationNaira) !== undefined && kobo(order.quantity) !== undefined
      ? Math.round((order.denominationNaira as number) * 100 * (order.quantity as number))
      : undefined;
  // A data order is checked against its plan's cost; only one without a known cost (none recorded) is
  // let through by any float above zero, and the supplier's answer decides.
  return kobo(order.faceValueKobo) ?? kobo(order.amountKobo) ?? kobo(order.costKobo) ?? pins ?? 1;
}

function skipped(supplier: string, order: Record<string, unknown>, known: FloatState, costKobo: Kobo): SupplierCallResult {
  return {
    supplier,
    outcome: 'failed',
    reason: FLOAT_TOO_LOW,
    request: { requestId: order.requestId, skipped: 'float_too_low' },
    response: { knownBalanceKobo: known.balanceKobo, observedAt: known.observedAt, costKobo },
  };
}

type Buy = (order: Record<string, unknown>) => Promise<SupplierCallResult>;

export function floatGuardedGateway(gateway: SupplierGateway, deps: FloatGuardDeps): SupplierGateway {
  /**
   * A skip only on a known float that cannot cover the order. Any trouble reading or judging it
   * calls the supplier: a guard that threw here would leave the purchase open with nobody asked.
   */
  const skipFor = async (order: Record<string, unknown>): Promise<SupplierCallResult | undefined> => {
    try {
      const costKobo = orderCostKobo(order);
      const cached = await deps.knownFloat(gateway.name);
      if (!cached || canCover(cached, costKobo)) return undefined;
      // A skip is never decided on a cached figure: a top-up recorded since then must count.
      const known = await deps.knownFloat(gateway.name, true);
      return known && !canCover(known, costKobo) ? skipped(gateway.name, order, known, costKobo) : undefined;
    } catch (error) {
      deps.warn('float unreadable; the supplier is called', { supplier: gateway.name, requestId: order.requestId, error: String(error) });
      return undefined;
    }
  };

  const guard = (buy: Buy): Buy => {
    return async (order) => (await skipFor(order)) ?? buy(order);
  };
  return new Proxy(gateway, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      const bound = value.bind(target);
      return typeof property === 'string' && property.startsWith('buy') ? guard(bound as Buy) : bound;
    },
  });
}

/** Every gateway the directory hands out, guarded by its float. */
export function floatGuardedDirectory(directory: SupplierDirectory, deps: FloatGuardDeps): SupplierDirectory {
  const guarded = new WeakMap<SupplierGateway, SupplierGateway>();
  const wrap = (gateway: SupplierGateway) => {
    const known = guarded.get(gateway);
    if (known) return known;
    const wrapped = floatGuardedGateway(gateway, deps);
    guarded.set(gateway, wrapped);
    return wrapped;
  };
  return new Proxy(directory, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const answer = await value.apply(target, args);
        if (Array.isArray(answer)) return answer.map(wrap);
        return answer && typeof answer === 'object' && 'name' in answer ? wrap(answer as SupplierGateway) : answer;
      };
    },
  });
}
