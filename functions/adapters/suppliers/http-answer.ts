/**
 * What one HTTP call to a supplier gave back, and the reading helpers every protocol's classifier
 * uses. Classifiers live in each supplier's folder; this file knows no protocol.
 */
import { nairaToKobo, type Kobo } from '../../../shared/money.js';
import type { Classification } from '../../domain/purchases/suppliers.js';

export type { Classification };

/** What came back from one HTTP call to a supplier. */
export type SupplierAnswer = { kind: 'http'; status: number; bodyText: string } | { kind: 'timeout' } | { kind: 'network_error'; message: string };

export function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function field(body: unknown, ...names: string[]): unknown {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  for (const name of names) if (record[name] !== undefined && record[name] !== null) return record[name];
  return undefined;
}

export function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

export function details(body: unknown): Pick<Classification, 'supplierReference' | 'apiResponse'> {
  return { supplierReference: asText(field(body, 'id', 'ident')), apiResponse: asText(field(body, 'api_response', 'message', 'msg')) };
}

/** A naira figure a supplier stated ("1234.50" or 1234.5) in kobo; undefined when it stated none, or one that is no amount. */
export function statedNairaInKobo(value: unknown): Kobo | undefined {
  const naira = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  if (!Number.isFinite(naira)) return undefined;
  try {
    return nairaToKobo(naira.toFixed(2));
  } catch {
    return undefined;
  }
}
