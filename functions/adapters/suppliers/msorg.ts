/**
 * The MSORG panel protocol (integrations.md): `Authorization: Token <key>`, JSON bodies,
 * `POST /api/topup/` to buy airtime, `POST /api/data/` to buy a data plan (the panel's own network
 * and plan ids), `GET /api/data/<id>` to re-query by the panel's id or our
 * request_id. Every answer — including none — is classified by domain/supplier-outcome.ts; this
 * adapter never throws for supplier trouble.
 */
import type { ConfigurableSupplierName } from '../../../shared/constants.js';
import { koboToNaira } from '../../../shared/money.js';
import { classifyRequery, classifySubmission, type Classification, type SupplierAnswer } from '../../domain/supplier-outcome.js';
import type { AirtimeOrder, DataOrder, RequeryKey, SupplierCallResult, SupplierGateway } from '../../ports/suppliers.js';
import { InvalidSupplierConfigError, type MsorgSupplierConfig, type SupplierConfig } from './config.js';

export interface MsorgOptions {
  config: SupplierConfig;
  token(name: ConfigurableSupplierName): Promise<string>;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const MAX_RESPONSE_CHARS = 64 * 1024;

export class MsorgSupplier implements SupplierGateway {
  readonly name: ConfigurableSupplierName;
  private readonly baseUrl: string;
  private readonly config: MsorgSupplierConfig;

  constructor(private readonly options: MsorgOptions) {
    const { config } = options;
    if (config.protocol !== 'msorg') throw new InvalidSupplierConfigError(`${config.name} does not speak the MSORG protocol`);
    this.config = config;
    this.name = config.name;
    this.baseUrl = config.baseUrl.replace(/\/+$/, '');
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
    const plan = order.supplierPlanIds[this.name];
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

  async requery(key: RequeryKey): Promise<SupplierCallResult> {
    const id = key.supplierReference ?? key.requestId;
    const path = `/api/data/${encodeURIComponent(id)}`;
    const request = { method: 'GET', path };
    const token = await this.tokenOrUndefined();
    if (token === undefined) return this.result(request, { outcome: 'ambiguous', reason: 'no_credentials' });
    const answer = await this.call('GET', path, token);
    return this.result(request, classifyRequery(answer), answer);
  }

  private async tokenOrUndefined(): Promise<string | undefined> {
    try {
      return await this.options.token(this.name);
    } catch {
      return undefined;
    }
  }

  private result(request: unknown, classification: Classification, answer?: SupplierAnswer): SupplierCallResult {
    return {
      supplier: this.name,
      outcome: classification.outcome,
      reason: classification.reason,
      ...(classification.supplierReference === undefined ? {} : { supplierReference: classification.supplierReference }),
      ...(classification.apiResponse === undefined ? {} : { apiResponse: classification.apiResponse }),
      ...(answer?.kind === 'http' ? { httpStatus: answer.status } : {}),
      request,
      response: classification.body ?? (answer && answer.kind !== 'http' ? answer : null),
    };
  }

  private async call(method: 'GET' | 'POST', path: string, token: string, body?: unknown): Promise<SupplierAnswer> {
    const doFetch = this.options.fetch ?? fetch;
    try {
      const response = await doFetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Token ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // Covers the whole exchange, body included.
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await response.text();
      return { kind: 'http', status: response.status, bodyText: text.slice(0, MAX_RESPONSE_CHARS) };
    } catch (error) {
      const name = (error as Error | undefined)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') return { kind: 'timeout' };
      return { kind: 'network_error', message: String((error as Error)?.message ?? error) };
    }
  }
}
