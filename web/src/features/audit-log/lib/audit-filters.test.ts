import { describe, expect, it } from 'vitest';
import { AUDIT_MSG } from '@shared/messages.js';
import { auditFiltersForm, auditQuery, EMPTY_AUDIT_FILTERS, operationLabel, OPERATION_OPTIONS, outcomeOf, targetText } from './audit-filters.js';

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
