/** Pure rules: supplier order and failover decisions, service locks, contact lifetime and the admin/contact input schemas. */
import { describe, expect, it } from 'vitest';
import { parseServiceStatus, setSupplierRequest, updateServiceRequest } from '../../../shared/api/admin.js';
import { addContactRequest, updateContactRequest } from '../../../shared/api/contacts.js';
import { BILL_MSG, CATALOGUE_MSG, MSG } from '../../../shared/messages.js';
import { sortContacts, toContactView, type Contact } from '../../../functions/domain/accounts/contacts.js';
import { lockedService, serviceList, type ServiceSetting } from '../../../functions/domain/purchases/service-locks.js';
import { decideAfterAttempt, supplierPreference } from '../../../functions/domain/purchases/suppliers.js';

describe('supplier order', () => {
  it('the admin’s choice first, then the other configured suppliers once each', () => {
    expect(supplierPreference(['ALARO', 'GLAD'], 'GLAD')).toEqual(['GLAD', 'ALARO']);
    expect(supplierPreference(['ALARO', 'GLAD'], 'ALARO')).toEqual(['ALARO', 'GLAD']);
  });
  it('no choice → the default (ALARO) first; a choice that is not configured is ignored', () => {
    expect(supplierPreference(['GLAD', 'ALARO'], undefined)).toEqual(['ALARO', 'GLAD']);
    expect(supplierPreference(['GLAD'], 'ALARO')).toEqual(['GLAD']);
    expect(supplierPreference([], 'ALARO')).toEqual([]);
    expect(supplierPreference(['ALARO', 'ALARO'], undefined)).toEqual(['ALARO']);
  });
});

describe('failover decision', () => {
  const order = ['ALARO', 'GLAD'];
  it('a definite failure fails over to the next supplier not tried yet', () => {
    expect(decideAfterAttempt('failed', order, ['ALARO'])).toEqual({ kind: 'fail_over', next: 'GLAD' });
  });
  it('a definite failure with nobody left refunds', () => {
    expect(decideAfterAttempt('failed', order, ['ALARO', 'GLAD'])).toEqual({ kind: 'refund' });
    expect(decideAfterAttempt('failed', ['ALARO'], ['ALARO'])).toEqual({ kind: 'refund' });
  });
  it('an ambiguous answer never fails over (it could double-deliver): it goes pending', () => {
    expect(decideAfterAttempt('ambiguous', order, ['ALARO'])).toEqual({ kind: 'mark_pending' });
  });
  it('delivered settles', () => {
    expect(decideAfterAttempt('delivered', order, ['ALARO'])).toEqual({ kind: 'settle_success' });
  });
  it('never hands a purchase back to a supplier already tried', () => {
    expect(decideAfterAttempt('failed', ['ALARO', 'GLAD', 'ALARO'], ['ALARO', 'GLAD'])).toEqual({ kind: 'refund' });
  });
});

