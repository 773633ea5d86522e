/**
 * A VTpass account (integrations.md "VTpass"), so electricity — and VTpass airtime/data when it
 * is configured for networks — is reachable locally over the real protocol:
 *   headers `api-key` always, `secret-key` on POST, `public-key` on GET (401 otherwise);
 *   POST /api/merchant-verify, POST /api/pay, POST /api/requery, GET /api/service-variations.
 * request_ids must follow VTpass's rule (≥ 12 characters, the first 12 a `YYYYMMDDHHII`); a
 * request_id already used answers `014` and never delivers twice.
 *
 * The meter number (electricity) or the phone number (airtime, data) decides the outcome:
 *
 *   meter        phone          what happens
 *   45011111111  08011111111    valid meter "DEMO CUSTOMER"; pay: `000` delivered at once (prepaid: a token)
 *   45022222222  08022222222    invalid meter (merchant-verify: WrongBillersCode); pay: `016` failed (no charge)
 *   45033333333  08033333333    pay: `099` processing; the first requery: `000` delivered (the token appears then)
 *   45044444444  08044444444    pay: `000` pending (charged); the first requery: `000` reversed (VTpass refunds)
 *   45055555555  08055555555    pay: delivered, but the answer is held ~30 s (the caller times out);
 *                               requery: `000` delivered with the token
 *   any other meter of 11–13 digits: valid ("CUSTOMER <last 4 digits>") and delivered; other lengths are invalid.
 *   any other phone: delivered.
 *
 * Tokens are 20 random digits made here, returned by pay and every requery of the purchase, and
 * kept in the state file (DATA_DIR/simulators/VTPASS.json) with everything else. Postpaid
 * payments are delivered without a token, as at VTpass.
 *
 * Local-only endpoints: `GET /calls[?requestId=]` (POSTs to /api/pay per request_id: "VTpass was
 * called exactly once"; also the pushes sent) and `POST /control {"forceOutcome": …}` (successful |
 * failed | processing | processing-then-failed | timeout | error | null), the same names as the
 * MSORG simulator's.
 *
 * Pushes (`webhookUrl`): like VTpass, a `transaction-update` is POSTed when an open purchase
 * becomes final — by itself after `settleAfterMs`, or at the first requery, whichever is first.
 * `POST /push {"requestId"}` sends a record's push again (a duplicate); `POST /reverse {"requestId"}`
 * reverses a delivered purchase (VTpass refunds the account) and pushes it. A request id given to
 * them may be our transaction id alone, as for /calls.
 *
 * The money desk's reconciliation tests inject discrepancies (`POST /faults`, VtpassFault below), as
 * at the MSORG simulator: on the next payments, or a charge with no purchase at once.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../util.js';
import { PersistentState } from './provider-common.js';
import { CABLE_BOUQUET_SEED, EXAM_PRODUCT_SEED } from '../../../shared/bills.js';
import {
  isSimulatedService,
  serviceOutcome,
  servicePay,
  servicePinsAnswer,
  servicePinsIssued,
  serviceVariationsContent,
  verifyServiceCustomer,
} from './vtpass-configured-services.js';

export type VtpassForcedOutcome = 'successful' | 'failed' | 'processing' | 'processing-then-failed' | 'timeout' | 'error';
const FORCED_OUTCOMES: VtpassForcedOutcome[] = ['successful', 'failed', 'processing', 'processing-then-failed', 'timeout', 'error'];

/** The magic meter and phone numbers (shared with tests and the README table). */
export const VTPASS_SIM_METERS = {
  valid: '45011111111',
  invalid: '45022222222',
  processingThenDelivered: '45033333333',
  pendingThenReversed: '45044444444',
  timeoutThenDelivered: '45055555555',
} as const;
export const VTPASS_SIM_PHONES = {
  delivered: '08011111111',
  failed: '08022222222',
  processingThenDelivered: '08033333333',
  pendingThenReversed: '08044444444',
  timeoutThenDelivered: '08055555555',
} as const;
export const VTPASS_DEMO_CUSTOMER = 'DEMO CUSTOMER';
/**
 * Cable TV smartcards / IUC numbers and JAMB profile ids (issue 22), 10 digits; `valid` is VTpass's
 * own sandbox smartcard. Showmax and WAEC are decided by the phone (VTPASS_SIM_PHONES).
 */
export const VTPASS_SIM_SMARTCARDS = {
  valid: '1212121212',
  invalid: '1222222222',
  processingThenDelivered: '1233333333',
  failed: '1244444444',
} as const;
/** The bouquet the simulated DStv / GOtv decoders are on (VTpass variation codes), and days until due. */
export const VTPASS_SIM_CURRENT_BOUQUET: Record<string, string> = { dstv: 'dstv-padi', gotv: 'gotv-jinja' };
export const VTPASS_SIM_DUE_IN_DAYS = 5;

