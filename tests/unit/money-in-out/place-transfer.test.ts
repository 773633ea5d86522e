/**
 * Placing a transfer (domain/transfers.ts) with a fake wallet write: the receiver is found by user
 * name, the rules refuse before anything is written, a client's request_id names one transfer, and
 * an admin's transfer is paid by the house account, with its audit entry handed to that same write.
 */
import { describe, expect, it } from 'vitest';
import { TRANSFER_MAX_KOBO } from '../../../shared/constants.js';
import { placeTransfer, transferIdForRequest, type TransferDeps, type TransferDrafts, type TransferInput } from '../../../functions/domain/wallet/transfers.js';
import type { InWriteAudit } from '../../../functions/domain/back-office/audit.js';
import type { TransferChange, TransferWriteResult } from '../../../functions/domain/money/money-port.js';
import { routeByOperation } from '../../../shared/routes.js';

function setup() {
  const written: TransferDrafts[] = [];
  const fromHouse: TransferDrafts[] = [];
  /** The audit builder each write was given, called as the write would with its records. */
  const audits: (InWriteAudit<TransferChange> | undefined)[] = [];
  let ids = 0;
  const deps: TransferDeps = {
    transferFromHouse: async (drafts, audit): Promise<TransferWriteResult> => {
      fromHouse.push(drafts);
      audits.push(audit);
      const debit = { ...drafts.debit, balanceBeforeKobo: -10_00, balanceAfterKobo: -10_00 - drafts.debit.amountKobo, walletSeq: 9 };
      return { kind: 'posted', debit, credit: { ...drafts.credit, balanceBeforeKobo: 0, balanceAfterKobo: drafts.credit.amountKobo, walletSeq: 1 } };
    },
    balanceOf: async () => 7_00,
    findUserByUserName: async (name) => (name.toLowerCase() === 'bayo' ? { userId: 'U2', userName: 'bayo', userType: 'reseller' } : undefined),
    transfer: async (drafts, audit): Promise<TransferWriteResult> => {
      audits.push(audit);
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
  return { written, fromHouse, audits, deps, input };
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
    expect(drafts!.debit).toMatchObject({
      id: transferIdForRequest('U1', 'req-000002'),
      userId: 'HOUSE',
      trans_UserName: 'house account',
      trans_Type: 'transfer',
      amountKobo: 9_000_00,
    });
    expect(drafts!.debit.description).toContain('by ada');
    expect(drafts!.credit).toMatchObject({
      userId: 'U2',
      trans_Type: 'transfer',
      amountKobo: 9_000_00,
      counterparty: { userId: 'U1', userName: 'ada' },
      relatedTransactionId: drafts!.debit.id,
    });
  });

  it("an admin's transfer keeps the other rules: not to oneself, not above the maximum", async () => {
    const { fromHouse, deps, input } = setup();
    expect(await placeTransfer(input({ senderIsAdmin: true, sender: { userId: 'U2', userName: 'bayo', userType: 'reseller' } }), deps)).toEqual({
      kind: 'self_transfer',
    });
    expect(await placeTransfer(input({ senderIsAdmin: true, amountKobo: TRANSFER_MAX_KOBO + 1 }), deps)).toEqual({ kind: 'above_maximum' });
    expect(fromHouse).toEqual([]);
  });
});

describe("an operator's transfer carries its audit entry into the transfer's own write", () => {
  const adminPrincipal = { userId: 'A1', userName: 'boss', isAdmin: true, isAgent: false };
  const operatorRequest = {
    route: routeByOperation('transferFund'),
    principal: adminPrincipal,
    params: {},
    query: {},
    body: { userName: 'bayo', amount: 100.5 },
    requestId: 'gw-1',
  };

  it("an admin's credit: the house write gets the entry, with the house's and the receiver's balances before and after", async () => {
    const { audits, deps, input } = setup();
    const result = await placeTransfer(
      input({ sender: { userId: 'A1', userName: 'boss', userType: 'smart earner' }, senderIsAdmin: true, operatorRequest }),
      deps,
    );
    expect(result.kind).toBe('posted');
    const audit = audits[0]!;
    expect(audit).toBeDefined();
    const debit = { id: 'T1', trans_UserName: 'house', balanceBeforeKobo: -10_00, balanceAfterKobo: -110_50, amountKobo: 100_50 };
    const credit = { id: 'T1c', trans_UserName: 'bayo', balanceBeforeKobo: 0, balanceAfterKobo: 100_50, amountKobo: 100_50 };
    const entry = audit({ debit, credit } as unknown as TransferChange);
    expect(entry).toMatchObject({
      id: 'T2',
      actorName: 'boss',
      role: 'admin',
      operation: 'transferFund',
      status: 200,
      requestId: 'gw-1',
      before: { payer: { userName: 'house', balanceKobo: -10_00 }, receiver: { userName: 'bayo', balanceKobo: 0 } },
      after: { payer: { userName: 'house', balanceKobo: -110_50 }, receiver: { userName: 'bayo', balanceKobo: 100_50 }, transferId: 'T1', amountKobo: 100_50 },
    });
    // Every retry of the write puts the same entry: its id and instant are fixed before the write.
    expect(audit({ debit, credit } as unknown as TransferChange)).toEqual(entry);
  });

  it("rejection: a user's transfer carries no entry, and a refused one reaches no write", async () => {
    const { audits, deps, input } = setup();
    await placeTransfer(input(), deps);
    expect(audits).toEqual([undefined]);
    expect(await placeTransfer(input({ receiverUserName: 'nobody', operatorRequest }), deps)).toEqual({ kind: 'receiver_not_found' });
    expect(audits).toHaveLength(1);
  });
});
