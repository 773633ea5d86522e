/**
 * The MSORG panel protocol (integrations.md): `Authorization: Token <key>`, JSON bodies,
 * `POST /api/topup/` to buy airtime, `POST /api/data/` to buy a data plan (the panel's own network
 * and plan ids), `GET /api/data/<id>` to re-query by the panel's id or our request_id.
 * Electricity, when the panel is configured for it (its own disco names):
 * `GET /api/validatemeter?meternumber=&disconame=&mtype=` (mtype 1 prepaid, 2 postpaid),
 * `POST /api/billpayment/ {disco_name, amount, meter_number, MeterType, request_id}` and
 * `GET /api/billpayment/<id>` to re-query a bill payment.
 * Every answer — including none — is classified by domain/supplier-outcome.ts; this
 * adapter never throws for supplier trouble.
 */
import type { ConfigurableSupplierName } from '../../../../shared/constants.js';
import { koboToNaira } from '../../../../shared/money.js';
import type { MeterType } from '../../../../shared/constants.js';
import { classifyMsorgMeter, classifyRequery, classifySubmission, msorgElectricityDelivery, type Classification, type SupplierAnswer } from './answers.js';
import { msorgAccountBalanceKobo, msorgBalances, msorgHistoryPage } from './balance.js';
import type {
  AirtimeOrder,
  DataOrder,
  ElectricityOrder,
  MeterCheck,
  MeterQuery,
  RequeryKey,
  SupplierBalance,
  SupplierCallResult,
  SupplierGateway,
  SupplierListedCharge,
} from '../../../domain/purchases/suppliers-port.js';
import { configSpeaking, msorgDiscoNames, type MsorgSupplierConfig, type SupplierConfig } from '../suppliers-config.js';
import { callSupplier, supplierBaseUrl, supplierCallResult } from '../supplier-call.js';

export interface MsorgOptions {
  config: SupplierConfig;
  token(name: ConfigurableSupplierName): Promise<string>;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** The panels' meter type numbers (`mtype`, `MeterType`). */
export const MSORG_METER_TYPES: Record<MeterType, number> = { prepaid: 1, postpaid: 2 };

export class MsorgSupplier implements SupplierGateway {
  readonly name: ConfigurableSupplierName;
  readonly protocol = 'msorg' as const;
  private readonly baseUrl: string;
  private readonly config: MsorgSupplierConfig;
  private readonly discoNames: Readonly<Record<number, string>>;

  constructor(private readonly options: MsorgOptions) {
    const config = configSpeaking(options.config, 'msorg', 'MSORG');
    this.config = config;
    this.name = config.name;
    this.baseUrl = supplierBaseUrl(config.baseUrl);
    this.discoNames = msorgDiscoNames(config);
  }

  async buyAirtime(order: AirtimeOrder): Promise<SupplierCallResult> {
    const network = this.config.networkIds[order.network];
    const body = {
      network,
      amount: koboToNaira(order.faceValueKobo),
      mobile_number: order.phoneNumber,
      Ported_number: true,
      airtime_type: 'VTU',
      request_id: order.requestId,
    };
    const request = { method: 'POST', path: '/api/topup/', body };
    // Nothing is sent in these two cases, so nothing can have been delivered: a definite failure.
    if (network === undefined) return this.result(request, { outcome: 'failed', reason: 'network_not_mapped' });
    const token = await this.tokenOrUndefined();
    if (token === undefined) return this.result(request, { outcome: 'failed', reason: 'no_credentials' });
    const answer = await this.call('POST', '/api/topup/', token, body);
    return this.result(request, classifySubmission(answer), answer);
  }

  async buyData(order: DataOrder): Promise<SupplierCallResult> {
    const network = this.config.networkIds[order.network];
    // The id entered for this panel; our own only where the panel is configured to share our ids.
    const plan = order.supplierPlanIds[this.name] ?? (this.config.sharesOurPlanIds ? order.planId : undefined);
    const body = { network, mobile_number: order.phoneNumber, plan, Ported_number: true, request_id: order.requestId };
    const request = { method: 'POST', path: '/api/data/', body, ourPlan: { planId: order.planId, planName: order.planName } };
    // As for airtime: nothing is sent, so nothing can have been delivered — a definite failure (next supplier).
    if (network === undefined) return this.result(request, { outcome: 'failed', reason: 'network_not_mapped' });
    if (plan === undefined) return this.result(request, { outcome: 'failed', reason: 'plan_not_mapped' });
    const token = await this.tokenOrUndefined();
    if (token === undefined) return this.result(request, { outcome: 'failed', reason: 'no_credentials' });
    const answer = await this.call('POST', '/api/data/', token, body);
    return this.result(request, classifySubmission(answer), answer);
  }

