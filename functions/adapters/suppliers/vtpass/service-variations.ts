/**
 * VTpass's `GET /api/service-variations?serviceID=…` (headers `api-key` and `public-key`): what can
 * be sold under a serviceID, read for the back office when an admin configures a service. A plan
 * whose `fixedPrice` is "No" (Smile's `airtime`) takes the customer's amount.
 */
import type { VtpassVariationView } from '../../../../shared/api/configured-services.js';
import { VTPASS_SUPPLIER } from '../../../../shared/constants.js';
import { parseBody } from '../http-answer.js';
import { callSupplier, supplierBaseUrl } from '../supplier-call.js';
import { supplierSecret, supplierTimeoutMs, suppliersFromEnv } from '../suppliers-config.js';

export type VariationsAnswer =
  | { kind: 'listed'; serviceName: string; variations: VtpassVariationView[] }
  | { kind: 'unknown_service' }
  | { kind: 'unavailable'; reason: string };

const obj = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** Reads VTpass's answer: its variations (amount in naira, 0 when free), or that the serviceID sells nothing. */
export function readVariations(status: number, bodyText: string): VariationsAnswer {
  const body = obj(parseBody(bodyText));
  const content = obj(body?.content);
  const list = content?.variations ?? content?.varations;
  if (status !== 200 || !body) return { kind: 'unavailable', reason: `http_${status}` };
  if (!Array.isArray(list)) return { kind: 'unknown_service' };
  const variations = list.flatMap((entry): VtpassVariationView[] => {
    const v = obj(entry);
    const code = typeof v?.variation_code === 'string' ? v.variation_code.trim() : '';
    const name = typeof v?.name === 'string' ? v.name.trim() : '';
    if (!code || !name) return [];
    const amount = Number(v?.variation_amount ?? 0);
    const fixedPrice = String(v?.fixedPrice ?? 'Yes').toLowerCase() !== 'no';
    return [{ variation_code: code, name, variation_amount: Number.isFinite(amount) && amount > 0 ? amount : 0, fixedPrice }];
  });
  return { kind: 'listed', serviceName: typeof content?.ServiceName === 'string' ? content.ServiceName : '', variations };
}

/** Asks the configured VTpass account; no account, no keys or no answer is `unavailable` (nothing is made up). */
export async function vtpassServiceVariations(serviceId: string, fetcher?: typeof fetch): Promise<VariationsAnswer> {
  const config = suppliersFromEnv().find((c) => c.name === VTPASS_SUPPLIER && c.protocol === 'vtpass');
  if (!config) return { kind: 'unavailable', reason: 'vtpass_not_configured' };
  let headers: Record<string, string>;
  try {
    const [apiKey, publicKey] = await Promise.all([supplierSecret(config.name, 'api-key'), supplierSecret(config.name, 'public-key')]);
    headers = { 'api-key': apiKey, 'public-key': publicKey, accept: 'application/json' };
  } catch {
    return { kind: 'unavailable', reason: 'no_credentials' };
  }
  const answer = await callSupplier({
    baseUrl: supplierBaseUrl(config.baseUrl),
    method: 'GET',
    path: `/api/service-variations?serviceID=${encodeURIComponent(serviceId)}`,
    headers,
    timeoutMs: supplierTimeoutMs(),
    ...(fetcher ? { fetch: fetcher } : {}),
  });
  if (answer.kind !== 'http') return { kind: 'unavailable', reason: answer.kind };
  return readVariations(answer.status, answer.bodyText);
}
