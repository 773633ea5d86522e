import { describe, expect, it } from 'vitest';
import { AUDIT_MSG } from '@shared/messages.js';
import {
  auditFiltersForm,
  auditQuery,
  changeOf,
  changeText,
  EMPTY_AUDIT_FILTERS,
  operationLabel,
  OPERATION_OPTIONS,
  outcomeOf,
  targetText,
} from './audit-filters.js';

describe('the audit log filters form (the server query schema without the page)', () => {
  it('treats empty fields as "any" (the server then lists today) and adds the page', () => {
    expect(auditFiltersForm.parse(EMPTY_AUDIT_FILTERS)).toEqual({});
    expect(auditQuery(auditFiltersForm.parse({ day: '2026-11-25', actor: ' admin ', operation: 'refundTransaction' }), 3)).toEqual({
      day: '2026-11-25',
      actor: 'admin',
      operation: 'refundTransaction',
      page: 3,
    });
  });

  it('refuses what the server would refuse, with the same message', () => {
    expect(auditFiltersForm.safeParse({ ...EMPTY_AUDIT_FILTERS, day: '25/11/2026' }).error?.issues[0]?.message).toBe(AUDIT_MSG.invalidDay);
    expect(auditFiltersForm.safeParse({ ...EMPTY_AUDIT_FILTERS, actor: 'a b' }).error?.issues[0]?.message).toBe(AUDIT_MSG.invalidActor);
    expect(auditFiltersForm.safeParse({ ...EMPTY_AUDIT_FILTERS, operation: 'buyAirtime' }).error?.issues[0]?.message).toBe(AUDIT_MSG.invalidOperation);
  });

  it('offers every operator action by a readable name, and shows targets and outcomes plainly', () => {
    expect(operationLabel('setNotification')).toBe('Set notification');
    expect(operationLabel('adminUpgradeUser')).toBe('Admin upgrade user');
    expect(OPERATION_OPTIONS.map((o) => o.value)).toEqual(expect.arrayContaining(['', 'refundTransaction', 'resetUserPassword']));
    expect(targetText({ id: 'T1', userType: 'reseller' })).toBe('id=T1, userType=reseller');
    expect(targetText({})).toBe('—');
    expect([outcomeOf(200), outcomeOf(201), outcomeOf(400), outcomeOf(500)]).toEqual(['success', 'success', 'failed', 'failed']);
  });
});

describe("an entry's before/after (recorded by the action's own write)", () => {
  it('reads amounts in kobo as naira, nested fields by their path, nothing as a dash', () => {
    expect(changeOf({ before: { trans_Status: 'processing', balanceKobo: 401_00 }, after: { trans_Status: 'refunded', balanceKobo: 500_00 } })).toEqual({
      before: 'trans_Status=processing, balance=₦401.00',
      after: 'trans_Status=refunded, balance=₦500.00',
    });
    expect(changeText({ receiver: { userName: 'ada', balanceKobo: 0 } })).toBe('receiver.userName=ada, receiver.balance=₦0.00');
    expect(changeOf({ before: null, after: { coupon: { code: 'ABC' } } })).toEqual({ before: '—', after: 'coupon.code=ABC' });
  });

  it('rejection: an entry the HTTP layer wrote (no before/after) shows no change', () => {
    expect(changeOf({})).toBeNull();
  });
});
