/**
 * The VTpass protocol (integrations.md): headers `api-key` always and `secret-key` on POST (every
 * call here is a POST; `public-key` is for GETs), JSON bodies.
 *   POST /api/pay            airtime {request_id, serviceID: mtn|glo|airtel|etisalat, amount, phone}
 *                            data {request_id, serviceID: <net>-data, billersCode, variation_code, phone}
 *                            electricity {request_id, serviceID: <disco>-electric, billersCode: meter,
 *                                         variation_code: prepaid|postpaid, amount, phone}
 *   POST /api/requery        {request_id}
 *   POST /api/merchant-verify {billersCode, serviceID, type: prepaid|postpaid}
 * The request_id is the purchase's Lagos time `YYYYMMDDHHII` + our transaction id
 * (domain/vtpass-outcome.ts), the same for every submission and re-query of one purchase. Every
 * answer — including none — is classified by domain/vtpass-outcome.ts; nothing here throws for
 * supplier trouble.
 */
import type { ConfigurableSupplierName, NetworkName } from '../../../../shared/constants.js';
import { koboToNaira } from '../../../../shared/money.js';
import { statedNairaInKobo, type SupplierAnswer } from '../http-answer.js';
import {
  classifyVtpassBiller,
  classifyVtpassMeter,
  classifyVtpassPay,
  classifyVtpassRequery,
  vtpassRequestId,
  type VtpassClassification,
  type VtpassNotVerified,
} from './answers.js';
import type {
  AirtimeOrder,
  BillerCheck,
  BillerQuery,
  BillOrder,
  DataOrder,
  ElectricityOrder,
  MeterCheck,
  MeterQuery,
  RequeryKey,
  SupplierBalance,
  SupplierCallResult,
  SupplierGateway,
} from '../../../domain/purchases/suppliers-port.js';
import { vtpassBalanceKobo, vtpassChargedKobo } from './balance.js';
import { configSpeaking, type SupplierConfig, type VtpassKeyName, type VtpassSupplierConfig } from '../suppliers-config.js';
import { callSupplier, supplierBaseUrl, supplierCallResult } from '../supplier-call.js';

/** VTpass serviceIDs of airtime by network (9mobile keeps its old name, etisalat). */
export const VTPASS_AIRTIME_SERVICE_IDS: Record<NetworkName, string> = { MTN: 'mtn', GLO: 'glo', AIRTEL: 'airtel', '9MOBILE': 'etisalat' };
export const VTPASS_DATA_SERVICE_IDS: Record<NetworkName, string> = { MTN: 'mtn-data', GLO: 'glo-data', AIRTEL: 'airtel-data', '9MOBILE': 'etisalat-data' };
/** VTpass serviceIDs of the electricity companies, by our meter id. */
export const VTPASS_ELECTRICITY_SERVICE_IDS: Readonly<Record<number, string>> = {
  18: 'ikeja-electric',
  19: 'ibadan-electric',
  20: 'eko-electric',
  21: 'portharcourt-electric',
  22: 'kaduna-electric',
  23: 'kano-electric',
  24: 'jos-electric',
  25: 'abuja-electric',
  26: 'enugu-electric',
  28: 'yola-electric',
  29: 'benin-electric',
};

export interface VtpassOptions {
  config: SupplierConfig;
  secret(name: ConfigurableSupplierName, key: VtpassKeyName): Promise<string>;
  timeoutMs: number;
  fetch?: typeof fetch;
  /** Only for an order that does not say when it was placed. */
  now?: () => Date;
}

export class VtpassSupplier implements SupplierGateway {
  readonly name: ConfigurableSupplierName;
  readonly protocol = 'vtpass' as const;
  private readonly baseUrl: string;
  private readonly config: VtpassSupplierConfig;

  constructor(private readonly options: VtpassOptions) {
    const config = configSpeaking(options.config, 'vtpass', 'VTpass');
    this.config = config;
    this.name = config.name;
    this.baseUrl = supplierBaseUrl(config.baseUrl);
  }

  private requestIdOf(order: { requestId: string; placedAt?: string }): string {
    return vtpassRequestId(order.requestId, order.placedAt ?? (this.options.now ?? (() => new Date()))());
  }

  async buyAirtime(order: AirtimeOrder): Promise<SupplierCallResult> {
    const body = {
      request_id: this.requestIdOf(order),
      serviceID: VTPASS_AIRTIME_SERVICE_IDS[order.network],
      amount: koboToNaira(order.faceValueKobo),
      phone: order.phoneNumber,
    };
    // Nothing is sent when VTpass is not configured for the network: a definite failure (next supplier).
    if (!this.config.networks.includes(order.network)) return this.result({ path: '/api/pay', body }, { outcome: 'failed', reason: 'network_not_served' });
    return this.pay(body);
  }

