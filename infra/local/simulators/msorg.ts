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
 * Electricity (`GET /api/validatemeter`, `POST /api/billpayment/`, re-query `GET /api/billpayment/<id>`)
 * is decided by the meter number, the same numbers as the VTpass simulator's:
 *
 *   45011111111  valid ("DEMO CUSTOMER"), delivered at once (prepaid: a 20-digit token)
 *   45022222222  invalid meter (validatemeter `invalid: true`); a bill payment fails (HTTP 400)
 *   45033333333  "processing", then "successful" on re-query (the token appears then)
 *   45044444444  "processing", then "failed" on re-query (the panel refunds itself)
 *   45055555555  delivered, answer held back (a timeout); re-query says "successful" with the token
 *   any other meter of 11–13 digits: valid and delivered; other lengths are invalid
 *
 * Data plan ids are the panel's own: those the seeded catalogue maps to this panel
 * (functions/catalogue-seed.ts `seedSupplierPlanIds`), with the seed's names and cost prices.
 *
 * Our platform sends its own transaction id as `request_id`; a repeated request_id never delivers
 * twice (the existing record is the answer) and `GET /api/data/<id>` accepts it as well as the
 * panel's own id, so a purchase whose answer was lost can still be re-queried.
 *
 * Besides the panel API (token-protected, as the real one) each instance has two local-only
 * endpoints: `GET /calls[?requestId=]` (how often each request_id was POSTed — "the supplier was
 * called exactly once") and `POST /control {"forceOutcome": ...}` to force an outcome for every
 * number (successful | failed | processing | processing-then-failed | timeout | error | null).
 * The money desk's: the account keeps a real float that purchases reduce (airtime at our cost rate,
 * data at the plan's price, bills at face value; `GET /api/user/` answers it), `POST /float
 * {"topUp"|"balance": naira}` moves it, `POST /faults` injects a discrepancy (InjectedFault below),
 * and `GET /api/history/?date=&page=` lists a Lagos day's transactions for the reconciliation.
 * State persists in one JSON file per instance.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SEED_COST_PRICES_NAIRA, SEED_PLANS, seedSupplierPlanIds } from '../../../functions/catalogue-seed.js';
import { networkOfPlanType, planCostFromCostPrice, volumeRatioFromName } from '../../../functions/domain/products/data-plans.js';
import { AIRTIME_COST_BPS, ELECTRICITY_COMPANIES, isSupplierName } from '../../../shared/constants.js';
import { applyRate, nairaToKobo } from '../../../shared/money.js';
import { readBody, sendJson } from '../util.js';
import { PersistentState } from './provider-common.js';
import { simulatedElectricityDelivery, simulatedMeterOutcome } from './vtpass.js';

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
  kind: 'topup' | 'data' | 'electricity';
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
  /** An injected `stuck` fault: re-queries keep answering "processing" (bookkeeping, not sent). */
  stuck?: boolean;
  /** Bill payments (electricity). */
  disco_name?: string;
  meter_number?: string;
  MeterType?: number;
  token?: string;
  units?: string;
  customer_name?: string;
  customer_address?: string;
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
  /** Faults the next purchases carry, oldest first (the money desk's reconciliation tests: POST /faults). */
  faults?: InjectedFault[];
}

/**
 * A discrepancy the panel can be told to create on its next purchase (POST /faults {"next": …}):
 *  - `failed-but-delivered`: answers "failed" (HTTP 400) but delivers and charges it;
 *  - `wrong-amount`: delivers, and charges ₦1 more than its price;
 *  - `forget`: answers "successful" but keeps no record and charges nothing;
 *  - `stuck`: answers "processing" and stays so on every re-query.
 * And one made at once (POST /faults {"chargeWithoutPurchase": naira}): a charge with no purchase.
 */
export type InjectedFault = 'failed-but-delivered' | 'wrong-amount' | 'forget' | 'stuck';
const INJECTED_FAULTS: InjectedFault[] = ['failed-but-delivered', 'wrong-amount', 'forget', 'stuck'];
/** What `wrong-amount` charges above the price. */
const WRONG_AMOUNT_EXTRA_KOBO = 100;
/** A page of GET /api/history/. */
const HISTORY_PAGE_SIZE = 100;

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
  /** The panel's data plans by its own plan id; default: the seeded catalogue's plans as this panel numbers them. */
  plans?: Record<number, PanelPlan>;
}

/** A data plan as a panel lists it: name, its price to us (naira), the network it is for. */
export interface PanelPlan {
  name: string;
  priceNaira: number;
  network: string;
}

/**
 * The seeded catalogue's plans as panel `name` numbers them (functions/catalogue-seed.ts), priced at
 * the seed's cost price per GB: the plan table lives once, in the seed.
 */
export function seedPanelPlans(name: string): Record<number, PanelPlan> {
  if (!isSupplierName(name)) return {};
  const plans: Record<number, PanelPlan> = {};
  for (const [planId, planType, planName] of SEED_PLANS) {
    const panelId = seedSupplierPlanIds(planId)[name];
    if (panelId === undefined) continue;
    const costKobo = planCostFromCostPrice(nairaToKobo(SEED_COST_PRICES_NAIRA[planType]), volumeRatioFromName(planName) ?? 1);
    plans[panelId] = { name: planName, priceNaira: costKobo / 100, network: networkOfPlanType(planType) };
  }
  return plans;
}

/** The disco names this panel knows (the usual MSORG spelling: "Ikeja Electric" …). */
const DISCO_NAMES = new Set<string>(ELECTRICITY_COMPANIES.map((company) => `${company.name} Electric`));
const METER_TYPE_NAMES: Record<number, string> = { 1: 'prepaid', 2: 'postpaid' };

const MAX_CALL_LOG = 5_000;

const naira = (kobo: number) => (kobo / 100).toFixed(2);

export class MsorgSimulator {
  readonly name: string;
  private readonly store: PersistentState<MsorgState>;
  private readonly held = new Set<{ timer: NodeJS.Timeout; res: ServerResponse }>();
  private readonly networkNames: Map<number, string>;
  private readonly plans: Record<number, PanelPlan>;

  constructor(private readonly options: MsorgSimulatorOptions) {
    this.name = options.name;
    this.networkNames = new Map(Object.entries(options.networkIds).map(([name, id]) => [id, name]));
    this.plans = options.plans ?? seedPanelPlans(options.name);
    this.store = new PersistentState(options.stateFile, () => this.fresh());
  }

  private get state(): MsorgState {
    return this.store.value;
  }

  private fresh(): MsorgState {
    return {
      nextId: 1000,
      balanceKobo: this.options.startingBalanceKobo ?? 1_000_000_00,
      transactions: [],
      purchasesByRequestId: {},
      purchaseCount: 0,
      calls: [],
      forceOutcome: null,
    };
  }

  private save(): void {
    this.store.save();
  }

  get balanceKobo(): number {
    return this.state.balanceKobo;
  }

  /** The panel's record of a request_id, as it keeps it (tests: the token it issued). */
  recordOf(requestId: string): MsorgRecord | undefined {
    return this.state.transactions.find((t) => t.request_id === requestId);
  }

  /** Answers anything still held back and forgets the timers (shutdown). */
  close(): void {
    for (const hold of this.held) {
      clearTimeout(hold.timer);
      hold.res.destroy();
    }
    this.held.clear();
    this.store.flush();
  }

  private record(call: Omit<SimCall, 'at'>): void {
    this.state.calls.push({ at: new Date().toISOString(), ...call });
    if (this.state.calls.length > MAX_CALL_LOG) this.state.calls.splice(0, this.state.calls.length - MAX_CALL_LOG);
  }

  /** For a request id, also the panel's records of it (status, token …) as it keeps them. */
  callsReport(requestId?: string): { supplier: string; count: number; byRequestId: Record<string, number>; calls: SimCall[]; transactions?: MsorgRecord[] } {
    const byRequestId = requestId === undefined ? { ...this.state.purchasesByRequestId } : { [requestId]: this.state.purchasesByRequestId[requestId] ?? 0 };
    return {
      supplier: this.name,
      count: requestId === undefined ? this.state.purchaseCount : (this.state.purchasesByRequestId[requestId] ?? 0),
      byRequestId,
      calls: requestId === undefined ? this.state.calls : this.state.calls.filter((c) => c.requestId === requestId),
      ...(requestId === undefined ? {} : { transactions: this.state.transactions.filter((t) => t.request_id === requestId) }),
    };
  }

  /** Public view of a record (without the simulator's bookkeeping). */
  private view(record: MsorgRecord): Record<string, unknown> {
    const { settlesAs: _settles, chargedKobo: _charged, stuck: _stuck, kind, ...rest } = record;
    if (kind !== 'electricity') return rest;
    const { network: _n, mobile_number: _m, plan: _p, plan_name: _pn, plan_amount: _pa, Ported_number: _pt, token, ...bill } = rest;
    // Panels write the token as "Token : <digits>".
    return { ...bill, ...(token ? { token: `Token : ${token}` } : {}) };
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

    if ((path === '/faults' || path === '/float') && method === 'POST') {
      let body: any;
      try {
        body = JSON.parse((await readBody(req, 64 * 1024)).toString('utf8') || '{}');
      } catch {
        sendJson(res, 400, { error: ['Invalid JSON'] });
        return;
      }
      const answer = path === '/faults' ? this.injectFault(body) : this.moveFloat(body);
      this.save();
      sendJson(res, answer.ok ? 200 : 400, answer.body);
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
            Object.entries(this.plans)
              .filter(([, plan]) => plan.network === network)
              .map(([planId, plan]) => ({
                dataplan_id: Number(planId),
                network: id,
                plan_network: network,
                plan: plan.name,
                plan_amount: plan.priceNaira.toFixed(2),
                month_validate: '30 days',
              })),
          ]),
        ),
      });
      return;
    }

    if (method === 'GET' && (path === '/api/validatemeter' || path === '/api/validatemeter/')) {
      this.validateMeter(res, query, method, path);
      return;
    }

    if (method === 'GET' && (path === '/api/history/' || path === '/api/history')) {
      this.history(res, query);
      return;
    }

    const requery = /^\/api\/(data|topup|billpayment)\/([^/]+)\/?$/.exec(path);
    if (method === 'GET' && requery) {
      this.requery(res, decodeURIComponent(requery[2]!), method, path);
      return;
    }

    if (method === 'POST' && (path === '/api/topup/' || path === '/api/data/' || path === '/api/billpayment/')) {
      await this.purchase(req, res, path === '/api/topup/' ? 'topup' : path === '/api/data/' ? 'data' : 'electricity', path);
      return;
    }
    sendJson(res, 404, { detail: 'Not found.' });
  }

  /** POST /faults: the next purchases' faults, or a charge with no purchase at once. */
  private injectFault(body: any): { ok: boolean; body: unknown } {
    if (body?.chargeWithoutPurchase !== undefined) {
      const amountKobo = Math.round(Number(body.chargeWithoutPurchase) * 100);
      if (!Number.isInteger(amountKobo) || amountKobo <= 0) return { ok: false, body: { error: ['chargeWithoutPurchase must be an amount in naira'] } };
      const before = this.state.balanceKobo;
      this.state.balanceKobo -= amountKobo;
      const record: MsorgRecord = {
        id: this.state.nextId++,
        ident: `Airtime${randomBytes(6).toString('hex')}`,
        kind: 'topup',
        network: [...this.networkNames.keys()][0] ?? 1,
        mobile_number: '08000000000',
        plan: null,
        plan_name: null,
        plan_amount: naira(amountKobo),
        amount: naira(amountKobo),
        balance_before: naira(before),
        balance_after: naira(this.state.balanceKobo),
        Status: 'successful',
        api_response: 'charge with no purchase (injected)',
        create_date: new Date().toISOString(),
        Ported_number: false,
        request_id: `unknown-${randomBytes(6).toString('hex')}`,
        chargedKobo: amountKobo,
      };
      this.state.transactions.push(record);
      return { ok: true, body: { supplier: this.name, charged: this.view(record) } };
    }
    const next = body?.next;
    const count = body?.count === undefined ? 1 : Number(body.count);
    if (!INJECTED_FAULTS.includes(next) || !Number.isInteger(count) || count < 1 || count > 100) {
      return { ok: false, body: { error: [`next must be one of ${INJECTED_FAULTS.join(', ')} (count 1–100), or chargeWithoutPurchase an amount`] } };
    }
    this.state.faults = [...(this.state.faults ?? []), ...Array.from({ length: count }, () => next as InjectedFault)];
    return { ok: true, body: { supplier: this.name, faults: this.state.faults } };
  }

  /** POST /float {"topUp": naira} or {"balance": naira}: the operator's bank transfer to the account, or a balance set outright. */
  private moveFloat(body: any): { ok: boolean; body: unknown } {
    const field = body?.topUp !== undefined ? 'topUp' : body?.balance !== undefined ? 'balance' : undefined;
    const kobo = field ? Math.round(Number(body[field]) * 100) : Number.NaN;
    if (!field || !Number.isInteger(kobo) || kobo < 0) return { ok: false, body: { error: ['send topUp or balance, an amount in naira'] } };
    this.state.balanceKobo = field === 'topUp' ? this.state.balanceKobo + kobo : kobo;
    return { ok: true, body: { supplier: this.name, balance: naira(this.state.balanceKobo) } };
  }

  /** GET /api/history/?date=YYYY-MM-DD&page=N: the day's (Lagos) transactions, oldest first, a page at a time. */
  private history(res: ServerResponse, query: URLSearchParams): void {
    const day = query.get('date') ?? '';
    const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
    const lagosDay = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString().slice(0, 10);
    const ofDay = this.state.transactions.filter((t) => lagosDay(t.create_date) === day);
    const start = (page - 1) * HISTORY_PAGE_SIZE;
    sendJson(res, 200, {
      count: ofDay.length,
      next: start + HISTORY_PAGE_SIZE < ofDay.length ? page + 1 : null,
      results: ofDay.slice(start, start + HISTORY_PAGE_SIZE).map((t) => this.view(t)),
    });
  }

  private requery(res: ServerResponse, id: string, method: string, path: string): void {
    const record = this.state.transactions.find((t) => String(t.id) === id || t.request_id === id || t.ident === id);
    this.record({ method, path, requestId: record?.request_id ?? id, mobileNumber: record?.mobile_number ?? null, answer: record ? 200 : 404 });
    if (!record) {
      this.save();
      sendJson(res, 404, { detail: 'Not found.' });
      return;
    }
    if (record.Status === 'processing' && record.stuck) {
      // A stuck purchase stays "processing" whoever asks.
    } else if (record.Status === 'processing' && record.settlesAs) {
      // The first re-query finds the purchase settled.
      if (record.settlesAs === 'failed') {
        this.state.balanceKobo += record.chargedKobo;
        record.balance_after = naira(this.state.balanceKobo);
        record.api_response = `Transaction to ${record.mobile_number} failed and was reversed`;
      } else {
        this.deliver(record);
      }
      record.Status = record.settlesAs;
      delete record.settlesAs;
    }
    this.save();
    sendJson(res, 200, this.view(record));
  }

  /** GET /api/validatemeter?meternumber=&disconame=&mtype= → {invalid, name, address, …}. */
  private validateMeter(res: ServerResponse, query: URLSearchParams, method: string, path: string): void {
    const meter = (query.get('meternumber') ?? '').trim();
    const disco = (query.get('disconame') ?? '').trim();
    const mtype = METER_TYPE_NAMES[Number(query.get('mtype'))];
    const known = DISCO_NAMES.has(disco) && mtype !== undefined && meter !== '';
    this.record({ method, path, requestId: null, mobileNumber: meter || null, answer: known ? 200 : 400 });
    this.save();
    if (!known) {
      sendJson(res, 400, { error: ['meternumber, disconame and mtype (1 prepaid, 2 postpaid) are required'] });
      return;
    }
    if (simulatedMeterOutcome(meter) === 'invalid') {
      sendJson(res, 200, { invalid: true, name: '', message: `Meter ${meter} is not a valid ${disco} ${mtype} meter`, meter_number: meter, disco_name: disco });
      return;
    }
    const customer = simulatedElectricityDelivery(meter, 0, false);
    sendJson(res, 200, {
      invalid: false,
      name: customer.customerName,
      address: customer.customerAddress,
      meter_number: meter,
      disco_name: disco,
      mtype: Number(query.get('mtype')),
    });
  }

  /** A delivery's facts: the network's confirmation text, and for a bill payment the disco's customer, units and token. */
  private deliver(record: MsorgRecord): void {
    if (record.kind === 'electricity') {
      const delivered = simulatedElectricityDelivery(record.meter_number ?? '', Number(record.amount), record.MeterType === 1, record.token);
      record.customer_name = delivered.customerName;
      record.customer_address = delivered.customerAddress;
      record.units = delivered.units;
      if (delivered.token) record.token = delivered.token;
    }
    record.api_response = deliveredMessage(record);
  }

  private async purchase(req: IncomingMessage, res: ServerResponse, kind: MsorgRecord['kind'], path: string): Promise<void> {
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
    const text = (value: unknown) => (typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value));
    // The phone (airtime, data) or the meter (electricity) decides the outcome and is logged.
    const subject = kind === 'electricity' ? text(body.meter_number) : text(body.mobile_number);
    this.state.purchaseCount += 1;
    if (requestId) this.state.purchasesByRequestId[requestId] = (this.state.purchasesByRequestId[requestId] ?? 0) + 1;
    const answer = (status: number | 'held') => this.record({ method: 'POST', path, requestId, mobileNumber: subject || null, answer: status });
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

    let amountKobo: number;
    let network = 0;
    let plan: number | null = null;
    let planName: string | null = null;
    let bill: Pick<MsorgRecord, 'disco_name' | 'meter_number' | 'MeterType'> = {};
    let byNumber: ForcedOutcome;
    if (kind === 'electricity') {
      const disco = text(body.disco_name);
      const meterType = Number(body.MeterType);
      const amountNaira = Number(body.amount);
      if (!DISCO_NAMES.has(disco)) return reject('Invalid disco name');
      if (METER_TYPE_NAMES[meterType] === undefined) return reject('Invalid meter type');
      if (!Number.isFinite(amountNaira) || amountNaira <= 0) return reject('Invalid amount');
      amountKobo = Math.round(amountNaira * 100);
      bill = { disco_name: disco, meter_number: subject, MeterType: meterType };
      const byMeter = simulatedMeterOutcome(subject);
      if (byMeter === 'invalid') return reject('Invalid meter number');
      byNumber = byMeter;
    } else {
      network = Number(body.network);
      if (!this.networkNames.has(network)) return reject('Invalid network');
      if (!/^0\d{10}$/.test(subject)) return reject('Invalid mobile number');
      if (kind === 'topup') {
        const amountNaira = Number(body.amount);
        if (!Number.isFinite(amountNaira) || amountNaira <= 0) return reject('Invalid amount');
        if (body.airtime_type !== undefined && body.airtime_type !== 'VTU') return reject('Invalid airtime type');
        amountKobo = Math.round(amountNaira * 100);
        planName = String(body.amount);
      } else {
        plan = Number(body.plan);
        if (!Number.isInteger(plan) || plan <= 0) return reject('Invalid plan');
        const known = this.plans[plan];
        amountKobo = nairaToKobo((known?.priceNaira ?? 100).toFixed(2));
        planName = known?.name ?? `plan ${plan}`;
      }
      byNumber = phoneOutcome(subject);
    }
    if (amountKobo > this.state.balanceKobo) return reject('Insufficient balance');

    const fault = this.state.faults?.shift();
    const outcome: ForcedOutcome = fault === 'stuck' ? 'processing' : fault ? 'successful' : (this.state.forceOutcome ?? byNumber);
    if (outcome === 'error') {
      // A 5xx before anything was recorded: ambiguous for the caller, nothing delivered here.
      answer(500);
      this.save();
      sendJson(res, 500, { error: ['Internal server error'] });
      return;
    }

    const before = this.state.balanceKobo;
    // Panels sell airtime at a discount (our cost rate); data at the plan's price; bills at face value.
    const price = kind === 'topup' ? applyRate(amountKobo, AIRTIME_COST_BPS) : amountKobo;
    const charged = outcome === 'failed' || fault === 'forget' ? 0 : price + (fault === 'wrong-amount' ? WRONG_AMOUNT_EXTRA_KOBO : 0);
    this.state.balanceKobo -= charged;
    const record: MsorgRecord = {
      id: this.state.nextId++,
      ident: `${kind === 'topup' ? 'Airtime' : kind === 'data' ? 'Data' : 'Bill'}${randomBytes(6).toString('hex')}`,
      kind,
      network,
      mobile_number: subject,
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
      ...bill,
      request_id: requestId,
      chargedKobo: charged,
      ...(outcome === 'processing' ? { settlesAs: 'successful' as const } : {}),
      ...(fault === 'stuck' ? { stuck: true } : {}),
      ...(outcome === 'processing-then-failed' ? { settlesAs: 'failed' as const } : {}),
    };
    if (record.Status === 'successful') this.deliver(record);
    else record.api_response = record.Status === 'failed' ? 'Transaction failed' : 'Transaction is processing';
    // `forget`: the answer says delivered, the panel keeps nothing.
    if (fault !== 'forget') this.state.transactions.push(record);

    if (fault === 'failed-but-delivered') {
      answer(400);
      this.save();
      sendJson(res, 400, { error: ['Transaction failed'], Status: 'failed' });
      return;
    }

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

/** The phone-number rules of airtime and data. */
function phoneOutcome(mobile: string): ForcedOutcome {
  const table: Record<string, ForcedOutcome> = {
    [SIM_NUMBERS.failure]: 'failed',
    [SIM_NUMBERS.processingThenSuccess]: 'processing',
    [SIM_NUMBERS.processingThenFailure]: 'processing-then-failed',
    [SIM_NUMBERS.timeoutDelivered]: 'timeout',
  };
  return table[mobile] ?? 'successful';
}

function deliveredMessage(record: MsorgRecord): string {
  if (record.kind === 'electricity') {
    return `${record.disco_name} payment of N${record.amount} to meter ${record.meter_number} successful${record.token ? ` Token : ${record.token} : ${record.units}` : ''}`;
  }
  return record.kind === 'topup'
    ? `You have successfully topped up N${record.amount} airtime to ${record.mobile_number}`
    : `You have successfully gifted ${record.plan_name} data to ${record.mobile_number}`;
}
