/**
 * An e-PIN panel (SubAndGain / Boompei family, integrations.md "Recharge card PINs"): one call,
 * `GET /api/epin.php?username=&apiKey=&network=&denomination=&name=&quantity=`, answers the PINs at
 * once. The protocol has no request id and no re-query: an order whose answer is lost cannot be
 * asked about, so `requery` answers ambiguous and the purchase stays pending for an operator, who
 * settles it from the panel's own history (decision 114). Never throws for supplier trouble.
 */
import type { ConfigurableSupplierName, NetworkName } from '../../../../shared/constants.js';
import type { EpinOrder, RequeryKey, SupplierCallResult, SupplierGateway } from '../../../domain/purchases/suppliers-port.js';
import { configSpeaking, type SupplierConfig } from '../suppliers-config.js';
import { parseBody } from '../http-answer.js';
import { callSupplier, supplierBaseUrl, supplierCallResult } from '../supplier-call.js';
import { bundlePins, classifyEpinOrder, type Classification, type SupplierAnswer } from './answers.js';
import type { EpinPanelSupplierConfig } from './config.js';

export interface EpinPanelOptions {
  config: SupplierConfig;
  /** The account's API key. */
  token(name: ConfigurableSupplierName): Promise<string>;
  timeoutMs: number;
  fetch?: typeof fetch;
}

/** How the panels spell the networks. */
export const EPIN_PANEL_NETWORKS: Readonly<Record<NetworkName, string>> = { MTN: 'MTN', GLO: 'Glo', AIRTEL: 'Airtel', '9MOBILE': '9MOBILE' };

export const EPIN_PANEL_PATH = '/api/epin.php';

export class EpinPanelSupplier implements SupplierGateway {
  // No `protocol`: a panel of this family pushes nothing, so no push re-checks its purchases.
  readonly name: ConfigurableSupplierName;
  private readonly baseUrl: string;
  private readonly config: EpinPanelSupplierConfig;

  constructor(private readonly options: EpinPanelOptions) {
    this.config = configSpeaking(options.config, 'epin-panel', 'e-PIN panel');
    this.name = this.config.name;
    this.baseUrl = supplierBaseUrl(this.config.baseUrl);
  }

  async buyEpins(order: EpinOrder): Promise<SupplierCallResult> {
    const params = {
      network: EPIN_PANEL_NETWORKS[order.network],
      denomination: String(order.denominationNaira),
      name: order.businessName,
      quantity: String(order.quantity),
    };
    // What the attempt keeps: the order, never the key.
    const request = { method: 'GET', path: EPIN_PANEL_PATH, params, requestId: order.requestId };
    const apiKey = await this.tokenOrUndefined();
    // Nothing is sent without the key: nothing can have been issued.
    if (apiKey === undefined) return this.result(request, { outcome: 'failed', reason: 'no_credentials' });
    const query = new URLSearchParams({ username: this.config.username, apiKey, ...params });
    const answer = await callSupplier({
      baseUrl: this.baseUrl,
      method: 'GET',
      path: `${EPIN_PANEL_PATH}?${query}`,
      headers: { accept: 'application/json' },
      timeoutMs: this.options.timeoutMs,
      fetch: this.options.fetch,
    });
    return this.result(request, classifyEpinOrder(answer), answer);
  }

  /** The panel cannot be asked about an order: still ambiguous, so nothing is settled on a guess. */
  async requery(key: RequeryKey): Promise<SupplierCallResult> {
    return this.result(
      { requestId: key.requestId, ...(key.supplierReference ? { supplierReference: key.supplierReference } : {}) },
      {
        outcome: 'ambiguous',
        reason: 'no_requery_call',
      },
    );
  }

  async buyAirtime(order: { requestId: string }): Promise<SupplierCallResult> {
    return this.result({ requestId: order.requestId }, { outcome: 'failed', reason: 'airtime_not_supported' });
  }

  async buyData(order: { requestId: string }): Promise<SupplierCallResult> {
    return this.result({ requestId: order.requestId }, { outcome: 'failed', reason: 'data_not_supported' });
  }

  private async tokenOrUndefined(): Promise<string | undefined> {
    try {
      return await this.options.token(this.name);
    } catch {
      return undefined;
    }
  }

  /** The PINs the panel issued are copied from its answer (on a delivery only), never made up. */
  private result(request: unknown, classification: Classification, answer?: SupplierAnswer): SupplierCallResult {
    const pins = classification.outcome === 'delivered' && answer?.kind === 'http' ? bundlePins(parseBody(answer.bodyText)) : [];
    return supplierCallResult(this.name, request, classification, answer, pins.length ? { bill: { pins } } : {});
  }
}
