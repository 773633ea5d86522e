import { describe, expect, it } from 'vitest';
import { listTransactionsQuery } from '@shared/api/transactions.js';
import { TRANSACTION_TYPES } from '@shared/constants.js';
import { TRANSACTION_TYPE_LABELS } from '@shared/products.js';
import { TYPE_OPTIONS } from './type-filter.js';

describe('the transactions type filter', () => {
  it('offers every transaction type, reseller upgrades and bulk purchases included, under its registry label', () => {
    expect(TYPE_OPTIONS[0]).toEqual({ value: 'all', label: 'All types' });
    expect(TYPE_OPTIONS.slice(1)).toEqual(TRANSACTION_TYPES.map((type) => ({ value: type, label: TRANSACTION_TYPE_LABELS[type] })));
    expect(TYPE_OPTIONS).toContainEqual({ value: 'upgrade', label: 'Reseller upgrade' });
    expect(TYPE_OPTIONS).toContainEqual({ value: 'bulk', label: 'Bulk purchase' });
    expect(TYPE_OPTIONS).toContainEqual({ value: 'cable', label: 'Cable TV' });
  });

  it('offers only types the listing accepts', () => {
    for (const { value } of TYPE_OPTIONS) expect(listTransactionsQuery.safeParse({ type: value }).success).toBe(true);
    // Rejection: a type the listing does not know is refused, so the filter cannot offer one.
    expect(listTransactionsQuery.safeParse({ type: 'lottery' }).success).toBe(false);
  });
});