const DISCOS: Record<string, string> = {
  'ikeja-electric': 'Ikeja Electric',
  'eko-electric': 'Eko Electric',
  'kano-electric': 'Kano Electric',
  'portharcourt-electric': 'Port Harcourt Electric',
  'jos-electric': 'Jos Electric',
  'ibadan-electric': 'Ibadan Electric',
  'kaduna-electric': 'Kaduna Electric',
  'enugu-electric': 'Enugu Electric',
  'abuja-electric': 'Abuja Electric',
  'benin-electric': 'Benin Electric',
  'yola-electric': 'Yola Electric',
  'aba-electric': 'Aba Electric',
};
const AIRTIME = new Set(['mtn', 'glo', 'airtel', 'etisalat']);
/** Data variations per data serviceID: code → [name, price in naira]. */
const DATA_VARIATIONS: Record<string, Record<string, [string, number]>> = Object.fromEntries(
  ['mtn', 'glo', 'airtel', 'etisalat'].map((net) => [
    `${net}-data`,
    {
      [`${net}-500mb-150`]: ['500MB - 30 days', 150],
      [`${net}-1gb-300`]: ['1GB - 30 days', 300],
      [`${net}-2gb-600`]: ['2GB - 30 days', 600],
      [`${net}-5gb-1500`]: ['5GB - 30 days', 1500],
    },
  ]),
);
/** Cable and exam variations per serviceID: code → [name, price in naira] (from the shared seed). */
const BILL_VARIATIONS: Record<string, Record<string, [string, number]>> = {};
for (const seed of [...CABLE_BOUQUET_SEED, ...EXAM_PRODUCT_SEED]) {
  (BILL_VARIATIONS[seed.serviceId] ??= {})[seed.variationCode] = [seed.name, seed.faceValue];
}
const CABLE_SERVICES = new Set(['dstv', 'gotv', 'startimes', 'showmax']);
const ELECTRICITY_MIN_NAIRA = 500;
const ELECTRICITY_MAX_NAIRA = 1_000_000;
/** Naira per kWh used to state units (a Band A-like tariff). */
const TARIFF_NAIRA_PER_KWH = 209.5;

/** `service`: a VTpass service the platform offers by configuration (vtpass-configured-services.ts). */
type Kind = 'airtime' | 'data' | 'electricity' | 'cable' | 'exam' | 'service';
type VtStatus = 'initiated' | 'pending' | 'delivered' | 'reversed' | 'failed';

export interface VtpassRecord {
  requestId: string;
  transactionId: string;
  kind: Kind;
  serviceID: string;
  productName: string;
  billersCode: string;
  variationCode: string | null;
  amountNaira: number;
  phone: string;
  status: VtStatus;
  /** What the first requery turns an open record into (simulator bookkeeping, not sent). */
  settlesAs?: 'delivered' | 'reversed';
  token?: string;
  units?: string;
  customerName?: string;
  customerAddress?: string;
  /** Exam PINs issued (kept once issued, returned by every requery). */
  pins?: { pin: string; serial?: string }[];
  quantity?: number;
  chargedKobo: number;
  /** An injected `wrong-amount`: charged above the price (bookkeeping; its answers' total_amount includes it). */
  overchargedKobo?: number;
  createdAt: string;
}

export interface VtpassSimCall {
  at: string;
  method: string;
  path: string;
  requestId: string | null;
  /** Meter (billersCode) or phone. */
  mobileNumber: string | null;
  answer: number | 'held';
  code?: string;
}

interface VtpassState {
  nextTransactionId: number;
  balanceKobo: number;
  transactions: VtpassRecord[];
  paysByRequestId: Record<string, number>;
  payCount: number;
  verifyCount: number;
  calls: VtpassSimCall[];
  forceOutcome: VtpassForcedOutcome | null;
  pushes: VtpassPush[];
  /** Faults the next payments carry, oldest first (POST /faults). */
  faults?: VtpassFault[];
}

/**
 * A discrepancy the account can be told to create on its next payment (POST /faults {"next": …, "count"?}):
 *  - `failed-but-delivered`: answers `016` TRANSACTION FAILED, yet delivers and charges it (a re-query says delivered);
 *  - `wrong-amount`: delivers, and charges ₦1 more than the price (a re-query's total_amount says so).
 * And one made at once (POST /faults {"chargeWithoutPurchase": naira}): the account is charged for a
 * delivery under a request_id that is none of ours. VTpass offers no listing of a day's transactions
 * to our integration, so the reconciliation sees such a charge only in the day's float (opening +
 * top-ups − closing against what we delivered), never as an item of its own.
 */
export type VtpassFault = 'failed-but-delivered' | 'wrong-amount';
const VTPASS_FAULTS: VtpassFault[] = ['failed-but-delivered', 'wrong-amount'];
/** What `wrong-amount` charges above the price. */
const WRONG_AMOUNT_EXTRA_KOBO = 100;

/** A transaction-update push as sent: to whom, about what, and what came back. */
export interface VtpassPush {
  at: string;
  requestId: string;
  status: string;
  /** HTTP status of the receiver, or the error. */
  answer: number | string;
}

export interface VtpassSimulatorOptions {
  apiKey: string;
  publicKey: string;
  secretKey: string;
  stateFile?: string;
  /** How long a "no answer" response is held before it is sent anyway (default 30 s). */
  holdMs?: number;
  startingBalanceKobo?: number;
  /** Where transaction-update pushes go; none are sent without it. */
  webhookUrl?: string;
  /** An open purchase settles by itself (and is pushed) this long after payment; default: only at requery. */
  settleAfterMs?: number;
}

const MAX_CALL_LOG = 5_000;
export const VTPASS_SIMULATOR_NAME = 'VTPASS';
const PUSH_TIMEOUT_MS = 5_000;

function validRequestId(id: string): boolean {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(id);
  if (!match || id.length < 12) return false;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60;
}