  async buyData(order: DataOrder): Promise<SupplierCallResult> {
    const variation = this.config.dataVariationCodes[String(order.planId)];
    const body = {
      request_id: this.requestIdOf(order),
      serviceID: VTPASS_DATA_SERVICE_IDS[order.network],
      billersCode: order.phoneNumber,
      variation_code: variation ?? null,
      phone: order.phoneNumber,
    };
    const request = { path: '/api/pay', body, ourPlan: { planId: order.planId, planName: order.planName } };
    if (!this.config.networks.includes(order.network)) return this.result(request, { outcome: 'failed', reason: 'network_not_served' });
    if (variation === undefined) return this.result(request, { outcome: 'failed', reason: 'plan_not_mapped' });
    return this.pay(body, request);
  }

  async buyElectricity(order: ElectricityOrder): Promise<SupplierCallResult> {
    const serviceID = VTPASS_ELECTRICITY_SERVICE_IDS[order.meterId];
    const body = {
      request_id: this.requestIdOf(order),
      serviceID: serviceID ?? null,
      billersCode: order.meterNumber,
      variation_code: order.meterType,
      amount: koboToNaira(order.amountKobo),
      phone: order.phoneNumber,
    };
    if (!this.config.electricity) return this.result({ path: '/api/pay', body }, { outcome: 'failed', reason: 'electricity_not_served' });
    if (serviceID === undefined) return this.result({ path: '/api/pay', body }, { outcome: 'failed', reason: 'disco_not_mapped' });
    return this.pay(body);
  }

  /**
   * Cable TV and exam PINs (integrations.md "VTpass"): `pay` with the bill's serviceID and
   * variation_code; DStv/GOtv also name `subscription_type` (renew sends the amount, change the
   * bouquet and `quantity` months); exams send `quantity` PINs; billersCode is the smartcard / IUC,
   * Showmax's phone or the JAMB profile id (WAEC: the phone).
   */
  async buyBill(order: BillOrder): Promise<SupplierCallResult> {
    const body: Record<string, unknown> = {
      request_id: this.requestIdOf(order),
      serviceID: order.serviceId,
      billersCode: order.billersCode ?? order.phoneNumber,
      variation_code: order.variationCode,
      amount: koboToNaira(order.amountKobo),
      phone: order.phoneNumber,
      ...(order.subscriptionType ? { subscription_type: order.subscriptionType } : {}),
      ...(order.family === 'exam' || order.subscriptionType === 'change' ? { quantity: order.quantity } : {}),
    };
    return this.pay(body);
  }

  async verifyBiller(query: BillerQuery): Promise<BillerCheck> {
    const keys = await this.keys();
    if (!keys) return { kind: 'unavailable', supplier: this.name, reason: 'no_credentials' };
    const answer = await this.post('/api/merchant-verify', keys, {
      billersCode: query.billersCode,
      serviceID: query.serviceId,
      ...(query.type ? { type: query.type } : {}),
    });
    const verdict = classifyVtpassBiller(answer);
    if (verdict.kind !== 'valid') return this.notVerified(verdict);
    const renewalAmountKobo = statedNairaInKobo(verdict.renewalAmountNaira);
    const { kind: _kind, renewalAmountNaira: _renewal, ...facts } = verdict;
    return { kind: 'valid', supplier: this.name, ...facts, ...(renewalAmountKobo ? { renewalAmountKobo } : {}) };
  }

  async requery(key: RequeryKey): Promise<SupplierCallResult> {
    if (!key.placedAt) {
      // Without the placing time the request_id cannot be rebuilt; say nothing about the purchase.
      return this.result({ path: '/api/requery', body: { requestId: key.requestId } }, { outcome: 'ambiguous', reason: 'no_request_time' });
    }
    const body = { request_id: vtpassRequestId(key.requestId, key.placedAt) };
    const request = { path: '/api/requery', body };
    const keys = await this.keys();
    if (!keys) return this.result(request, { outcome: 'ambiguous', reason: 'no_credentials' });
    const answer = await this.post('/api/requery', keys, body);
    const result = this.result(request, classifyVtpassRequery(answer), answer);
    // What VTpass says it charged (`content.transactions.total_amount`): the reconciliation's amount.
    const chargedKobo = result.outcome === 'delivered' ? vtpassChargedKobo(result.response) : undefined;
    return chargedKobo === undefined ? result : { ...result, chargedKobo };
  }