  async verifyMeter(query: MeterQuery): Promise<MeterCheck> {
    const discoName = this.discoNames[query.meterId];
    if (discoName === undefined) return { kind: 'unavailable', supplier: this.name, reason: 'disco_not_mapped' };
    const token = await this.tokenOrUndefined();
    if (token === undefined) return { kind: 'unavailable', supplier: this.name, reason: 'no_credentials' };
    const params = new URLSearchParams({ meternumber: query.meterNumber, disconame: discoName, mtype: String(MSORG_METER_TYPES[query.meterType]) });
    const verdict = classifyMsorgMeter(await this.call('GET', `/api/validatemeter?${params}`, token));
    return { ...verdict, supplier: this.name };
  }

  async buyElectricity(order: ElectricityOrder): Promise<SupplierCallResult> {
    const discoName = this.discoNames[order.meterId];
    const body = {
      disco_name: discoName ?? null,
      amount: koboToNaira(order.amountKobo),
      meter_number: order.meterNumber,
      MeterType: MSORG_METER_TYPES[order.meterType],
      request_id: order.requestId,
    };
    const request = { method: 'POST', path: '/api/billpayment/', body };
    // Nothing is sent for a company the panel is not configured for: a definite failure (next supplier).
    if (discoName === undefined) return this.result(request, { outcome: 'failed', reason: 'disco_not_mapped' });
    const token = await this.tokenOrUndefined();
    if (token === undefined) return this.result(request, { outcome: 'failed', reason: 'no_credentials' });
    const answer = await this.call('POST', '/api/billpayment/', token, body);
    return this.result(request, classifySubmission(answer), answer, true);
  }

  /** Re-queries by the panel's id or our request_id: bill payments at /api/billpayment/<id>, the rest at /api/data/<id>. */
  async requery(key: RequeryKey): Promise<SupplierCallResult> {
    const id = key.supplierReference ?? key.requestId;
    const electricity = key.service === 'electricity';
    const path = `/api/${electricity ? 'billpayment' : 'data'}/${encodeURIComponent(id)}`;
    const request = { method: 'GET', path };
    const token = await this.tokenOrUndefined();
    if (token === undefined) return this.result(request, { outcome: 'ambiguous', reason: 'no_credentials' });
    const answer = await this.call('GET', path, token);
    return this.result(request, classifyRequery(answer), answer, electricity);
  }

  /** `GET /api/user/`: the account's balance (`user.Account_Balance`, naira) — the float the money desk polls. */
  async balance(): Promise<SupplierBalance> {
    const token = await this.tokenOrUndefined();
    if (token === undefined) return { kind: 'unavailable', supplier: this.name, reason: 'no_credentials' };
    const balance = msorgAccountBalanceKobo(await this.call('GET', '/api/user/', token));
    return typeof balance === 'number'
      ? { kind: 'known', supplier: this.name, balanceKobo: balance }
      : { kind: 'unavailable', supplier: this.name, reason: balance };
  }

  /**
   * `GET /api/history/?date=YYYY-MM-DD&page=N`: the panel's own transactions of a day, where the panel
   * lists them (the local simulator does); a panel without a listing (404) has none, and its
   * purchases are reconciled by re-query alone.
   */
  async history(day: string, cursor?: string): Promise<{ charges: SupplierListedCharge[]; next?: string } | undefined> {
    const token = await this.tokenOrUndefined();
    if (token === undefined) return undefined;
    const page = Number(cursor ?? 1);
    return msorgHistoryPage(await this.call('GET', `/api/history/?date=${encodeURIComponent(day)}&page=${page}`, token), page);
  }

  private async tokenOrUndefined(): Promise<string | undefined> {
    try {
      return await this.options.token(this.name);
    } catch {
      return undefined;
    }
  }

  /** `electricity`: copy what the panel said it delivered (only on a delivery; never made up). */
  private result(request: unknown, classification: Classification, answer?: SupplierAnswer, electricity = false): SupplierCallResult {
    const delivered = electricity && classification.outcome === 'delivered' ? msorgElectricityDelivery(classification.body) : undefined;
    return { ...supplierCallResult(this.name, request, classification, answer, { electricity: delivered }), ...msorgBalances(classification.body) };
  }

  private call(method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<SupplierAnswer> {
    const headers = { authorization: `Token ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
    return callSupplier({ baseUrl: this.baseUrl, method, path, headers, body, timeoutMs: this.options.timeoutMs, fetch: this.options.fetch });
  }
}
