/**
 * An e-PIN panel of the SubAndGain / Boompei family (integrations.md, "Recharge card PINs"), so every
 * path of a recharge-card purchase is reachable locally. One call:
 *
 *   GET /api/epin.php?username=&apiKey=&network=MTN|Glo|Airtel|9MOBILE&denomination=100|200|500|1000&name=&quantity=
 *   → {status: "Approved", transaction_id, network, denomination, quantity, bundle: [{token, serial}, …], balance}
 *   or {error: "ERR20x", description}
 *
 * The business name decides the outcome (a word in it, any case), so a person can try each by hand:
 *
 *   ERR201   bad credentials (also for a wrong username or apiKey, as the real panel)
 *   ERR203   the account's balance is too low (also when its float really is)
 *   ERR205   quantity not available
 *   ERR206   order not processed
 *   PARTIAL  approved with half the PINs ordered (rounded down, at least 1): fewer than ordered
 *   TIMEOUT  the PINs are issued and the float charged, but the answer is held ~30 s (or until the
 *            client gives up): the lost answer; the panel has no re-query call to ask about it
 *   anything else: approved with every PIN
 *
 * Local-only endpoints, as the other supplier simulators: `GET /calls[?name=]` (every order, and with
 * `name` the panel's records for that business name, PINs included — what the panel "issued") and
 * `POST /control {"forceOutcome": "ERR201" | "ERR203" | "ERR205" | "ERR206" | "partial" | "timeout" | null}`
 * to force one outcome for every order. State persists in one JSON file.
 */
import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../util.js';
import { PersistentState } from './provider-common.js';

export const EPIN_FORCED_OUTCOMES = ['ERR201', 'ERR203', 'ERR205', 'ERR206', 'partial', 'timeout'] as const;
export type EpinForcedOutcome = (typeof EPIN_FORCED_OUTCOMES)[number];
type Outcome = EpinForcedOutcome | 'approved';

const ERRORS: Record<'ERR201' | 'ERR203' | 'ERR205' | 'ERR206', string> = {
  ERR201: 'Invalid Username or Api Key',
  ERR203: 'Insufficient Balance',
  ERR205: 'Quantity not available',
  ERR206: 'Order Not Processed',
};

const NETWORKS = ['MTN', 'Glo', 'Airtel', '9MOBILE'];
const DENOMINATIONS = [100, 200, 500, 1000];
/** What the panel charges its account per card, as a share of face value. */
const PANEL_SHARE = 0.97;

export interface EpinPanelRecord {
  transaction_id: string;
  at: string;
  network: string;
  denomination: number;
  quantity: number;
  name: string;
  outcome: Outcome;
  bundle: { token: string; serial: string }[];
  /** What the account's float paid, in kobo. */
  chargedKobo: number;
}

interface EpinPanelCall {
  at: string;
  name: string | null;
  quantity: number | null;
  answer: number | 'held';
  error?: string;
}

interface EpinPanelState {
  balanceKobo: number;
  orders: EpinPanelRecord[];
  calls: EpinPanelCall[];
  forceOutcome: EpinForcedOutcome | null;
}

export interface EpinPanelSimulatorOptions {
  username: string;
  apiKey: string;
  stateFile?: string;
  /** How long a lost answer is held before it is sent anyway (default 30 s). */
  holdMs?: number;
  startingBalanceKobo?: number;
}

/** A business name's outcome word, if it carries one. */
export function epinNameOutcome(name: string): Outcome {
  const upper = name.toUpperCase();
  for (const code of ['ERR201', 'ERR203', 'ERR205', 'ERR206'] as const) if (upper.includes(code)) return code;
  if (/\bPARTIAL\b/.test(upper)) return 'partial';
  if (/\bTIMEOUT\b/.test(upper)) return 'timeout';
  return 'approved';
}

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

export class EpinPanelSimulator {
  private readonly store: PersistentState<EpinPanelState>;
  private readonly held = new Set<{ res: ServerResponse; timer: NodeJS.Timeout }>();

  constructor(private readonly options: EpinPanelSimulatorOptions) {
    this.store = new PersistentState<EpinPanelState>(options.stateFile, () => ({
      balanceKobo: options.startingBalanceKobo ?? 5_000_000_00,
      orders: [],
      calls: [],
      forceOutcome: null,
    }));
  }

  private get state(): EpinPanelState {
    return this.store.value;
  }