  /** `GET /api/balance` (api-key and public-key): the account's wallet balance (`contents.balance`, naira) — the float the money desk polls. */
  async balance(): Promise<SupplierBalance> {
    let keys: { apiKey: string; publicKey: string };
    try {
      const [apiKey, publicKey] = await Promise.all([this.options.secret(this.name, 'api-key'), this.options.secret(this.name, 'public-key')]);
      keys = { apiKey, publicKey };
    } catch {
      return { kind: 'unavailable', supplier: this.name, reason: 'no_credentials' };
    }
    const headers = { 'api-key': keys.apiKey, 'public-key': keys.publicKey, accept: 'application/json' };
    const answer = await callSupplier({
      baseUrl: this.baseUrl,
      method: 'GET',
      path: '/api/balance',
      headers,
      timeoutMs: this.options.timeoutMs,
      fetch: this.options.fetch,
    });
    const balanceKobo = vtpassBalanceKobo(answer);
    return typeof balanceKobo === 'number'
      ? { kind: 'known', supplier: this.name, balanceKobo }
      : { kind: 'unavailable', supplier: this.name, reason: balanceKobo };
  }

  async verifyMeter(query: MeterQuery): Promise<MeterCheck> {
    const serviceID = VTPASS_ELECTRICITY_SERVICE_IDS[query.meterId];
    if (!this.config.electricity || serviceID === undefined) return { kind: 'unavailable', supplier: this.name, reason: 'disco_not_mapped' };
    const keys = await this.keys();
    if (!keys) return { kind: 'unavailable', supplier: this.name, reason: 'no_credentials' };
    const answer = await this.post('/api/merchant-verify', keys, { billersCode: query.meterNumber, serviceID, type: query.meterType });
    const verdict = classifyVtpassMeter(answer);
    if (verdict.kind !== 'valid') return this.notVerified(verdict);
    const minPurchaseKobo = statedNairaInKobo(verdict.minPurchaseNaira);
    return {
      kind: 'valid',
      supplier: this.name,
      customerName: verdict.customerName,
      ...(verdict.address ? { address: verdict.address } : {}),
      ...(verdict.meterNumber ? { meterNumber: verdict.meterNumber } : {}),
      ...(minPurchaseKobo ? { minPurchaseKobo } : {}),
    };
  }

  /** merchant-verify found no customer: the number is invalid (with VTpass's words), or this supplier says nothing either way. */
  private notVerified(verdict: VtpassNotVerified): Exclude<BillerCheck | MeterCheck, { kind: 'valid' }> {
    if (verdict.kind === 'invalid') return { kind: 'invalid', supplier: this.name, ...(verdict.message ? { message: verdict.message } : {}) };
    return { kind: 'unavailable', supplier: this.name, reason: verdict.reason };
  }

  private async pay(body: Record<string, unknown>, request: unknown = { path: '/api/pay', body }): Promise<SupplierCallResult> {
    const keys = await this.keys();
    // Nothing is sent without credentials, so nothing can have been delivered: a definite failure.
    if (!keys) return this.result(request, { outcome: 'failed', reason: 'no_credentials' });
    const answer = await this.post('/api/pay', keys, body);
    return this.result(request, classifyVtpassPay(answer), answer);
  }

  private async keys(): Promise<{ apiKey: string; secretKey: string } | undefined> {
    try {
      const [apiKey, secretKey] = await Promise.all([this.options.secret(this.name, 'api-key'), this.options.secret(this.name, 'secret-key')]);
      return { apiKey, secretKey };
    } catch {
      return undefined;
    }
  }

  private result(
    request: unknown,
    classification: Pick<VtpassClassification, 'outcome' | 'reason'> & Partial<VtpassClassification>,
    answer?: SupplierAnswer,
  ): SupplierCallResult {
    return supplierCallResult(this.name, request, classification, answer, classification);
  }

  private post(path: string, keys: { apiKey: string; secretKey: string }, body: unknown): Promise<SupplierAnswer> {
    const headers = { 'api-key': keys.apiKey, 'secret-key': keys.secretKey, accept: 'application/json', 'content-type': 'application/json' };
    return callSupplier({ baseUrl: this.baseUrl, method: 'POST', path, headers, body, timeoutMs: this.options.timeoutMs, fetch: this.options.fetch });
  }
}
