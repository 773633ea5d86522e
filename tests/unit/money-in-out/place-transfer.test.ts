/**
 * Placing a transfer (domain/transfers.ts) with a fake wallet write: the receiver is found by user
 * name, the rules refuse before anything is written, a client's request_id names one transfer, and
 * an admin's transfer is paid by the house account.
 */
import { describe, expect, it } from 'vitest';
import { TRANSFER_MAX_KOBO } from '../../../shared/constants.js';
import { placeTransfer, transferIdForRequest, type TransferDeps, type TransferDrafts, type TransferInput } from '../../../functions/domain/transfers.js';
import type { TransferWriteResult } from '../../../functions/ports/money.js';

function setup() {
  const written: TransferDrafts[] = [];
  const fromHouse: TransferDrafts[] = [];
  let ids = 0;
  const deps: TransferDeps = {
    transferFromHouse: async (drafts): Promise<TransferWriteResult> => {
      fromHouse.push(drafts);
      const debit = { ...drafts.debit, balanceBeforeKobo: -10_00, balanceAfterKobo: -10_00 - drafts.debit.amountKobo, walletSeq: 9 };
      return { kind: 'posted', debit, credit: { ...drafts.credit, balanceBeforeKobo: 0, balanceAfterKobo: drafts.credit.amountKobo, walletSeq: 1 } };
    },
    balanceOf: async () => 7_00,
    findUserByUserName: async (name) => (name.toLowerCase() === 'bayo' ? { userId: 'U2', userName: 'bayo', userType: 'reseller' } : undefined),
    transfer: async (drafts): Promise<TransferWriteResult> => {
      const replay = written.some((d) => d.debit.id === drafts.debit.id);
      written.push(drafts);
      const debit = { ...drafts.debit, balanceBeforeKobo: 1_000_00, balanceAfterKobo: 1_000_00 - drafts.debit.amountKobo, walletSeq: 2 };
      if (replay) return { kind: 'replayed', debit };
      return { kind: 'posted', debit, credit: { ...drafts.credit, balanceBeforeKobo: 0, balanceAfterKobo: drafts.credit.amountKobo, walletSeq: 1 } };
    },
    newId: () => `T${++ids}`,
    now: () => new Date('2026-01-01T00:00:00.000Z'),
  };
  const input = (over: Partial<TransferInput> = {}): TransferInput => ({
    sender: { userId: 'U1', userName: 'ada', userType: 'smart earner' },
    receiverUserName: 'BAYO',
    amountKobo: 100_50,
    ...over,
  });
  return { written, fromHouse, deps, input };
}

describe('placeTransfer', () => {
  it('posted: the receiver as stored, exactly the amount debited and credited', async () => {
    const { written, deps, input } = setup();
    expect(await placeTransfer(input(), deps)).toMatchObject({ kind: 'posted', receiver: { userId: 'U2', userName: 'bayo' }, debit: { amountKobo: 100_50 } });
    expect(written.map((d) => [d.debit.userId, d.credit.userId, d.debit.amountKobo, d.credit.amountKobo])).toEqual([['U1', 'U2', 100_50, 100_50]]);
  });

  it('refused before anything is written: an unknown receiver, oneself, no amount, above the maximum', async () => {
    const { written, deps, input } = setup();
    expect(await placeTransfer(input({ receiverUserName: 'nobody' }), deps)).toEqual({ kind: 'receiver_not_found' });
    expect(await placeTransfer(input({ sender: { userId: 'U2', userName: 'bayo', userType: 'reseller' } }), deps)).toEqual({ kind: 'self_transfer' });
    expect(await placeTransfer(input({ amountKobo: 0 }), deps)).toEqual({ kind: 'invalid_amount' });
    expect(await placeTransfer(input({ amountKobo: TRANSFER_MAX_KOBO + 1 }), deps)).toEqual({ kind: 'above_maximum' });
    expect(written).toEqual([]);
  });

  it('a repeated request_id asks for the same transfer (the write answers it replayed); without one each request is new', async () => {
    const { written, deps, input } = setup();
    expect((await placeTransfer(input({ requestId: 'req-000001' }), deps)).kind).toBe('posted');
    expect((await placeTransfer(input({ requestId: 'req-000001' }), deps)).kind).toBe('replayed');
    expect(written[0]!.debit.id).toBe(written[1]!.debit.id);
    await placeTransfer(input(), deps);
    await placeTransfer(input(), deps);
    expect(written.slice(2).map((d) => d.debit.id)).toEqual(['T1', 'T2']);
  });

  it("an admin's transfer: the house account pays (any balance), the receiver sees the admin, the admin's wallet is untouched", async () => {
    const { written, fromHouse, deps, input } = setup();
    const result = await placeTransfer(input({ senderIsAdmin: true, amountKobo: 9_000_00, requestId: 'req-000002' }), deps);
    expect(result).toMatchObject({ kind: 'posted', senderBalanceKobo: 7_00, debit: { userId: 'HOUSE', balanceAfterKobo: -9_010_00 } });
    expect(written).toEqual([]);
    const [drafts] = fromHouse;
    expect(drafts!.debit).toMatchObject({ id: transferIdForRequest('U1', 'req-000002'), userId: 'HOUSE', trans_UserName: 'house account', trans_Type: 'transfer', amountKobo: 9_000_00 });
    expect(drafts!.debit.description).toContain('by ada');
    expect(drafts!.credit).toMatchObject({ userId: 'U2', trans_Type: 'transfer', amountKobo: 9_000_00, counterparty: { userId: 'U1', userName: 'ada' }, relatedTransactionId: drafts!.debit.id });
  });

  it("an admin's transfer keeps the other rules: not to oneself, not above the maximum", async () => {
    const { fromHouse, deps, input } = setup();
    expect(await placeTransfer(input({ senderIsAdmin: true, sender: { userId: 'U2', userName: 'bayo', userType: 'reseller' } }), deps)).toEqual({ kind: 'self_transfer' });
    expect(await placeTransfer(input({ senderIsAdmin: true, amountKobo: TRANSFER_MAX_KOBO + 1 }), deps)).toEqual({ kind: 'above_maximum' });
    expect(fromHouse).toEqual([]);
  });
});
