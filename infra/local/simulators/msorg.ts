/**
 * A supplier panel of the "MSORG" family (Gladtidings, Husmodata, ... see integrations.md), so
 * every purchase path is reachable locally. The phone number decides the outcome:
 *
 *   08011111111  delivered at once ("successful")
 *   08022222222  definite failure: HTTP 400 {"error":["Transaction failed"],"Status":"failed"}
 *   08033333333  "processing", then "successful" on re-query
 *   08044444444  "processing", then "failed" on re-query (the panel refunds itself)
 *   08055555555  delivered, but the answer is held ~30 s (or until the client gives up) → a timeout;
 *                re-query says "successful"
 *   anything else (valid)  "successful"
 *
 * Our platform sends its own transaction id as `request_id`; a repeated request_id never delivers
 * twice (the existing record is the answer) and `GET /api/data/<id>` accepts it as well as the
 * panel's own id, so a purchase whose answer was lost can still be re-queried.
 *
 * Besides the panel API (token-protected, as the real one) each instance has two local-only
 * endpoints: `GET /calls[?requestId=]` (how often each request_id was POSTed — "the supplier was
 * called exactly once") and `POST /control {"forceOutcome": ...}` to force an outcome for every
 * number (successful | failed | processing | processing-then-failed | timeout | error | null).
 * State persists in one JSON file per instance.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { readBody, sendJson } from '../util.js';

export type MsorgStatus = 'successful' | 'processing' | 'pending' | 'failed';
export type ForcedOutcome = 'successful' | 'failed' | 'processing' | 'processing-then-failed' | 'timeout' | 'error';
const FORCED_OUTCOMES: ForcedOutcome[] = ['successful', 'failed', 'processing', 'processing-then-failed', 'timeout', 'error'];

/** The magic phone numbers of the simulator (shared with tests and the README table). */
export const SIM_NUMBERS = {
  success: '08011111111',
  failure: '08022222222',
  processingThenSuccess: '08033333333',
  processingThenFailure: '08044444444',
  timeoutDelivered: '08055555555',
} as const;

export interface MsorgRecord {
  id: number;
  ident: string;
  kind: 'topup' | 'data';
  network: number;
  mobile_number: string;
  plan: number | null;
  plan_name: string | null;
  plan_amount: string;
  amount: string;
  balance_before: string;
  balance_after: string;
  Status: MsorgStatus;
  api_response: string;
  create_date: string;
  Ported_number: boolean;
  airtime_type?: string;
  request_id: string | null;
  /** What a re-query turns a "processing" record into (simulator bookkeeping, not sent). */
  settlesAs?: 'successful' | 'failed';
  /** Amount charged to the account in kobo (bookkeeping for refunds, not sent). */
  chargedKobo: number;
}

export interface SimCall {
  at: string;
  method: string;
  path: string;
  requestId: string | null;
  mobileNumber: string | null;
  /** HTTP status answered, or "held" for a response that was held back. */
  answer: number | 'held';
}

interface MsorgState {
  nextId: number;
  balanceKobo: number;
  transactions: MsorgRecord[];
  /** POSTs of a purchase per request_id, duplicates included. */
  purchasesByRequestId: Record<string, number>;
  purchaseCount: number;
  calls: SimCall[];
  forceOutcome: ForcedOutcome | null;
}

export interface MsorgSimulatorOptions {
  name: string;
  token: string;
  /** The panel's own network ids (they differ between panels). */
  networkIds: Record<string, number>;
  /** Where state is persisted; in memory when omitted. */
  stateFile?: string;
  /** How long a "no answer" response is held before it is sent anyway (default 30 s). */
  holdMs?: number;
  startingBalanceKobo?: number;
}

const MAX_CALL_LOG = 5_000;
/** Data plans offered on every network: id → [name, price in naira]. */
const DATA_PLANS: Record<number, [string, number]> = {
  1: ['500MB', 140],
  2: ['1.0GB', 260],
  3: ['2.0GB', 520],
  4: ['5.0GB', 1300],
  5: ['10.0GB', 2600],
};

