/**
 * A refund's reason in words, for people: the stored reason is a short code
 * (`supplier_failed:not_successful`, `operator_refund:admin:ops`, `payout failed`), and the
 * supplier's own words, when it gave any, are kept on the purchase as its apiResponse.
 */
import { REFUND_REASON_MSG } from '../../../shared/messages.js';

const BY_PREFIX: ReadonlyArray<[string, string]> = [
  ['supplier_failed', REFUND_REASON_MSG.supplierFailed],
  ['requery_failed', REFUND_REASON_MSG.requeryFailed],
  ['supplier_reversed', REFUND_REASON_MSG.supplierReversed],
  ['operator_refund', REFUND_REASON_MSG.operatorRefund],
  ['payout reversed', REFUND_REASON_MSG.payoutReversed],
  ['payout', REFUND_REASON_MSG.payoutFailed],
  ['transfer refused', REFUND_REASON_MSG.payoutFailed],
  ['recipient refused', REFUND_REASON_MSG.recipientRefused],
];

/** "The network provider could not deliver it: Invalid number" — undefined when nothing was refunded. */
export function refundReasonInWords(record: { trans_Status: string; refundReason?: string; apiResponse?: string }): string | undefined {
  if (record.trans_Status !== 'refunded' && !record.refundReason) return undefined;
  const code = (record.refundReason ?? '').trim();
  const headline = BY_PREFIX.find(([prefix]) => code.startsWith(prefix))?.[1] ?? REFUND_REASON_MSG.other;
  const words = record.apiResponse?.trim();
  return words ? `${headline}: ${words}` : headline;
}

const TEXT_FIELDS = ['api_response', 'response_description', 'message', 'msg', 'error', 'detail'] as const;

function textIn(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 200);
  if (Array.isArray(value)) return value.map(textIn).find(Boolean);
  return undefined;
}

/** The supplier's own words from the latest attempt that said anything readable (its message field). */
export function supplierWords(attempts: ReadonlyArray<{ response?: unknown }> | undefined): string | undefined {
  for (const attempt of [...(attempts ?? [])].reverse()) {
    const body = attempt.response;
    if (!body || typeof body !== 'object') continue;
    for (const field of TEXT_FIELDS) {
      const text = textIn((body as Record<string, unknown>)[field]);
      if (text) return text;
    }
  }
  return undefined;
}
