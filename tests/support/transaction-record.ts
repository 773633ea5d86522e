/** A settled ₦100 MTN airtime purchase as the ledger records it, for tests and benchmarks to vary. */
import type { TransactionRecord } from '../../functions/domain/transactions/transactions.js';

export function airtimePurchaseRecord(overrides: Partial<TransactionRecord> & Pick<TransactionRecord, 'id' | 'userId' | 'trans_UserName'>): TransactionRecord {
  const at = overrides.createdAt ?? '2026-01-01T00:00:00.000Z';
  return {
    userType: 'smart earner',
    trans_Type: 'airtime',
    trans_Status: 'success',
    trans_Network: 'MTN',
    phone_number: '08011111111',
    amountKobo: 99_00,
    faceValueKobo: 100_00,
    volume: '₦100.00',
    costKobo: 97_00,
    profitKobo: 2_00,
    description: 'MTN airtime of ₦100.00 to 08011111111',
    createdAt: at,
    updatedAt: at,
    balanceBeforeKobo: 1_000_00,
    balanceAfterKobo: 901_00,
    walletSeq: 1,
    ...overrides,
  };
}