const naira = (kobo: number) => (kobo / 100).toFixed(2);

export class MsorgSimulator {
  readonly name: string;
  private state: MsorgState;
  private readonly held = new Set<{ timer: NodeJS.Timeout; res: ServerResponse }>();
  private readonly networkNames: Map<number, string>;

  constructor(private readonly options: MsorgSimulatorOptions) {
    this.name = options.name;
    this.networkNames = new Map(Object.entries(options.networkIds).map(([name, id]) => [id, name]));
    this.state = this.load();
  }

  private load(): MsorgState {
    const fresh: MsorgState = {
      nextId: 1000,
      balanceKobo: this.options.startingBalanceKobo ?? 1_000_000_00,
      transactions: [],
      purchasesByRequestId: {},
      purchaseCount: 0,
      calls: [],
      forceOutcome: null,
    };
    const file = this.options.stateFile;
    if (!file || !existsSync(file)) return fresh;
    return { ...fresh, ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<MsorgState>) };
  }

  private save(): void {
    const file = this.options.stateFile;
    if (!file) return;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(`${file}.tmp`, JSON.stringify(this.state));
    renameSync(`${file}.tmp`, file);
  }

  get balanceKobo(): number {
    return this.state.balanceKobo;
  }

  /** Answers anything still held back and forgets the timers (shutdown). */
  close(): void {
    for (const hold of this.held) {
      clearTimeout(hold.timer);
      hold.res.destroy();
    }
    this.held.clear();
  }

  private record(call: Omit<SimCall, 'at'>): void {
    this.state.calls.push({ at: new Date().toISOString(), ...call });
    if (this.state.calls.length > MAX_CALL_LOG) this.state.calls.splice(0, this.state.calls.length - MAX_CALL_LOG);
  }

  callsReport(requestId?: string): { supplier: string; count: number; byRequestId: Record<string, number>; calls: SimCall[] } {
    const byRequestId = requestId === undefined ? { ...this.state.purchasesByRequestId } : { [requestId]: this.state.purchasesByRequestId[requestId] ?? 0 };
    return {
      supplier: this.name,
      count: requestId === undefined ? this.state.purchaseCount : (this.state.purchasesByRequestId[requestId] ?? 0),
      byRequestId,
      calls: requestId === undefined ? this.state.calls : this.state.calls.filter((c) => c.requestId === requestId),
    };
  }

  /** Public view of a record (without the simulator's bookkeeping). */
  private view(record: MsorgRecord): Record<string, unknown> {
    const { settlesAs: _settles, chargedKobo: _charged, kind: _kind, ...rest } = record;
    return rest;
  }

  /**
   * Handles a request whose path is relative to this panel's base URL (`/api/topup/`, `/calls`...).
   */
  async handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const method = req.method ?? 'GET';
    if (path === '/calls' && method === 'GET') {
      sendJson(res, 200, this.callsReport(query.get('requestId') ?? undefined));
      return;
    }
    if (path === '/control' && method === 'POST') {
      let body: any;
      try {
        body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8') || '{}');
      } catch {
        sendJson(res, 400, { error: ['Invalid JSON'] });
        return;
      }
      const force = body.forceOutcome ?? null;
      if (force !== null && !FORCED_OUTCOMES.includes(force)) {
        sendJson(res, 400, { error: [`forceOutcome must be one of ${FORCED_OUTCOMES.join(', ')} or null`] });
        return;
      }
      this.state.forceOutcome = force;
      this.save();
      sendJson(res, 200, { supplier: this.name, forceOutcome: force });
      return;
    }

    if (!path.startsWith('/api/')) {
      sendJson(res, 404, { detail: 'Not found.' });
      return;
    }
    const auth = String(req.headers.authorization ?? '');
    if (auth !== `Token ${this.options.token}`) {
      this.record({ method, path, requestId: null, mobileNumber: null, answer: 401 });
      sendJson(res, 401, { detail: auth ? 'Invalid token.' : 'Authentication credentials were not provided.' });
      return;
    }

    if (method === 'GET' && (path === '/api/user/' || path === '/api/user')) {
      sendJson(res, 200, {
        user: { username: this.name.toLowerCase(), email: `${this.name.toLowerCase()}@panel.local`, Account_Balance: Number(naira(this.state.balanceKobo)) },
        Dataplans: Object.fromEntries(
          [...this.networkNames.entries()].map(([id, network]) => [
            `${network}_PLAN`,
            Object.entries(DATA_PLANS).map(([planId, [size, price]]) => ({ dataplan_id: Number(planId), network: id, plan_network: network, plan: size, plan_amount: price.toFixed(2), month_validate: '30 days' })),
          ]),
        ),
      });
      return;
    }

    const requery = /^\/api\/(data|topup)\/([^/]+)\/?$/.exec(path);
    if (method === 'GET' && requery) {
      this.requery(res, decodeURIComponent(requery[2]!), method, path);
      return;
    }

    if (method === 'POST' && (path === '/api/topup/' || path === '/api/data/')) {
      await this.purchase(req, res, path === '/api/topup/' ? 'topup' : 'data', path);
      return;
    }
    sendJson(res, 404, { detail: 'Not found.' });
  }

  private requery(res: ServerResponse, id: string, method: string, path: string): void {
    const record = this.state.transactions.find((t) => String(t.id) === id || t.request_id === id || t.ident === id);
    this.record({ method, path, requestId: record?.request_id ?? id, mobileNumber: record?.mobile_number ?? null, answer: record ? 200 : 404 });
    if (!record) {
      this.save();
      sendJson(res, 404, { detail: 'Not found.' });
      return;
    }
    if (record.Status === 'processing' && record.settlesAs) {
      // The first re-query finds the purchase settled.
      if (record.settlesAs === 'failed') {
        this.state.balanceKobo += record.chargedKobo;
        record.balance_after = naira(this.state.balanceKobo);
        record.api_response = `Transaction to ${record.mobile_number} failed and was reversed`;
      } else {
        record.api_response = deliveredMessage(record);
      }
      record.Status = record.settlesAs;
      delete record.settlesAs;
    }
    this.save();
    sendJson(res, 200, this.view(record));
  }

  private async purchase(req: IncomingMessage, res: ServerResponse, kind: 'topup' | 'data', path: string): Promise<void> {
    let body: any;
    try {
      body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8') || '{}');
    } catch {
      this.record({ method: 'POST', path, requestId: null, mobileNumber: null, answer: 400 });
      this.save();
      sendJson(res, 400, { error: ['Invalid JSON'] });
      return;
    }
    const requestId = body.request_id === undefined || body.request_id === null || body.request_id === '' ? null : String(body.request_id);
    const mobile = typeof body.mobile_number === 'string' ? body.mobile_number : body.mobile_number === undefined ? '' : String(body.mobile_number);
    this.state.purchaseCount += 1;
    if (requestId) this.state.purchasesByRequestId[requestId] = (this.state.purchasesByRequestId[requestId] ?? 0) + 1;
    const answer = (status: number | 'held') => this.record({ method: 'POST', path, requestId, mobileNumber: mobile || null, answer: status });
    const reject = (message: string) => {
      answer(400);
      this.save();
      sendJson(res, 400, { error: [message] });
    };

    // A repeated request_id is answered with the record it already made: never a second delivery.
    const existing = requestId ? this.state.transactions.find((t) => t.request_id === requestId) : undefined;
    if (existing) {
      if (existing.Status === 'failed' && existing.chargedKobo === 0) {
        answer(400);
        this.save();
        sendJson(res, 400, { error: ['Transaction failed'], Status: 'failed' });
        return;
      }
      answer(200);
      this.save();
      sendJson(res, 200, this.view(existing));
      return;
    }

    const network = Number(body.network);
    if (!this.networkNames.has(network)) return reject('Invalid network');
    if (!/^0\d{10}$/.test(mobile)) return reject('Invalid mobile number');
    let amountKobo: number;
    let plan: number | null = null;
    let planName: string | null = null;
    if (kind === 'topup') {
      const amountNaira = Number(body.amount);
      if (!Number.isFinite(amountNaira) || amountNaira <= 0) return reject('Invalid amount');
      if (body.airtime_type !== undefined && body.airtime_type !== 'VTU') return reject('Invalid airtime type');
      amountKobo = Math.round(amountNaira * 100);
      planName = String(body.amount);
    } else {
      plan = Number(body.plan);
      if (!Number.isInteger(plan) || plan <= 0) return reject('Invalid plan');
      const [size, price] = DATA_PLANS[plan] ?? [`plan ${plan}`, 100];
      amountKobo = price * 100;
      planName = size;
    }
    if (amountKobo > this.state.balanceKobo) return reject('Insufficient balance');

    const force = this.state.forceOutcome;
    const outcome: ForcedOutcome =
      force ??
      (mobile === SIM_NUMBERS.failure
        ? 'failed'
        : mobile === SIM_NUMBERS.processingThenSuccess
          ? 'processing'
          : mobile === SIM_NUMBERS.processingThenFailure
            ? 'processing-then-failed'
            : mobile === SIM_NUMBERS.timeoutDelivered
              ? 'timeout'
              : 'successful');

    if (outcome === 'error') {
      // A 5xx before anything was recorded: ambiguous for the caller, nothing delivered here.
      answer(500);
      this.save();
      sendJson(res, 500, { error: ['Internal server error'] });
      return;
    }

    const before = this.state.balanceKobo;
    const charged = outcome === 'failed' ? 0 : amountKobo;
    this.state.balanceKobo -= charged;
    const record: MsorgRecord = {
      id: this.state.nextId++,
      ident: `${kind === 'topup' ? 'Airtime' : 'Data'}${randomBytes(6).toString('hex')}`,
      kind,
      network,
      mobile_number: mobile,
      plan,
      plan_name: planName,
      plan_amount: naira(amountKobo),
      amount: naira(amountKobo),
      balance_before: naira(before),
      balance_after: naira(this.state.balanceKobo),
      Status: outcome === 'processing' || outcome === 'processing-then-failed' ? 'processing' : outcome === 'failed' ? 'failed' : 'successful',
      api_response: '',
      create_date: new Date().toISOString(),
      Ported_number: body.Ported_number === true || body.Ported_number === 'true',
      ...(kind === 'topup' ? { airtime_type: 'VTU' } : {}),
      request_id: requestId,
      chargedKobo: charged,
      ...(outcome === 'processing' ? { settlesAs: 'successful' as const } : {}),
      ...(outcome === 'processing-then-failed' ? { settlesAs: 'failed' as const } : {}),
    };
    record.api_response =
      record.Status === 'failed' ? 'Transaction failed' : record.Status === 'processing' ? 'Transaction is processing' : deliveredMessage(record);
    this.state.transactions.push(record);

    if (outcome === 'failed') {
      answer(400);
      this.save();
      sendJson(res, 400, { error: ['Transaction failed'], Status: 'failed' });
      return;
    }
    if (outcome === 'timeout') {
      // Delivered and recorded, but the answer is held until the client gives up (or ~30 s pass).
      answer('held');
      this.save();
      const hold = {
        res,
        timer: setTimeout(() => {
          this.held.delete(hold);
          if (!res.destroyed) sendJson(res, 200, this.view(record));
        }, this.options.holdMs ?? 30_000),
      };
      this.held.add(hold);
      res.on('close', () => {
        clearTimeout(hold.timer);
        this.held.delete(hold);
      });
      return;
    }
    answer(200);
    this.save();
    sendJson(res, 200, this.view(record));
  }
}

function deliveredMessage(record: MsorgRecord): string {
  return record.kind === 'topup'
    ? `You have successfully topped up N${record.amount} airtime to ${record.mobile_number}`
    : `You have successfully gifted ${record.plan_name} data to ${record.mobile_number}`;
}