  close(): void {
    for (const hold of this.held) {
      clearTimeout(hold.timer);
      hold.res.destroy();
    }
    this.held.clear();
    this.store.flush();
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const method = req.method ?? 'GET';
    if (path === '/calls' && method === 'GET') {
      const name = query.get('name');
      sendJson(res, 200, {
        supplier: 'EPINPANEL',
        count: this.state.calls.length,
        balance: this.state.balanceKobo / 100,
        calls: name === null ? this.state.calls : this.state.calls.filter((call) => call.name === name),
        ...(name === null ? {} : { transactions: this.state.orders.filter((order) => order.name === name) }),
      });
      return;
    }
    if (path === '/control' && method === 'POST') {
      let body: { forceOutcome?: unknown };
      try {
        body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8') || '{}');
      } catch {
        sendJson(res, 400, { error: 'Invalid JSON' });
        return;
      }
      const force = body.forceOutcome ?? null;
      if (force !== null && !(EPIN_FORCED_OUTCOMES as readonly unknown[]).includes(force)) {
        sendJson(res, 400, { error: `forceOutcome must be one of ${EPIN_FORCED_OUTCOMES.join(', ')} or null` });
        return;
      }
      this.state.forceOutcome = force as EpinForcedOutcome | null;
      this.store.save();
      sendJson(res, 200, { supplier: 'EPINPANEL', forceOutcome: force });
      return;
    }
    if (path !== '/api/epin.php' || method !== 'GET') {
      req.resume();
      sendJson(res, 404, { error: 'ERR404', description: 'Not found' });
      return;
    }
    req.resume();
    this.order(res, query);
  }

  private order(res: ServerResponse, query: URLSearchParams): void {
    const name = query.get('name')?.trim() ?? '';
    const quantity = Number(query.get('quantity'));
    const call: EpinPanelCall = { at: new Date().toISOString(), name: name || null, quantity: Number.isFinite(quantity) ? quantity : null, answer: 200 };
    this.state.calls.push(call);
    const refuse = (code: keyof typeof ERRORS | 'ERR200') => {
      call.error = code;
      this.store.save();
      sendJson(res, 200, { error: code, description: code === 'ERR200' ? 'Username Field Is Empty' : ERRORS[code] });
    };
    if (!query.get('username')) return refuse('ERR200');
    if (query.get('username') !== this.options.username || query.get('apiKey') !== this.options.apiKey) return refuse('ERR201');
    const network = NETWORKS.find((n) => n.toLowerCase() === (query.get('network') ?? '').toLowerCase());
    const denomination = Number(query.get('denomination'));
    if (!network || !DENOMINATIONS.includes(denomination) || !Number.isSafeInteger(quantity) || quantity < 1 || quantity > 100 || !name) {
      return refuse('ERR206');
    }
    const outcome = this.state.forceOutcome ?? epinNameOutcome(name);
    if (outcome === 'ERR201' || outcome === 'ERR203' || outcome === 'ERR205' || outcome === 'ERR206') return refuse(outcome);
    const issued = outcome === 'partial' ? Math.max(1, Math.floor(quantity / 2)) : quantity;
    const chargedKobo = Math.round(denomination * 100 * PANEL_SHARE) * issued;
    // The float runs dry as a real one does: nothing is issued then.
    if (chargedKobo > this.state.balanceKobo) return refuse('ERR203');
    this.state.balanceKobo -= chargedKobo;
    const record: EpinPanelRecord = {
      transaction_id: `epn${digits(10)}`,
      at: call.at,
      network,
      denomination,
      quantity,
      name,
      outcome,
      bundle: Array.from({ length: issued }, () => ({
        token: `${digits(4)}-${digits(4)}-${digits(4)}-${digits(5)}`,
        serial: `000000${digits(11)}`,
      })),
      chargedKobo,
    };
    this.state.orders.push(record);
    const body = {
      status: 'Approved',
      transaction_id: record.transaction_id,
      network,
      denomination: String(denomination),
      quantity: String(quantity),
      bundle: record.bundle,
      balance: String(this.state.balanceKobo / 100),
    };
    if (outcome === 'timeout') {
      // Issued and charged, but the answer is held until the client gives up (or the hold ends).
      call.answer = 'held';
      this.store.save();
      const hold = {
        res,
        timer: setTimeout(() => {
          this.held.delete(hold);
          if (!res.destroyed) sendJson(res, 200, body);
        }, this.options.holdMs ?? 30_000),
      };
      this.held.add(hold);
      res.on('close', () => {
        clearTimeout(hold.timer);
        this.held.delete(hold);
      });
      return;
    }
    this.store.save();
    sendJson(res, 200, body);
  }
}
