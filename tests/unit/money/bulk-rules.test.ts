/**
 * Bulk purchases' rules (domain/bulk.ts and shared/api/bulk.ts), without a table: every
 * line checked at once, the batch's debit is its lines' sum, each line's record is its single
 * purchase's linked to the batch and moving no money, the outbox hands a new batch (only) to its
 * consumer, and the progress view counts each line as it stands.
 */
import { describe, expect, it } from 'vitest';
import { bulkAirtimeLine, bulkDataLine, bulkLines, bulkRefusal, bulkRequest } from '../../../shared/api/bulk.js';
import { BULK_MAX_LINES } from '../../../shared/constants.js';
import { BULK_MSG, MSG, tooManyLinesMessage } from '../../../shared/messages.js';
import { batchDraft, bulkBatchView, expandBatch, lineIdsOf, lineRecordsOf } from '../../../functions/domain/purchases/bulk.js';
import type { BulkLineSpec } from '../../../functions/domain/purchases/bulk-lines.js';
import { outboxActions } from '../../../functions/domain/transactions/transaction-outbox.js';
import { movesWallet, type TransactionRecord } from '../../../functions/domain/transactions/transactions.js';
import { silentLogger } from '../../../functions/domain/logger.js';

const BUYER = { userId: 'U1', userName: 'ada', userType: 'smart earner' as const, ownerWebhook: true };
const SPECS: BulkLineSpec[] = [
  { network: 'MTN', phoneNumber: '08011111111', chargeKobo: 99_00, costKobo: 97_00, faceValueKobo: 100_00, toSavedContact: false },
  { network: 'GLO', phoneNumber: '08022222222', chargeKobo: 198_00, costKobo: 194_00, faceValueKobo: 200_00 },
];
const NOW = '2026-11-28T10:00:00.000Z';

/** The batch as the ledger writes it: its debit took the wallet from ₦1,000 to ₦703, seq 4 → 5. */
const batch = (): TransactionRecord => ({
  ...batchDraft(BUYER, 'B1', 'airtime', SPECS, NOW),
  balanceBeforeKobo: 1_000_00,
  balanceAfterKobo: 703_00,
  walletSeq: 5,
});

describe('checking the lines', () => {
  it('every line is checked, and each bad one is named by its number from 1', () => {
    const result = bulkLines(bulkAirtimeLine, [
      { network: 1, mobile_number: '08011111111', amount: 100 },
      { network: 1, mobile_number: '12', amount: 100 },
      { network: 7, mobile_number: '08011111111', amount: 100 },
    ]);
    expect(result).toEqual({
      ok: false,
      problems: [
        { line: 2, msg: MSG.checkPhone },
        { line: 3, msg: MSG.invalidNetwork },
      ],
    });
    expect(bulkRefusal(result.ok ? [] : result.problems).msg).toBe(
      [BULK_MSG.invalidLines, `Line 2: ${MSG.checkPhone}`, `Line 3: ${MSG.invalidNetwork}`].join('\n'),
    );
  });

  it('good lines come out as the single purchase parses them (naira → kobo, plan ids as numbers)', () => {
    expect(bulkLines(bulkAirtimeLine, [{ network: '1', mobile_number: ' 08011111111 ', amount: '100.50' }])).toEqual({
      ok: true,
      lines: [{ network: 1, mobile_number: '08011111111', amount: 100_50 }],
    });
    expect(bulkLines(bulkDataLine, [{ network: 2, mobile_number: '08011111111', plan: '43' }])).toEqual({
      ok: true,
      lines: [{ network: 2, mobile_number: '08011111111', plan: 43 }],
    });
  });

  it(`the envelope takes 1 to ${BULK_MAX_LINES} lines and needs a request_id`, () => {
    const line = { network: 1, mobile_number: '08011111111', amount: 100 };
    expect(bulkRequest.safeParse({ request_id: 'bulk-0001', lines: Array(BULK_MAX_LINES).fill(line) }).success).toBe(true);
    expect(bulkRequest.safeParse({ request_id: 'bulk-0001', lines: Array(BULK_MAX_LINES + 1).fill(line) }).error?.issues[0]?.message).toBe(
      tooManyLinesMessage(BULK_MAX_LINES),
    );
    expect(bulkRequest.safeParse({ request_id: 'bulk-0001', lines: [] }).error?.issues[0]?.message).toBe(BULK_MSG.noLines);
    expect(bulkRequest.safeParse({ lines: [line] }).error?.issues[0]?.message).toBe(BULK_MSG.requestIdRequired);
    expect(bulkRequest.safeParse({ request_id: 'no spaces!', lines: [line] }).success).toBe(false);
  });
});

