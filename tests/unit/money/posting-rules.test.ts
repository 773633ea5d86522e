/** The posting rules over a store that only reads and writes (domain/posting.ts), with no database. */
import { describe, expect, it } from 'vitest';
import { ledgerOver } from '../../../functions/domain/wallet/posting.js';
import type { TransactionDraft, TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import type { WalletStore, WalletWriteResult } from '../../../functions/domain/wallet/ledger-port.js';

const at = '2026-01-05T10:00:00.000Z';
const draft = (amountKobo = 100_00): TransactionDraft => ({
  id: 'T1',
  userId: 'U1',
  trans_UserName: 'ada',
  trans_Type: 'airtime',
  trans_Status: 'processing',
  trans_Network: 'MTN',
  phone_number: '08031234567',
  amountKobo,
  description: 'MTN airtime',
  createdAt: at,
  updatedAt: at,
});
const stored = (d: TransactionDraft): TransactionRecord => ({ ...d, balanceBeforeKobo: 500_00, balanceAfterKobo: 400_00, walletSeq: 1 }) as TransactionRecord;

function storeWith(options: { write: WalletWriteResult; existing?: TransactionRecord; locked?: string }): WalletStore & { writes: number } {
  const store = {
    writes: 0,
    getWallet: async () => ({ balanceKobo: 0, seq: 0 }),
    write: async () => {
      store.writes += 1;
      return options.write;
    },
    existing: async () => options.existing,
    lockedService: async () => options.locked,
    refundPurchase: async () => ({ kind: 'not_found' as const }),
  };
  return store as unknown as WalletStore & { writes: number };
}

describe('posting a balance change', () => {
  it('a retried debit that went through answers its receipt, not "insufficient balance"', async () => {
    const record = stored(draft());
    const ledger = ledgerOver(storeWith({ write: { kind: 'insufficient_balance', balanceKobo: 0 }, existing: record }));
    expect(await ledger.debit(draft())).toEqual({ kind: 'replayed', record });
  });

  it('rejects: a debit short of balance with no earlier record answers "insufficient balance"', async () => {
    const ledger = ledgerOver(storeWith({ write: { kind: 'insufficient_balance', balanceKobo: 40_00 } }));
    expect(await ledger.debit(draft())).toEqual({ kind: 'insufficient_balance', balanceKobo: 40_00 });
  });

  it('an id already used by another request is a named mismatch, never a second charge', async () => {
    const ledger = ledgerOver(storeWith({ write: { kind: 'record_exists' }, existing: stored(draft(200_00)) }));
    expect(await ledger.credit(draft())).toMatchObject({ kind: 'exists_with_different_amount' });
    const other = ledgerOver(
      storeWith({ write: { kind: 'record_exists' }, existing: stored({ ...draft(), requestFingerprint: 'airtime:MTN:08099999999:10000' }) }),
    );
    expect(await other.credit(draft())).toMatchObject({ kind: 'exists_with_different_details' });
  });

  it('a locked service refuses a purchase before any write, but a retry of one accepted before the lock answers its receipt', async () => {
    const refused = storeWith({ write: { kind: 'written', record: stored(draft()) }, locked: 'MTN' });
    expect(await ledgerOver(refused).debitPurchase(draft(), { unlessLocked: { serviceType: 'airtime', names: ['MTN'] } })).toEqual({
      kind: 'service_locked',
      serviceName: 'MTN',
    });
    expect(refused.writes).toBe(0);
    const record = stored(draft());
    const replayed = storeWith({ write: { kind: 'written', record }, locked: 'MTN', existing: record });
    expect(await ledgerOver(replayed).debitPurchase(draft(), { unlessLocked: { serviceType: 'airtime', names: ['MTN'] } })).toEqual({
      kind: 'replayed',
      record,
    });
  });

  it('locks read with the caller answer the check without a read of its own (decision 131): locked refuses, unlocked posts', async () => {
    const lockedRead = {
      serviceType: 'airtime' as const,
      names: ['MTN'],
      settings: [{ serviceName: 'MTN' as const, serviceType: 'airtime' as const, serviceStatus: 'locked' as const, updatedAt: at }],
    };
    let reads = 0;
    const counting = (locked?: string) => ({
      ...storeWith({ write: { kind: 'written', record: stored(draft()) }, locked }),
      lockedService: async () => (reads++, locked),
    });
    const unlessLocked = { serviceType: 'airtime' as const, names: ['MTN'] };
    expect(await ledgerOver(counting()).debitPurchase(draft(), { unlessLocked, knownLocks: lockedRead })).toEqual({
      kind: 'service_locked',
      serviceName: 'MTN',
    });
    expect(await ledgerOver(counting('MTN')).debitPurchase(draft(), { unlessLocked, knownLocks: { ...lockedRead, settings: [] } })).toMatchObject({
      kind: 'posted',
    });
    expect(reads).toBe(0);
  });

  it('rejection: locks read ahead that do not cover the purchase (another service, a name not read) are read again', async () => {
    let reads = 0;
    const store = { ...storeWith({ write: { kind: 'written', record: stored(draft()) }, locked: 'MTN-SME' }), lockedService: async () => (reads++, 'MTN-SME') };
    const read = { serviceType: 'data' as const, names: ['MTN'], settings: [] };
    expect(await ledgerOver(store).debitPurchase(draft(), { unlessLocked: { serviceType: 'data', names: ['MTN', 'MTN-SME'] }, knownLocks: read })).toEqual({
      kind: 'service_locked',
      serviceName: 'MTN-SME',
    });
    expect(await ledgerOver(store).debitPurchase(draft(), { unlessLocked: { serviceType: 'airtime', names: ['MTN'] }, knownLocks: read })).toMatchObject({
      kind: 'service_locked',
    });
    expect(reads).toBe(2);
  });

  it('only a purchase debit may queue for its wallet', async () => {
    const hows: unknown[] = [];
    const store = storeWith({ write: { kind: 'written', record: stored(draft()) } });
    const ledger = ledgerOver({ ...store, write: async (_d, dr, how) => (hows.push(how), { kind: 'written', record: stored(dr) }) });
    await ledger.debitPurchase(draft(), {});
    await ledger.debit(draft());
    await ledger.credit(draft());
    expect(hows).toEqual([{ knownWallet: undefined, queueable: true }, {}, {}]);
  });
});