describe('service locks', () => {
  const at = '2025-01-01T00:00:00.000Z';
  const settings: ServiceSetting[] = [
    { serviceName: 'MTN', serviceType: 'data', serviceStatus: 'locked', updatedAt: at },
    { serviceName: 'GLO', serviceType: 'data', serviceStatus: 'available', updatedAt: at },
    { serviceName: 'MTN-CG', serviceType: 'data', serviceStatus: 'locked', updatedAt: at },
  ];
  it('a locked network refuses its service; the lock is per service type', () => {
    expect(lockedService(settings, 'data', ['MTN', 'MTN'])).toBe('MTN');
    expect(lockedService(settings, 'airtime', ['MTN'])).toBeUndefined();
  });
  it('a plan type can be locked on its own; available or never-set services pass', () => {
    expect(lockedService(settings, 'data', ['GLO', 'GLO'])).toBeUndefined();
    expect(lockedService(settings.slice(1), 'data', ['MTN', 'MTN-CG'])).toBe('MTN-CG');
    expect(lockedService([], 'data', ['AIRTEL'])).toBeUndefined();
  });
  it('the service list shows every network per type, then each cable provider and exam service (available by default), then plan-type settings', () => {
    const list = serviceList(settings);
    // 4 networks × airtime, data; 4 cable providers; 3 exam services; the MTN-CG setting.
    expect(list).toHaveLength(16);
    expect(list.find((s) => s._id === 'cable:DSTV')).toMatchObject({ serviceName: 'DSTV', serviceType: 'cable', serviceStatus: 'available' });
    expect(list.find((s) => s._id === 'exam:JAMB')).toMatchObject({ serviceType: 'exam', serviceStatus: 'available' });
    expect(list[0]).toEqual({ _id: 'airtime:MTN', serviceName: 'MTN', serviceType: 'airtime', serviceStatus: 'available', isAvailable: true, updatedAt: null });
    expect(list.find((s) => s._id === 'data:MTN')).toMatchObject({ serviceStatus: 'locked', updatedAt: at });
    expect(list.at(-1)).toMatchObject({ _id: 'data:MTN-CG', serviceStatus: 'locked' });
  });
  it('status input: available/locked, enable/disable or a boolean; anything else is refused', () => {
    expect(parseServiceStatus('Enable')).toBe('available');
    expect(parseServiceStatus(false)).toBe('locked');
    expect(parseServiceStatus('locked')).toBe('locked');
    expect(parseServiceStatus('maybe')).toBeUndefined();
    expect(updateServiceRequest.parse({ serviceName: 'mtn-cg', serviceType: 'Data', serviceStatus: 'disable' })).toEqual({
      serviceName: 'MTN-CG',
      serviceType: 'data',
      serviceStatus: 'locked',
    });
    expect(updateServiceRequest.safeParse({ serviceName: 'MTN-CG', serviceType: 'airtime', serviceStatus: 'locked' }).error?.issues[0]?.message).toBe(
      MSG.selectNetworkAdmin,
    );
    // Cable TV is locked per provider, exam PINs per exam service; a network is not one of them.
    expect(updateServiceRequest.parse({ serviceName: 'dstv', serviceType: 'Cable', serviceStatus: 'locked' })).toEqual({
      serviceName: 'DSTV',
      serviceType: 'cable',
      serviceStatus: 'locked',
    });
    expect(updateServiceRequest.safeParse({ serviceName: 'MTN', serviceType: 'cable', serviceStatus: 'locked' }).error?.issues[0]?.message).toBe(
      BILL_MSG.selectCableProvider,
    );
    expect(updateServiceRequest.safeParse({ serviceName: 'MTN', serviceType: 'exam', serviceStatus: 'locked' }).error?.issues[0]?.message).toBe(
      BILL_MSG.selectExamService,
    );
    expect(updateServiceRequest.safeParse({ serviceName: 'MTN', serviceType: 'electricity', serviceStatus: 'locked' }).error?.issues[0]?.message).toBe(
      CATALOGUE_MSG.selectServiceType,
    );
    expect(updateServiceRequest.safeParse({ serviceName: 'MTN', serviceType: 'data', serviceStatus: 'soon' }).error?.issues[0]?.message).toBe(
      CATALOGUE_MSG.selectServiceStatus,
    );
  });
  it('supplier choice: ALARO or GLAD per network, blank means ALARO; unknown supplier or network refused', () => {
    expect(setSupplierRequest.parse({ network: 'glo', supplierName: 'glad' })).toEqual({ network: 'GLO', supplierName: 'GLAD' });
    expect(setSupplierRequest.parse({ network: 6, supplierName: '' })).toEqual({ network: '9MOBILE', supplierName: 'ALARO' });
    expect(setSupplierRequest.safeParse({ network: 'MTN', supplierName: 'ACME' }).error?.issues[0]?.message).toBe(CATALOGUE_MSG.selectSupplier);
    expect(setSupplierRequest.safeParse({ supplierName: 'GLAD' }).error?.issues[0]?.message).toBe(MSG.selectNetworkAdmin);
  });
});

describe('contacts', () => {
  const now = new Date('2025-03-01T12:00:00.000Z');
  it('listed most recently used first; the view has no expiry (a contact stays until its owner deletes it)', () => {
    const base: Contact = {
      contactId: 'a',
      userId: 'u',
      contactName: 'Ada',
      contactNumber: '08011111111',
      contactNetwork: 'MTN',
      createdAt: now.toISOString(),
      lastUsedAt: now.toISOString(),
    };
    const newer = { ...base, contactId: 'b', contactName: 'Bola', lastUsedAt: new Date(now.getTime() + 1000).toISOString() };
    expect(sortContacts([base, newer]).map((c) => c.contactId)).toEqual(['b', 'a']);
    expect(toContactView(base)).toEqual({
      _id: 'a',
      contactName: 'Ada',
      contactNumber: '08011111111',
      contactNetwork: 'MTN',
      createdAt: now.toISOString(),
      lastUsedAt: now.toISOString(),
    });
  });
  it('name and number are required ("All fields are required"); the network defaults to MTN', () => {
    expect(addContactRequest.parse({ contactName: ' Mum ', contactNumber: '08033333333' })).toEqual({
      contactName: 'Mum',
      contactNumber: '08033333333',
      contactNetwork: 'MTN',
    });
    expect(addContactRequest.parse({ contactName: 'Dad', contactNumber: '08033333333', contactNetwork: 'airtel' })).toMatchObject({ contactNetwork: 'AIRTEL' });
    for (const body of [{ contactNumber: '08033333333' }, { contactName: 'Mum' }, { contactName: '', contactNumber: '' }]) {
      expect(addContactRequest.safeParse(body).error?.issues[0]?.message).toBe(MSG.allFieldsRequired);
    }
    expect(addContactRequest.safeParse({ contactName: 'Mum', contactNumber: '0803' }).error?.issues[0]?.message).toBe(MSG.checkPhone);
    expect(addContactRequest.safeParse({ contactName: 'Mum', contactNumber: '08033333333', contactNetwork: 'Vodafone' }).error?.issues[0]?.message).toBe(
      MSG.invalidNetwork,
    );
  });
  it('an edit keeps blank fields as they are and still validates the rest', () => {
    expect(updateContactRequest.parse({ contactName: 'Mummy', contactNumber: '' })).toEqual({ contactName: 'Mummy' });
    expect(updateContactRequest.safeParse({ contactNumber: '123' }).error?.issues[0]?.message).toBe(MSG.checkPhone);
  });
});
