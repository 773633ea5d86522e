import { describe, expect, it } from 'vitest';
import type { TransactionView } from '@shared/api/transactions.js';
import { groupToken, receiptLines, receiptText, whatsappLink } from './receipt-text.js';

const purchase = (over: Partial<TransactionView>): TransactionView =>
  ({
    _id: 'T1',
    trans_Type: 'airtime',
    trans_Status: 'success',
    trans_Network: 'MTN',
    phone_number: '08031234567',
    trans_amount: 99,
    trans_volume: '₦100.00',
    createdAt: '2026-01-02T10:00:00.000Z',
    ...over,
  }) as TransactionView;

describe('receipt text', () => {
  it('groups an electricity token in fours; a token with letters stays as given', () => {
    expect(groupToken('12345678901234567890')).toBe('1234 5678 9012 3456 7890');
    expect(groupToken('1234-5678 9012')).toBe('1234 5678 9012');
    expect(groupToken('TOKEN ABC-123')).toBe('TOKEN ABC-123');
  });

  it('names the outcome in words and a refund’s reason', () => {
    const lines = receiptLines(purchase({ trans_Status: 'refunded', refundReason: 'The network provider could not deliver it: Transaction failed' }));
    expect(lines[0]).toEqual(['Status', 'Refunded']);
    expect(lines[1]).toEqual(['Reason', 'The network provider could not deliver it: Transaction failed']);
  });

  it('carries the electricity token grouped, and makes a wa.me link with the whole text', () => {
    const text = receiptText(purchase({ trans_Type: 'electricity', token: '12345678901234567890', phone_number: '45011111111' }), 'VTU Wallet');
    expect(text).toContain('Token: 1234 5678 9012 3456 7890');
    expect(text.split('\n')[0]).toBe('VTU Wallet · Electricity receipt');
    expect(whatsappLink(text)).toBe(`https://wa.me/?text=${encodeURIComponent(text)}`);
  });
});

describe('receipt text of every product', () => {
  it('names the provider and the number as the product does, and titles the receipt with its registry name', () => {
    const meter = receiptLines(purchase({ trans_Type: 'electricity', trans_Network: 'Ikeja', phone_number: '45011111111' }));
    expect(meter).toContainEqual(['Disco', 'Ikeja']);
    expect(meter).toContainEqual(['Meter number', '45011111111']);
    expect(receiptText(purchase({ trans_Type: 'cable' }), 'VTU Wallet').split('\n')[0]).toBe('VTU Wallet · Cable TV receipt');
    // A phone number stays "Number", as the airtime receipt always said.
    expect(receiptLines(purchase({}))).toContainEqual(['Number', '08031234567']);
  });

  it('carries a cable payment’s bouquet and new due date, and exam PINs with their serials', () => {
    const cable = receiptLines(
      purchase({ trans_Type: 'cable', trans_Network: 'DSTV', cableName: 'DSTV', bouquet: 'DStv Padi', subscriptionType: 'renew', dueDate: '2026-02-02' }),
    );
    expect(cable).toContainEqual(['Provider', 'DSTV']);
    expect(cable).toContainEqual(['Bouquet', 'DSTV DStv Padi (renew)']);
    expect(cable).toContainEqual(['New due date', '2 Feb 2026']);
    const exam = receiptLines(
      purchase({
        trans_Type: 'exam',
        trans_Network: 'WAEC',
        pins: [
          { pin: '1111', serial: 'WRN1' },
          { pin: '2222', serial: null },
        ],
      }),
    );
    expect(exam).toContainEqual(['Exam', 'WAEC']);
    expect(exam).toContainEqual(['PIN 1', '1111 (serial WRN1)']);
    expect(exam).toContainEqual(['PIN 2', '2222']);
  });
});