function newToken(): string {
  let token = String(randomInt(1, 10));
  while (token.length < 20) token += String(randomInt(0, 10));
  return token;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

export class VtpassSimulator {
  readonly name = VTPASS_SIMULATOR_NAME;
  private readonly store: PersistentState<VtpassState>;
  private readonly held = new Set<{ timer: NodeJS.Timeout; res: ServerResponse }>();
  private readonly settling = new Set<NodeJS.Timeout>();
  private readonly pushing = new Set<Promise<void>>();

  constructor(private readonly options: VtpassSimulatorOptions) {
    this.store = new PersistentState(options.stateFile, () => this.fresh());
  }

  private get state(): VtpassState {
    return this.store.value;
  }

  private fresh(): VtpassState {
    return {
      nextTransactionId: 17_000_000_000,
      balanceKobo: this.options.startingBalanceKobo ?? 10_000_000_00,
      transactions: [],
      paysByRequestId: {},
      payCount: 0,
      verifyCount: 0,
      calls: [],
      forceOutcome: null,
      pushes: [],
    };
  }

  private save(): void {
    this.store.save();
  }

  get balanceKobo(): number {
    return this.state.balanceKobo;
  }

  /** The simulator's record of a request_id (tests: the token it issued). */
  recordOf(requestId: string): VtpassRecord | undefined {
    return this.state.transactions.find((t) => t.requestId === requestId);
  }

  close(): void {
    for (const hold of this.held) {
      clearTimeout(hold.timer);
      hold.res.destroy();
    }
    this.held.clear();
    this.store.flush();
    for (const timer of this.settling) clearTimeout(timer);
    this.settling.clear();
  }

  /** Resolves when every push sent so far has been answered (tests). */
  async pushesSettled(): Promise<void> {
    await Promise.all([...this.pushing]);
  }

  /** An open record becomes final (its `settlesAs`), VTpass refunds a reversal, and the change is pushed. */
  private finalise(record: VtpassRecord): void {
    if ((record.status !== 'initiated' && record.status !== 'pending') || !record.settlesAs) return;
    if (record.settlesAs === 'reversed') {
      record.status = 'reversed';
      this.state.balanceKobo += record.chargedKobo;
    } else {
      record.status = 'delivered';
      this.deliver(record);
    }
    delete record.settlesAs;
    this.push(record);
  }

  /** POSTs a transaction-update for the record to the webhook URL (one try, logged). */
  private push(record: VtpassRecord): void {
    const url = this.options.webhookUrl;
    if (!url) return;
    const entry: VtpassPush = { at: new Date().toISOString(), requestId: record.requestId, status: record.status, answer: 'sending' };
    this.state.pushes.push(entry);
    if (this.state.pushes.length > MAX_CALL_LOG) this.state.pushes.splice(0, this.state.pushes.length - MAX_CALL_LOG);
    const sending = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'transaction-update', data: this.view(record) }),
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    })
      .then(async (response) => {
        entry.answer = response.status;
        await response.arrayBuffer();
      })
      .catch((error: unknown) => {
        entry.answer = String((error as Error)?.message ?? error);
      })
      .finally(() => {
        this.pushing.delete(sending);
        this.save();
      });
    this.pushing.add(sending);
  }

  private settleLater(record: VtpassRecord): void {
    const after = this.options.settleAfterMs;
    if (after === undefined || !record.settlesAs) return;
    const timer = setTimeout(() => {
      this.settling.delete(timer);
      this.finalise(record);
      this.save();
    }, after);
    this.settling.add(timer);
  }

  /** A record by its request id, or by our transaction id at its end. */
  private findRecord(requestId: string): VtpassRecord | undefined {
    return requestId ? this.state.transactions.find((t) => t.requestId === requestId || t.requestId.endsWith(requestId)) : undefined;
  }

  /** Local-only: `POST /push {requestId}` (the record's push again) and `POST /reverse {requestId}` (reverse a delivery, then push). */
  private async operate(req: IncomingMessage, res: ServerResponse, action: 'push' | 'reverse'): Promise<void> {
    const body = await this.json(req);
    const record = this.findRecord(text(body?.requestId));
    if (!record) {
      sendJson(res, 404, { error: 'no purchase with that requestId' });
      return;
    }
    if (action === 'reverse') {
      if (record.status !== 'delivered') {
        sendJson(res, 409, { error: `only a delivered purchase can be reversed (this one is ${record.status})` });
        return;
      }
      record.status = 'reversed';
      this.state.balanceKobo += record.chargedKobo;
    }
    this.push(record);
    this.save();
    sendJson(res, 200, { requestId: record.requestId, status: record.status, pushedTo: this.options.webhookUrl ?? null });
  }

  /** POST /faults: the next payments' faults, or a charge with no purchase at once. */
  private injectFault(body: any): { ok: boolean; body: unknown } {
    if (body?.chargeWithoutPurchase !== undefined) {
      const amountKobo = Math.round(Number(body.chargeWithoutPurchase) * 100);
      if (!Number.isInteger(amountKobo) || amountKobo <= 0) return { ok: false, body: { error: 'chargeWithoutPurchase must be an amount in naira' } };
      this.state.balanceKobo -= amountKobo;
      const stamp = new Date(Date.now() + 3_600_000).toISOString().replace(/\D/g, '').slice(0, 12);
      const record = this.recordTransaction({
        requestId: `${stamp}unknown-${randomBytes(6).toString('hex')}`,
        kind: 'airtime',
        serviceID: 'mtn',
        productName: 'MTN Airtime VTU',
        billersCode: '08000000000',
        variationCode: null,
        amountNaira: amountKobo / 100,
        phone: '08000000000',
        status: 'delivered',
        chargedKobo: amountKobo,
      });
      return { ok: true, body: { supplier: this.name, charged: this.view(record) } };
    }
    const next = body?.next;
    const count = body?.count === undefined ? 1 : Number(body.count);
    if (!VTPASS_FAULTS.includes(next) || !Number.isInteger(count) || count < 1 || count > 100) {
      return { ok: false, body: { error: `next must be one of ${VTPASS_FAULTS.join(', ')} (count 1–100), or chargeWithoutPurchase an amount` } };
    }
    this.state.faults = [...(this.state.faults ?? []), ...Array.from({ length: count }, () => next as VtpassFault)];
    return { ok: true, body: { supplier: this.name, faults: this.state.faults } };
  }

  private log(call: Omit<VtpassSimCall, 'at'>): void {
    this.state.calls.push({ at: new Date().toISOString(), ...call });
    if (this.state.calls.length > MAX_CALL_LOG) this.state.calls.splice(0, this.state.calls.length - MAX_CALL_LOG);
  }

  /**
   * `count`: POSTs to /api/pay (for a request id: those carrying it — VTpass request ids start with a
   * timestamp, so a request id given here also matches one that ends with it, i.e. our transaction id).
   */
  callsReport(requestId?: string): {
    supplier: string;
    count: number;
    byRequestId: Record<string, number>;
    calls: VtpassSimCall[];
    transactions: VtpassRecord[];
    pushes: VtpassPush[];
  } {
    if (requestId === undefined) {
      return {
        supplier: this.name,
        count: this.state.payCount,
        byRequestId: { ...this.state.paysByRequestId },
        calls: this.state.calls,
        transactions: this.state.transactions,
        pushes: this.state.pushes,
      };
    }
    const matches = (id: string | null) => id !== null && (id === requestId || id.endsWith(requestId));
    const byRequestId = Object.fromEntries(Object.entries(this.state.paysByRequestId).filter(([id]) => matches(id)));
    return {
      supplier: this.name,
      count: Object.values(byRequestId).reduce((sum, n) => sum + n, 0),
      byRequestId,
      calls: this.state.calls.filter((c) => matches(c.requestId)),
      transactions: this.state.transactions.filter((t) => matches(t.requestId)),
      pushes: this.state.pushes.filter((p) => matches(p.requestId)),
    };
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const method = req.method ?? 'GET';
    if (path === '/calls' && method === 'GET') {
      sendJson(res, 200, this.callsReport(query.get('requestId') ?? undefined));
      return;
    }
    if (path === '/control' && method === 'POST') {
      const body = await this.json(req);
      const force = body?.forceOutcome ?? null;
      if (body === undefined || (force !== null && !FORCED_OUTCOMES.includes(force))) {
        sendJson(res, 400, { error: `forceOutcome must be one of ${FORCED_OUTCOMES.join(', ')} or null` });
        return;
      }
      this.state.forceOutcome = force;
      this.save();
      sendJson(res, 200, { supplier: this.name, forceOutcome: force });
      return;
    }
    if ((path === '/push' || path === '/reverse') && method === 'POST') return this.operate(req, res, path === '/push' ? 'push' : 'reverse');
    if (path === '/faults' && method === 'POST') {
      const answer = this.injectFault(await this.json(req));
      this.save();
      sendJson(res, answer.ok ? 200 : 400, answer.body);
      return;
    }
    if (path === '/float' && method === 'POST') {
      // The operator's bank transfer to the account ({"topUp": naira}), or a balance set outright ({"balance": naira}).
      const body = await this.json(req);
      const field = body?.topUp !== undefined ? 'topUp' : body?.balance !== undefined ? 'balance' : undefined;
      const kobo = field ? Math.round(Number(body[field]) * 100) : Number.NaN;
      if (!field || !Number.isInteger(kobo) || kobo < 0) {
        sendJson(res, 400, { error: 'send topUp or balance, an amount in naira' });
        return;
      }
      this.state.balanceKobo = field === 'topUp' ? this.state.balanceKobo + kobo : kobo;
      this.save();
      sendJson(res, 200, { supplier: this.name, balance: (this.state.balanceKobo / 100).toFixed(2) });
      return;
    }
    if (!path.startsWith('/api/')) {
      sendJson(res, 404, { code: '404', response_description: 'NOT FOUND' });
      return;
    }

    const apiKey = String(req.headers['api-key'] ?? '');
    const second = method === 'GET' ? String(req.headers['public-key'] ?? '') : String(req.headers['secret-key'] ?? '');
    const expected = method === 'GET' ? this.options.publicKey : this.options.secretKey;
    if (apiKey !== this.options.apiKey || second !== expected) {
      req.resume();
      this.log({ method, path, requestId: null, mobileNumber: null, answer: 401, code: '087' });
      this.save();
      sendJson(res, 401, { code: '087', response_description: 'INVALID CREDENTIALS' });
      return;
    }

    if (method === 'GET' && path === '/api/balance') {
      // The account's wallet: the float that every payment reduces (integrations.md "A supplier's float").
      sendJson(res, 200, { code: 1, contents: { balance: this.state.balanceKobo / 100 } });
      return;
    }
    if (method === 'GET' && path === '/api/service-variations') {
      const serviceID = query.get('serviceID') ?? '';
      if (isSimulatedService(serviceID)) {
        sendJson(res, 200, { response_description: '000', content: serviceVariationsContent(serviceID) });
        return;
      }
      const variations = DATA_VARIATIONS[serviceID] ?? BILL_VARIATIONS[serviceID];
      if (!variations) {
        sendJson(res, 200, { response_description: '012', content: { errors: 'PRODUCT DOES NOT EXIST' } });
        return;
      }
      sendJson(res, 200, {
        response_description: '000',
        content: {
          ServiceName: DATA_VARIATIONS[serviceID] ? `${serviceID.split('-')[0]!.toUpperCase()} Data` : serviceID.toUpperCase(),
          serviceID,
          convinience_fee: '0 %',
          variations: Object.entries(variations).map(([code, [name, price]]) => ({
            variation_code: code,
            name,
            variation_amount: price.toFixed(2),
            fixedPrice: 'Yes',
          })),
        },
      });
      return;
    }
    if (method !== 'POST') {
      sendJson(res, 404, { code: '404', response_description: 'NOT FOUND' });
      return;
    }
    const body = await this.json(req);
    if (body === undefined) {
      this.answer(res, { method, path, requestId: null, mobileNumber: null }, 400, { code: '011', response_description: 'INVALID ARGUMENTS' });
      return;
    }
    if (path === '/api/merchant-verify') return this.verify(res, body);
    if (path === '/api/pay') return this.pay(res, body);
    if (path === '/api/requery') return this.requery(res, body);
    sendJson(res, 404, { code: '404', response_description: 'NOT FOUND' });
  }

  private async json(req: IncomingMessage): Promise<any | undefined> {
    try {
      const raw = (await readBody(req, 64 * 1024)).toString('utf8');
      const parsed = raw.trim() ? JSON.parse(raw) : {};
      return parsed && typeof parsed === 'object' ? parsed : undefined;
    } catch {
      return undefined;
    }
  }

  private answer(res: ServerResponse, call: Omit<VtpassSimCall, 'at' | 'answer' | 'code'>, status: number, body: Record<string, unknown>): void {
    this.log({ ...call, answer: status, ...(typeof body.code === 'string' ? { code: body.code } : {}) });
    this.save();
    sendJson(res, status, body);
  }

  private verify(res: ServerResponse, body: any): void {
    const meter = text(body.billersCode);
    const serviceID = text(body.serviceID);
    const type = text(body.type).toLowerCase();
    const call = { method: 'POST', path: '/api/merchant-verify', requestId: null, mobileNumber: meter || null };
    this.state.verifyCount += 1;
    if (CABLE_SERVICES.has(serviceID) || serviceID === 'jamb') return this.verifyBiller(res, call, serviceID, meter);
    if (isSimulatedService(serviceID)) return this.answer(res, call, 200, { code: '000', content: verifyServiceCustomer(serviceID, meter) });
    const disco = DISCOS[serviceID];
    if (!disco || !meter || (type !== 'prepaid' && type !== 'postpaid')) {
      this.answer(res, call, 200, {
        code: '011',
        response_description: 'INVALID ARGUMENTS',
        content: { errors: 'billersCode, serviceID and type (prepaid|postpaid) are required' },
      });
      return;
    }
    if (simulatedMeterOutcome(meter) === 'invalid') {
      this.answer(res, call, 200, {
        code: '000',
        content: { error: `This meter is not correct or is not a valid ${disco} ${type} meter. Please check and try again`, WrongBillersCode: true },
      });
      return;
    }
    this.answer(res, call, 200, {
      code: '000',
      content: {
        Customer_Name: customerNameOf(meter),
        Address: `${Number(meter.slice(-2)) + 1} Demo Street, ${disco.replace(' Electric', '')}`,
        Meter_Number: meter,
        Customer_Arrears: '',
        Minimum_Amount: '',
        Min_Purchase_Amount: ELECTRICITY_MIN_NAIRA,
        Can_Vend: 'yes',
        Business_Unit: '',
        Customer_Account_Type: type === 'prepaid' ? 'NMD' : 'MD',
        Meter_Type: type.toUpperCase(),
        WrongBillersCode: false,
        commission_details: { amount: null, rate: '1.50', rate_type: 'percent', computation_type: 'default' },
      },
    });
  }

  /** merchant-verify of a smartcard / IUC (cable), a Showmax phone or a JAMB profile id. */
  private verifyBiller(res: ServerResponse, call: Omit<VtpassSimCall, 'at' | 'answer' | 'code'>, serviceID: string, billersCode: string): void {
    const showmax = serviceID === 'showmax';
    const invalid = showmax ? !/^0\d{10}$/.test(billersCode) : billersCode === VTPASS_SIM_SMARTCARDS.invalid || !/^\d{10,11}$/.test(billersCode);
    if (invalid) {
      this.answer(res, call, 200, {
        code: '000',
        content: {
          error: `This ${serviceID === 'jamb' ? 'profile id' : 'smartcard number'} is not correct. Please check and try again`,
          WrongBillersCode: true,
        },
      });
      return;
    }
    const name = billersCode === VTPASS_SIM_SMARTCARDS.valid ? VTPASS_DEMO_CUSTOMER : `CUSTOMER ${billersCode.slice(-4)}`;
    const current = VTPASS_SIM_CURRENT_BOUQUET[serviceID];
    const due = new Date(Date.now() + VTPASS_SIM_DUE_IN_DAYS * 86_400_000).toISOString().slice(0, 10);
    this.answer(res, call, 200, {
      code: '000',
      content: {
        Customer_Name: name,
        Status: 'ACTIVE',
        Customer_Number: billersCode,
        ...(current
          ? {
              Due_Date: due,
              Current_Bouquet: BILL_VARIATIONS[serviceID]![current]![0],
              Current_Bouquet_Code: current,
              Renewal_Amount: BILL_VARIATIONS[serviceID]![current]![1],
            }
          : {}),
        WrongBillersCode: false,
        commission_details: { amount: null, rate: '1.50', rate_type: 'percent', computation_type: 'default' },
      },
    });
  }

  private async pay(res: ServerResponse, body: any): Promise<void> {
    const requestId = text(body.request_id);
    const serviceID = text(body.serviceID);
    const billersCode = text(body.billersCode);
    const phone = text(body.phone);
    const call = { method: 'POST', path: '/api/pay', requestId: requestId || null, mobileNumber: billersCode || phone || null };
    this.state.payCount += 1;
    if (requestId) this.state.paysByRequestId[requestId] = (this.state.paysByRequestId[requestId] ?? 0) + 1;
    const refuse = (code: string, description: string) => this.answer(res, call, 200, { code, response_description: description });

    if (!validRequestId(requestId)) return refuse('011', 'INVALID ARGUMENTS: request_id must start with YYYYMMDDHHII (Africa/Lagos)');
    if (this.state.transactions.some((t) => t.requestId === requestId)) return refuse('014', 'REQUEST ID ALREADY EXIST');

    let kind: Kind;
    let productName: string;
    let amountNaira: number;
    let variationCode: string | null = null;
    let outcomeKey: string;
    let quantity = 1;
    if (AIRTIME.has(serviceID)) {
      kind = 'airtime';
      amountNaira = Number(body.amount);
      if (!/^0\d{10}$/.test(phone) || !Number.isFinite(amountNaira) || amountNaira <= 0) return refuse('011', 'INVALID ARGUMENTS');
      if (amountNaira < 50) return refuse('013', 'BELOW MINIMUM AMOUNT ALLOWED');
      productName = `${serviceID === 'etisalat' ? '9mobile' : serviceID.toUpperCase()} Airtime VTU`;
      outcomeKey = phone;
    } else if (DATA_VARIATIONS[serviceID]) {
      kind = 'data';
      variationCode = text(body.variation_code);
      const variation = DATA_VARIATIONS[serviceID]![variationCode];
      if (!variation) return refuse('012', 'PRODUCT DOES NOT EXIST');
      if (!/^0\d{10}$/.test(billersCode || phone)) return refuse('011', 'INVALID ARGUMENTS');
      amountNaira = variation[1];
      productName = `${serviceID.split('-')[0]!.toUpperCase()} Data - ${variation[0]}`;
      outcomeKey = billersCode || phone;
    } else if (DISCOS[serviceID]) {
      kind = 'electricity';
      variationCode = text(body.variation_code).toLowerCase();
      amountNaira = Number(body.amount);
      if (!billersCode || (variationCode !== 'prepaid' && variationCode !== 'postpaid') || !Number.isFinite(amountNaira) || !phone) {
        return refuse('011', 'INVALID ARGUMENTS');
      }
      if (amountNaira < ELECTRICITY_MIN_NAIRA) return refuse('013', 'BELOW MINIMUM AMOUNT ALLOWED');
      if (amountNaira > ELECTRICITY_MAX_NAIRA) return refuse('017', 'ABOVE MAXIMUM AMOUNT ALLOWED');
      productName = `${DISCOS[serviceID]} Payment - ${variationCode === 'prepaid' ? 'Prepaid' : 'Postpaid'}`;
      outcomeKey = billersCode;
    } else if (BILL_VARIATIONS[serviceID]) {
      kind = CABLE_SERVICES.has(serviceID) ? 'cable' : 'exam';
      variationCode = text(body.variation_code);
      const variation = BILL_VARIATIONS[serviceID]![variationCode];
      if (!variation) return refuse('012', 'PRODUCT DOES NOT EXIST');
      quantity = Number(body.quantity ?? 1);
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > 10 || !/^0\d{10}$/.test(phone)) return refuse('011', 'INVALID ARGUMENTS');
      const renew = text(body.subscription_type) === 'renew';
      // A renewal pays the amount sent (the verified renewal amount); anything else the variation's price.
      amountNaira = renew ? Number(body.amount) : variation[1] * quantity;
      if (!Number.isFinite(amountNaira) || amountNaira <= 0) return refuse('011', 'INVALID ARGUMENTS');
      productName = `${variation[0]}${quantity > 1 ? ` x${quantity}` : ''}`;
      // Smartcards and JAMB profile ids decide by the smartcard table; Showmax and WAEC by the phone.
      outcomeKey = serviceID === 'showmax' || serviceID.startsWith('waec') ? phone : billersCode;
    } else if (isSimulatedService(serviceID)) {
      kind = 'service';
      const sold = servicePay(serviceID, body);
      if ('refuse' in sold) return refuse(...sold.refuse);
      ({ productName, amountNaira, variationCode, outcomeKey } = sold);
    } else {
      return refuse('012', 'PRODUCT DOES NOT EXIST');
    }
    const amountKobo = Math.round(amountNaira * 100);
    if (amountKobo > this.state.balanceKobo) return refuse('018', 'LOW WALLET BALANCE');

    // A purchase charged to this account: the balance falls by what is charged and the record says so.
    const charge = (status: VtStatus, chargedKobo: number, extra: Partial<VtpassRecord> = {}) => {
      this.state.balanceKobo -= chargedKobo;
      return this.recordTransaction({
        requestId,
        kind,
        serviceID,
        productName,
        billersCode: billersCode || phone,
        variationCode,
        amountNaira,
        phone,
        status,
        chargedKobo,
        ...(kind === 'exam' ? { quantity } : {}),
        ...extra,
      });
    };

    const fault = this.state.faults?.shift();
    if (fault) {
      // Delivered and charged whatever the answer says (a re-query tells the truth).
      const overchargedKobo = fault === 'wrong-amount' ? WRONG_AMOUNT_EXTRA_KOBO : 0;
      const record = charge('delivered', amountKobo + overchargedKobo, overchargedKobo ? { overchargedKobo } : {});
      this.deliver(record);
      if (fault === 'failed-but-delivered') return refuse('016', 'TRANSACTION FAILED');
      this.answer(res, call, 200, this.view(record));
      return;
    }

    const outcome = this.state.forceOutcome ?? outcomeFor(kind, outcomeKey, serviceID);
    if (outcome === 'error') {
      // A 5xx before anything was recorded: ambiguous for the caller, nothing delivered here.
      this.answer(res, call, 500, { message: 'Server Error' });
      return;
    }
    if (outcome === 'failed') {
      this.recordTransaction({ requestId, kind, serviceID, productName, billersCode, variationCode, amountNaira, phone, status: 'failed', chargedKobo: 0 });
      return refuse('016', 'TRANSACTION FAILED');
    }

    const record = charge(outcome === 'processing' ? 'initiated' : outcome === 'processing-then-failed' ? 'pending' : 'delivered', amountKobo, {
      ...(outcome === 'processing' ? { settlesAs: 'delivered' as const } : {}),
      ...(outcome === 'processing-then-failed' ? { settlesAs: 'reversed' as const } : {}),
    });
    if (record.status === 'delivered') this.deliver(record);
    else this.settleLater(record);

    if (outcome === 'processing') {
      this.answer(res, call, 200, {
        code: '099',
        response_description: 'TRANSACTION IS PROCESSING',
        requestId,
        content: { transactions: { status: 'initiated', transactionId: record.transactionId } },
      });
      return;
    }
    if (outcome === 'timeout') {
      // Delivered and recorded, but the answer is held until the client gives up (or ~30 s pass).
      this.log({ ...call, answer: 'held' });
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
    this.answer(res, call, 200, this.view(record));
  }

  private requery(res: ServerResponse, body: any): void {
    const requestId = text(body.request_id);
    const record = requestId ? this.recordOf(requestId) : undefined;
    const call = { method: 'POST', path: '/api/requery', requestId: requestId || null, mobileNumber: record?.billersCode ?? null };
    if (!record) {
      this.answer(res, call, 200, { code: '015', response_description: 'INVALID REQUEST ID' });
      return;
    }
    if (record.status === 'failed') {
      this.answer(res, call, 200, { code: '016', response_description: 'TRANSACTION FAILED', requestId });
      return;
    }
    // The first re-query finds an open purchase settled.
    this.finalise(record);
    this.answer(res, call, 200, this.view(record));
  }

  private recordTransaction(fields: Omit<VtpassRecord, 'transactionId' | 'createdAt'>): VtpassRecord {
    const record: VtpassRecord = {
      ...fields,
      transactionId: String(this.state.nextTransactionId++) + randomBytes(3).readUIntBE(0, 3),
      createdAt: new Date().toISOString(),
    };
    this.state.transactions.push(record);
    return record;
  }

  /** Delivery: an electricity purchase gets its customer, units and (prepaid) a fresh 20-digit token. */
  private deliver(record: VtpassRecord): void {
    if (record.kind === 'service') {
      if (servicePinsIssued(record.serviceID)) record.pins ??= [{ pin: newToken().slice(0, 16), serial: `SPN${newToken().slice(0, 10)}` }];
      return;
    }
    if (record.kind === 'exam') {
      record.pins ??= Array.from({ length: record.quantity ?? 1 }, () => ({
        pin: newToken().slice(0, record.serviceID === 'jamb' ? 16 : 12),
        ...(record.serviceID === 'waec' ? { serial: `WRN${newToken().slice(0, 9)}` } : {}),
      }));
      return;
    }
    if (record.kind !== 'electricity') return;
    Object.assign(record, simulatedElectricityDelivery(record.billersCode, record.amountNaira, record.variationCode === 'prepaid', record.token));
  }

  /** The answer of /api/pay and /api/requery for a recorded purchase, shaped like VTpass's. */
  private view(record: VtpassRecord): Record<string, unknown> {
    const delivered = record.status === 'delivered';
    const description =
      record.status === 'delivered'
        ? 'TRANSACTION SUCCESSFUL'
        : record.status === 'reversed'
          ? 'TRANSACTION REVERSED'
          : record.status === 'failed'
            ? 'TRANSACTION FAILED'
            : 'TRANSACTION PENDING';
    const electricity =
      record.kind === 'electricity' && delivered
        ? {
            ...(record.token ? { purchased_code: `Token : ${record.token}`, token: record.token } : { purchased_code: '' }),
            customerName: record.customerName ?? null,
            customerAddress: record.customerAddress ?? null,
            units: record.units ?? null,
            tokenAmount: record.amountNaira,
            exchangeReference: record.transactionId,
            resetToken: null,
            configureToken: null,
          }
        : {};
    const pins = record.kind === 'exam' && delivered ? (record.pins ?? []) : [];
    // Each exam service answers its PINs as VTpass does: WAEC result checker `cards`, WAEC registration `tokens`, JAMB `Pin`.
    const exam =
      pins.length === 0
        ? {}
        : record.serviceID === 'waec'
          ? {
              cards: pins.map((p) => ({ Serial: p.serial ?? null, Pin: p.pin })),
              purchased_code: pins.map((p) => `Serial No:${p.serial}, pin: ${p.pin}`).join('||'),
            }
          : record.serviceID === 'jamb'
            ? { Pin: `Pin : ${pins[0]!.pin}`, purchased_code: `Pin : ${pins[0]!.pin}` }
            : { tokens: pins.map((p) => p.pin), purchased_code: pins.map((p) => `Token : ${p.pin}`).join('||') };
    const servicePins = record.kind === 'service' && delivered && record.pins?.length ? servicePinsAnswer(record.pins) : {};
    return {
      code: '000',
      content: {
        transactions: {
          status: record.status,
          product_name: record.productName,
          unique_element: record.billersCode,
          unit_price: String(record.amountNaira),
          quantity: 1,
          service_verification: null,
          channel: 'api',
          commission: 0,
          total_amount: record.amountNaira + (record.overchargedKobo ?? 0) / 100,
          discount: null,
          type:
            record.kind === 'electricity'
              ? 'Electricity Bill'
              : record.kind === 'data'
                ? 'Data Services'
                : record.kind === 'cable'
                  ? 'TV Subscription'
                  : record.kind === 'exam'
                    ? 'Education'
                    : 'Airtime Recharge',
          email: 'sandbox@vtpass.local',
          phone: record.phone,
          name: null,
          convinience_fee: 0,
          amount: String(record.amountNaira),
          platform: 'api',
          method: 'api',
          transactionId: record.transactionId,
        },
      },
      response_description: description,
      requestId: record.requestId,
      amount: record.amountNaira,
      transaction_date: record.createdAt,
      ...electricity,
      ...exam,
      ...servicePins,
    };
  }
}

