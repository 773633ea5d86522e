import { describe, expect, it } from 'vitest';
import { TRANSACTION_TYPES } from '@shared/constants.js';
import { TRANSACTION_TYPE_LABELS } from '@shared/products.js';
import { amountSign, direction, groupBatchLines, partyLabels, typeAndItem, typeLabel } from './transaction-labels.js';

const of = (trans_Type: (typeof TRANSACTION_TYPES)[number], trans_Network = '') => ({ trans_Type, trans_Network });

describe('transaction labels come from the product registry', () => {
  it('names every type in words ("Cable TV", "Reseller upgrade"), never the raw type', () => {
    for (const type of TRANSACTION_TYPES) expect(typeLabel(of(type))).toBe(TRANSACTION_TYPE_LABELS[type]);
    expect(typeLabel(of('cable'))).toBe('Cable TV');
    expect(typeAndItem(of('airtime', 'MTN'))).toBe('Airtime · MTN');
  });

  it('a withdrawal reads "Withdrawal · <bank>" though the API says wallet', () => {
    expect(typeLabel({ ...of('wallet', 'Polaris Bank'), isWithdrawal: true })).toBe('Withdrawal · Polaris Bank');
    expect(typeAndItem({ ...of('wallet', 'Polaris Bank'), isWithdrawal: true })).toBe('Withdrawal · Polaris Bank');
  });

  it("names an electricity disco and meter, a cable provider and smartcard, an exam (not a network), a JAMB candidate's profile id", () => {
    expect(partyLabels(of('electricity'))).toEqual({ provider: 'Disco', target: 'Meter number' });
    expect(partyLabels(of('cable'))).toEqual({ provider: 'Provider', target: 'Smartcard number' });
    expect(partyLabels(of('exam'))).toEqual({ provider: 'Exam', target: 'Phone number' });
    expect(partyLabels({ ...of('exam'), profileId: '1212121212' })).toEqual({ provider: 'Exam', target: 'Candidate profile id' });
    expect(partyLabels(of('airtime'))).toEqual({ provider: 'Network', target: 'Phone number' });
    expect(partyLabels(of('transfer'))).toEqual({ provider: 'Network', target: 'Phone number' });
  });
});

describe('money in and out on the dashboard', () => {
  const moved = (before: number, after: number) => ({ balance_Before: before, balance_After: after });

  it('signs money in "+" and money out "−", and leaves a line its batch paid for unsigned', () => {
    expect([direction(moved(0, 100)), amountSign(moved(0, 100))]).toEqual(['credit', '+']);
    expect([direction(moved(500, 5)), amountSign(moved(500, 5))]).toEqual(['debit', '−']);
    expect([direction(moved(5, 5)), amountSign(moved(5, 5))]).toEqual(['none', '']);
  });

  it('names a batch by what it bought and leaves out an item that repeats the type', () => {
    expect(typeAndItem(of('bulk', 'AIRTIME'))).toBe('Bulk airtime');
    expect(typeAndItem(of('wallet', 'coupon'))).toBe('Wallet funding · Coupon');
    expect(typeAndItem(of('transfer', 'transfer'))).toBe('Transfer');
    expect(typeAndItem(of('upgrade'))).toBe('Reseller upgrade');
  });

  it("puts a batch's lines under their batch, in the listing's order; a line whose batch is not listed stays on its own", () => {
    const listed = [{ _id: 'L2', batchId: 'B1' }, { _id: 'L1', batchId: 'B1' }, { _id: 'B1' }, { _id: 'F1' }, { _id: 'L9', batchId: 'B0' }];
    expect(groupBatchLines(listed).map((g) => [g.transaction._id, g.lines.map((l) => l._id)])).toEqual([
      ['B1', ['L2', 'L1']],
      ['F1', []],
      ['L9', []],
    ]);
  });
});