describe('the batch and its lines', () => {
  it("the batch's one debit is the sum of its lines' charges; its fingerprint changes with any line", () => {
    const draft = batchDraft(BUYER, 'B1', 'airtime', SPECS, NOW);
    expect(draft).toMatchObject({ trans_Type: 'bulk', trans_Status: 'success', amountKobo: 297_00, bulk: { product: 'airtime', lines: SPECS } });
    const other = batchDraft(BUYER, 'B1', 'airtime', [SPECS[0]!, { ...SPECS[1]!, phoneNumber: '08033333333' }], NOW);
    expect(other.requestFingerprint).not.toBe(draft.requestFingerprint);
    expect(batchDraft(BUYER, 'B1', 'airtime', SPECS, '2026-11-29T00:00:00.000Z').requestFingerprint).toBe(draft.requestFingerprint);
  });

  it("each line is its single purchase's record, processing, linked to the batch, with the batch's balance after and seq (no money of its own)", () => {
    const lines = lineRecordsOf(batch());
    expect(lines.map((l) => l.id)).toEqual(lineIdsOf(batch()));
    expect(new Set(lines.map((l) => l.id)).size).toBe(2);
    expect(lines[0]).toMatchObject({
      trans_Type: 'airtime',
      trans_Status: 'processing',
      trans_Network: 'MTN',
      phone_number: '08011111111',
      amountKobo: 99_00,
      faceValueKobo: 100_00,
      costKobo: 97_00,
      batchId: 'B1',
      ownerWebhook: true,
      toSavedContact: false,
      balanceBeforeKobo: 703_00,
      balanceAfterKobo: 703_00,
      walletSeq: 5,
      createdAt: NOW,
    });
    expect(lines.map(movesWallet)).toEqual([false, false]);
    expect(movesWallet(batch())).toBe(true);
    // The same batch always gives the same lines: a redelivered expansion writes nothing new.
    expect(lineRecordsOf(batch())).toEqual(lines);
  });

  it('a new batch goes to the fulfilment queue as a batch; its later changes and its lines are as for any record', () => {
    expect(outboxActions(undefined, batch())).toEqual([{ kind: 'fulfil', transactionId: 'B1', purchase: { type: 'bulk', network: 'AIRTIME' } }]);
    expect(outboxActions(batch(), { ...batch(), updatedAt: NOW })).toEqual([]);
    expect(outboxActions(undefined, lineRecordsOf(batch())[0]!).map((a) => a.kind)).toEqual(['fulfil']);
  });

  it('the expansion writes the lines not yet written, says how many were there already, then marks the batch expanded', async () => {
    const written = new Map<string, TransactionRecord>([[lineIdsOf(batch())[0]!, lineRecordsOf(batch())[0]!]]);
    const marks: string[] = [];
    const deps = {
      transactions: { get: async (id: string) => (id === 'B1' ? batch() : lineRecordsOf(batch()).find((l) => l.id === id)) },
      bulkLines: {
        createLine: async (record: TransactionRecord) => (written.has(record.id) ? false : (written.set(record.id, record), true)),
        markExpanded: async (batchId: string) => void marks.push(`${batchId}:${written.size}`),
      },
      log: silentLogger,
      now: () => new Date(NOW),
    };
    expect(await expandBatch('B1', deps)).toEqual({ kind: 'expanded', created: 1, existed: 1 });
    // Marked expanded only once every line is written.
    expect(marks).toEqual(['B1:2']);
    expect(await expandBatch('B1', deps)).toEqual({ kind: 'expanded', created: 0, existed: 2 });
    expect(await expandBatch(lineIdsOf(batch())[0]!, deps)).toEqual({ kind: 'not_a_batch' });
  });

  it('the progress counts each line as it stands; a line not written yet shows as placed', () => {
    const owner = { userId: batch().userId, isAdmin: false, isAgent: false };
    const [first] = lineRecordsOf(batch());
    const view = bulkBatchView(owner, batch(), [{ ...first!, trans_Status: 'refunded' }]);
    expect(view).toMatchObject({
      id: 'B1',
      product: 'airtime',
      status: 'processing',
      lineCount: 2,
      total: 297,
      delivered: 0,
      refunded: 1,
      open: 1,
      refundedAmount: 99,
    });
    expect(view.lines.map((l) => l.trans_Status)).toEqual(['refunded', 'processing']);
    const done = bulkBatchView(
      owner,
      batch(),
      lineRecordsOf(batch()).map((l) => ({ ...l, trans_Status: 'success' as const })),
    );
    expect(done).toMatchObject({ status: 'done', delivered: 2, open: 0 });
  });
});