/** The customer the simulated discos have on a meter (shared with the MSORG simulator). */
export function customerNameOf(meter: string): string {
  return meter === VTPASS_SIM_METERS.valid ? VTPASS_DEMO_CUSTOMER : `CUSTOMER ${meter.slice(-4)}`;
}

/** What a simulated disco delivers for a vend: customer, address, units and, for prepaid meters, a 20-digit token (kept once issued). */
export function simulatedElectricityDelivery(
  meter: string,
  amountNaira: number,
  prepaid: boolean,
  issuedToken?: string,
): { customerName: string; customerAddress: string; units: string; token?: string } {
  return {
    customerName: customerNameOf(meter),
    customerAddress: `${Number(meter.slice(-2)) + 1} Demo Street`,
    units: `${(amountNaira / TARIFF_NAIRA_PER_KWH).toFixed(1)} kWh`,
    ...(prepaid ? { token: issuedToken ?? newToken() } : {}),
  };
}

/** How the simulated suppliers treat a meter: the magic numbers, else valid when 11–13 digits. */
export function simulatedMeterOutcome(meter: string): VtpassForcedOutcome | 'invalid' {
  if (meter === VTPASS_SIM_METERS.invalid || !/^\d{11,13}$/.test(meter)) return 'invalid';
  return outcomeFor('electricity', meter);
}

