/** Refund: when the screen offers it and the server allows it (one rule, shared/api/refunds.ts). */
import { describe, expect, it } from 'vitest';
import { isRefundOffered } from '../../../shared/api/refunds.js';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../../shared/constants.js';

describe('the refund rule', () => {
  it('offers a refund for airtime, data, electricity, cable TV and exam PIN purchases that are processing, pending or delivered', () => {
    for (const trans_Type of ['airtime', 'data', 'electricity', 'cable', 'exam'] as const) {
      for (const trans_Status of ['processing', 'pending', 'success'] as const)
        expect(isRefundOffered({ trans_Type, trans_Status }), `${trans_Type} ${trans_Status}`).toBe(true);
    }
  });

  it('rejection: never once refunded or failed, never for transfer, wallet or refund records, nor for credits and fees that delivered nothing', () => {
    for (const trans_Type of TRANSACTION_TYPES) {
      for (const trans_Status of ['refunded', 'failed'] as const) expect(isRefundOffered({ trans_Type, trans_Status })).toBe(false);
    }
    for (const trans_Type of ['transfer', 'wallet', 'refund', 'referrer', 'earning', 'withdrawal', 'upgrade'] as const) {
      for (const trans_Status of TRANSACTION_STATUSES) expect(isRefundOffered({ trans_Type, trans_Status }), `${trans_Type} ${trans_Status}`).toBe(false);
    }
  });
});
