import { describe, expect, it } from 'vitest';
import { TRANSACTION_TYPES } from '@shared/constants.js';
import { TRANSACTION_TYPE_LABELS } from '@shared/products.js';
import { partyLabels, typeAndItem, typeLabel } from './transaction-labels.js';

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