function outcomeFor(kind: Kind, key: string, serviceID = ''): VtpassForcedOutcome {
  if (kind === 'service') return serviceOutcome(key);
  const bySmartcard = (kind === 'cable' || kind === 'exam') && serviceID !== 'showmax' && !serviceID.startsWith('waec');
  if (bySmartcard) {
    const cards: Record<string, VtpassForcedOutcome> = {
      [VTPASS_SIM_SMARTCARDS.failed]: 'failed',
      [VTPASS_SIM_SMARTCARDS.processingThenDelivered]: 'processing',
    };
    return cards[key] ?? 'successful';
  }
  const table: Record<string, VtpassForcedOutcome> =
    kind === 'electricity'
      ? {
          [VTPASS_SIM_METERS.invalid]: 'failed',
          [VTPASS_SIM_METERS.processingThenDelivered]: 'processing',
          [VTPASS_SIM_METERS.pendingThenReversed]: 'processing-then-failed',
          [VTPASS_SIM_METERS.timeoutThenDelivered]: 'timeout',
        }
      : {
          [VTPASS_SIM_PHONES.failed]: 'failed',
          [VTPASS_SIM_PHONES.processingThenDelivered]: 'processing',
          [VTPASS_SIM_PHONES.pendingThenReversed]: 'processing-then-failed',
          [VTPASS_SIM_PHONES.timeoutThenDelivered]: 'timeout',
        };
  return table[key] ?? 'successful';
}
