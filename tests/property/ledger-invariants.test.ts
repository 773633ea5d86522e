/**
 * Randomized workloads on a real DynamoDB Local (fast-check): fundings, coupon redemptions,
 * purchases (alone and in concurrent bursts) with random supplier outcomes, duplicate and
 * concurrent fulfilment deliveries, sweeps, racing refunds and idempotent replays. After EVERY
 * step the ledger invariants must hold:
 *   - no balance below zero;
 *   - each wallet equals the replay of its chain (balance before = previous after, seq + 1);
 *   - money in (fundings, refunds) − money out (purchases, withdrawals) = sum of balances INCLUDING
 *     the house account's part (the other side of the admin credits to these users; its chain
 *     replays too, and it alone may be below zero), transfers net to zero with the house's side
 *     counted, and the fundings on record are exactly those the workload made;
 *   - each purchase is charged once, submitted to a supplier at most once, refunded at most once,
 *     and a refund exists exactly when the purchase is `refunded`;
 *   - each withdrawal is paid out at most once and refunded at most once (failed or reversed);
 *   - the listing's totals from its counters (decision 43 (docs/decisions/0043-*)) equal those of every record read;
 *     so does a phone-number filter's listing (a whole number's records read from its own index).
 * Cable TV and exam PIN purchases are drawn among the airtime ones, through their own
 * placement and the same fulfilment, sweep and refund. So are bulk purchases: one debit
 * for the batch, its lines written by the consumer (not yet, once, or redelivered concurrently), each
 * line then fulfilled, swept and refunded as any purchase; a line is no link of the wallet's chain,
 * and a batch's debit equals the sum of its lines once they are written.
 * Transfers (also opposite ones at the same time), admin credits from the house account (repeated
 * concurrently under one request id: one credit), coupon vendors' coupons (paid from the vendor's
 * wallet, then redeemed, cancelled, both at once — one winner — or left open: the fundings on record
 * plus the open paid coupons are what the workload funded) and withdrawals run in the same mix.
 * At the end every purchase is final: `success`, or `refunded` with the money back.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dynamoCoupons } from '../../functions/adapters/dynamo/money/coupons.js';
import { dynamoLedger } from '../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../functions/adapters/dynamo/transactions/transactions.js';
import { verifyChain } from '../../functions/domain/wallet/ledger.js';
import { fulfilPurchase } from '../../functions/domain/purchases/fulfilment.js';
import type { SupplierOutcome } from '../../functions/domain/purchases/purchase-state.js';
import { placeAirtimePurchase, placeCablePurchase, placeExamPurchase, type BillProductReader } from '../../functions/domain/purchases/purchases.js';
import { cableProvider, examProduct } from '../../shared/bills.js';
import type { BillProduct } from '../../functions/domain/products/bill-catalogue.js';
import { sweepOpenPurchases } from '../../functions/domain/purchases/sweeper.js';
import { isPurchase, movesWallet } from '../../functions/domain/transactions/transactions.js';
import { expandBatch, lineRecordsOf, placeBulkAirtime } from '../../functions/domain/purchases/bulk.js';
import { dynamoBulkLines } from '../../functions/adapters/dynamo/purchases/bulk-lines.js';
import { cancelCoupon, issueCoupon, redeemCoupon } from '../../functions/domain/money/wallet-funding.js';
import { transferBetweenWallets, transferFromHouse } from '../../functions/adapters/dynamo/wallet/transfers.js';
import { dynamoWithdrawals } from '../../functions/adapters/dynamo/money/withdrawals.js';
import { applyPayoutStatus, payOut } from '../../functions/domain/money/payouts.js';
import { silentLogger } from '../../functions/domain/logger.js';
import { houseTransferDrafts, transferDrafts, transferIdForRequest } from '../../functions/domain/wallet/transfers.js';
import { withdrawalDraft } from '../../functions/domain/money/withdrawal-debit.js';
import { payoutReferenceFor, withdrawalAmounts } from '../../functions/domain/money/withdrawals.js';
import { ulid } from 'ulid';
import { useDynamoDb } from '../support/dynamo.js';
import { houseShareOf } from '../support/house-ledger.js';
import { expectListingAgrees, listingFilters, phoneFilters } from '../support/listing-totals.js';
import { directoryOf, FakeSupplier, fund, harness, IMMEDIATE_SWEEP, newUser } from '../unit/money/fakes.js';
import { FakePayouts } from '../unit/money-in-out/fakes.js';

useDynamoDb({ stream: true });

/** Phone number → what the fake supplier answers on submission and on re-query. */
const SCRIPTS: Record<string, { submit: SupplierOutcome; requery: SupplierOutcome }> = {
  '08011111111': { submit: 'delivered', requery: 'delivered' },
  '08022222222': { submit: 'failed', requery: 'failed' },
  '08033333333': { submit: 'ambiguous', requery: 'delivered' },
  '08044444444': { submit: 'ambiguous', requery: 'failed' },
  '08066666666': { submit: 'ambiguous', requery: 'ambiguous' },
};
const PHONES = Object.keys(SCRIPTS);

/** A cable bouquet and the WAEC checker as the catalogue would hold them (kobo). */
const BILL_ROWS: BillProduct[] = [
  {
    code: 'dstv:dstv-padi',
    family: 'cable',
    serviceId: 'dstv',
    variationCode: 'dstv-padi',
    name: 'DStv Padi',
    isAvailable: true,
    costPriceKobo: 440_00,
    smartEarnerPriceKobo: 450_00,
    resellerPriceKobo: 445_00,
    apiPriceKobo: 445_00,
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  {
    code: 'waec:waecdirect',
    family: 'exam',
    serviceId: 'waec',
    variationCode: 'waecdirect',
    name: 'WAEC Result Checker',
    isAvailable: true,
    costPriceKobo: 380_00,
    smartEarnerPriceKobo: 390_00,
    resellerPriceKobo: 385_00,
    apiPriceKobo: 385_00,
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
];
const BILL_PRODUCTS: BillProductReader = { getBillProduct: async (code) => BILL_ROWS.find((row) => row.code === code) };

type Op =
  | { op: 'fund'; user: number; amountKobo: number }
  | { op: 'coupon'; user: number; amountKobo: number; redemptions: number }
  | { op: 'buy'; user: number; faceValueKobo: number; phone: number; requestId: number | null }
  | { op: 'bill'; user: number; family: 'cable' | 'exam'; quantity: number; phone: number; requestId: number | null }
  | { op: 'burst'; user: number; count: number; phone: number }
  | { op: 'bulk'; user: number; lines: { faceValueKobo: number; phone: number }[]; requestId: number | null; expansions: number }
  | { op: 'deliver'; pick: number; copies: number }
  | { op: 'sweep' }
  | { op: 'refund'; pick: number; copies: number }
  | { op: 'transfer'; from: number; to: number; amountKobo: number; opposite: boolean }
  | { op: 'houseCredit'; to: number; amountKobo: number; copies: number }
  | { op: 'vendorCoupon'; vendor: number; owner: number; amountKobo: number; then: 'redeem' | 'cancel' | 'race' | 'keep' }
  | { op: 'withdraw'; user: number; amountKobo: number; outcome: 'success' | 'failed' | 'reversed'; copies: number };

const USERS = 3;
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('fund' as const), user: fc.nat(USERS - 1), amountKobo: fc.integer({ min: 1, max: 2_000_00 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('coupon' as const),
      user: fc.nat(USERS - 1),
      amountKobo: fc.integer({ min: 1, max: 1_000_00 }),
      redemptions: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('buy' as const),
      user: fc.nat(USERS - 1),
      faceValueKobo: fc.integer({ min: 90_00, max: 1_500_00 }),
      phone: fc.nat(PHONES.length - 1),
      requestId: fc.option(fc.nat(3), { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('bill' as const),
      user: fc.nat(USERS - 1),
      family: fc.constantFrom('cable' as const, 'exam' as const),
      quantity: fc.integer({ min: 1, max: 3 }),
      phone: fc.nat(PHONES.length - 1),
      requestId: fc.option(fc.nat(3), { nil: null }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('bulk' as const),
      user: fc.nat(USERS - 1),
      lines: fc.array(fc.record({ faceValueKobo: fc.integer({ min: 90_00, max: 800_00 }), phone: fc.nat(PHONES.length - 1) }), { minLength: 1, maxLength: 6 }),
      requestId: fc.option(fc.nat(3), { nil: null }),
      // 0: the consumer has not run yet (a crash after the debit); 2–3: redelivered, also at the same time.
      expansions: fc.integer({ min: 0, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('burst' as const),
      user: fc.nat(USERS - 1),
      count: fc.integer({ min: 2, max: 6 }),
      phone: fc.nat(PHONES.length - 1),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('deliver' as const), pick: fc.nat(), copies: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.constant({ op: 'sweep' as const }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('refund' as const), pick: fc.nat(), copies: fc.integer({ min: 1, max: 3 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('transfer' as const),
      from: fc.nat(USERS - 1),
      to: fc.nat(USERS - 1),
      amountKobo: fc.integer({ min: 1, max: 1_500_00 }),
      opposite: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('houseCredit' as const),
      to: fc.integer({ min: 1, max: USERS - 1 }),
      amountKobo: fc.integer({ min: 1, max: 3_000_00 }),
      copies: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('vendorCoupon' as const),
      vendor: fc.nat(USERS - 1),
      owner: fc.nat(USERS - 1),
      amountKobo: fc.integer({ min: 1, max: 800_00 }),
      then: fc.constantFrom('redeem' as const, 'cancel' as const, 'race' as const, 'keep' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('withdraw' as const),
      user: fc.nat(USERS - 1),
      amountKobo: fc.integer({ min: 100_00, max: 1_500_00 }),
      outcome: fc.constantFrom('success' as const, 'failed' as const, 'reversed' as const),
      copies: fc.integer({ min: 1, max: 3 }),
    }),
  },
);

describe('ledger invariants under random workloads', () => {
  it('hold after every step, and every purchase ends success or refunded', async () => {
    // Each run starts its phone filters elsewhere in their list, so short runs still cover all of them.
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 1_000_00 }), { minLength: USERS, maxLength: USERS }),
        fc.array(opArb, { minLength: 1, maxLength: 18 }),
        async (openingKobo, ops) => {
          const run = runs++;
          let finalising = false;
          const supplier = new FakeSupplier(
            'ALARO',
            (phone) => SCRIPTS[phone]?.submit ?? 'delivered',
            (phone) => (finalising && SCRIPTS[phone]?.requery === 'ambiguous' ? 'failed' : (SCRIPTS[phone]?.requery ?? 'delivered')),
          );
          const h = harness(directoryOf(supplier));
          const payouts = new FakePayouts();
          const payoutDeps = { withdrawals: dynamoWithdrawals, payouts, now: () => new Date(), log: silentLogger };
          const users = await Promise.all(Array.from({ length: USERS }, () => newUser(Math.random() < 0.5 ? 'reseller' : 'smart earner')));
          const admin = users[0]!;
          const purchases: string[] = [];
          let fundedKobo = 0;
          for (const [i, amountKobo] of openingKobo.entries()) {
            if (amountKobo === 0) continue;
            await fund(users[i]!, amountKobo);
            fundedKobo += amountKobo;
          }

          const buy = async (userIndex: number, faceValueKobo: number, phone: string, requestId?: string) => {
            const user = users[userIndex]!;
            const result = await placeAirtimePurchase(
              { userId: user.userId, userName: user.userName, userType: user.userType, network: 'MTN', phoneNumber: phone, faceValueKobo, requestId },
              h.purchase,
            );
            if (result.kind === 'accepted') purchases.push(result.record.id);
          };

          // Cable TV and exam PINs: the same debit, fulfilment and refund path, scripted by the customer's phone.
          const buyBill = async (userIndex: number, family: 'cable' | 'exam', quantity: number, phone: string, requestId?: string) => {
            const user = users[userIndex]!;
            const billDeps = {
              ...h.purchase,
              billProducts: BILL_PRODUCTS,
              verifyBiller: async () => ({ kind: 'valid' as const, supplier: 'ALARO', customerName: 'DEMO CUSTOMER' }),
              placedBefore: (id: string) => dynamoTransactions.get(id),
            };
            const buyer = { userId: user.userId, userName: user.userName, userType: user.userType, customerPhone: phone, requestId };
            const result =
              family === 'cable'
                ? await placeCablePurchase(
                    { ...buyer, provider: cableProvider('DSTV')!, smartCardNo: '1212121212', productCode: 'dstv:dstv-padi', subscriptionType: 'change' },
                    billDeps,
                  )
                : await placeExamPurchase({ ...buyer, exam: examProduct('waec')!, quantity }, billDeps);
            if (result.kind === 'accepted') purchases.push(result.record.id);
          };

          // Bulk purchases: the batch's one debit, then its consumer's expansion into lines.
          const batches: string[] = [];
          const expand = async (batchId: string, copies: number) => {
            await Promise.all(
              Array.from({ length: copies }, () =>
                expandBatch(batchId, { transactions: dynamoTransactions, bulkLines: dynamoBulkLines, log: silentLogger, now: () => new Date() }),
              ),
            );
            const batch = await dynamoTransactions.get(batchId);
            for (const line of lineRecordsOf(batch!)) if (!purchases.includes(line.id)) purchases.push(line.id);
          };
          const buyBulk = async (userIndex: number, lines: { faceValueKobo: number; phone: number }[], requestId: string | undefined, expansions: number) => {
            const user = users[userIndex]!;
            const result = await placeBulkAirtime(
              { userId: user.userId, userName: user.userName, userType: user.userType },
              requestId ?? ulid(),
              lines.map((line) => ({ network: 'MTN' as const, phoneNumber: PHONES[line.phone]!, faceValueKobo: line.faceValueKobo })),
              h.purchase,
            );
            if (result.kind !== 'accepted' && result.kind !== 'replayed') return;
            if (!batches.includes(result.batch.id)) batches.push(result.batch.id);
            if (expansions > 0) await expand(result.batch.id, expansions);
          };

          const check = async (step: string) => {
            let balances = 0;
            let moneyIn = 0;
            let moneyOut = 0;
            let fundingsOnRecord = 0;
            let transfersNet = 0;
            let movedOutsideTransfers = 0;
            const everyRecord: Awaited<ReturnType<typeof dynamoTransactions.listForUser>> = [];
            for (const user of users) {
              const records = await dynamoTransactions.listForUser(user.userId, {});
              const wallet = await dynamoLedger.getWallet(user.userId);
              expect(wallet.balanceKobo, `${step}: negative balance`).toBeGreaterThanOrEqual(0);
              const chain = verifyChain(records.filter(movesWallet), wallet);
              expect(chain, `${step}: chain of ${user.userName}`).toMatchObject({ ok: true });
              balances += wallet.balanceKobo;
              everyRecord.push(...records);
              for (const record of records) {
                const change = record.balanceAfterKobo - record.balanceBeforeKobo;
                if (record.trans_Type !== 'transfer') movedOutsideTransfers += change;
                if (change < 0) moneyOut -= change;
                else moneyIn += change;
                // A vendor's coupon is wallet money leaving into the coupon (negative) until redeemed or cancelled.
                if (record.trans_Type === 'wallet') fundingsOnRecord += change;
                if (record.trans_Type === 'transfer') transfersNet += change;
              }
              for (const batch of records.filter((r) => r.trans_Type === 'bulk')) {
                const lines = records.filter((r) => r.batchId === batch.id);
                // Not written yet, or all of them (the consumer writes them one by one, and each once).
                if (lines.length === 0) continue;
                expect(lines.length, `${step}: lines of batch ${batch.id}`).toBe((await dynamoTransactions.get(batch.id))!.bulk!.lines.length);
                expect(
                  lines.reduce((sum, line) => sum + line.amountKobo, 0),
                  `${step}: batch ${batch.id} = Σ its lines`,
                ).toBe(batch.amountKobo);
              }
              const refunds = records.filter((r) => r.trans_Type === 'refund');
              for (const purchase of records.filter((r) => isPurchase(r.trans_Type))) {
                const mine = refunds.filter((r) => r.relatedTransactionId === purchase.id);
                expect(mine.length, `${step}: refunds of ${purchase.id}`).toBe(purchase.trans_Status === 'refunded' ? 1 : 0);
                if (mine[0]) expect(mine[0].amountKobo).toBe(purchase.amountKobo);
                expect(supplier.submissionsOf(purchase.id), `${step}: submissions of ${purchase.id}`).toBeLessThanOrEqual(1);
              }
              for (const withdrawal of records.filter((r) => r.trans_Type === 'withdrawal')) {
                const mine = refunds.filter((r) => r.relatedTransactionId === withdrawal.id);
                expect(mine.length, `${step}: refunds of withdrawal ${withdrawal.id}`).toBe(withdrawal.trans_Status === 'refunded' ? 1 : 0);
                if (mine[0]) expect(mine[0].amountKobo).toBe(withdrawal.amountKobo);
                expect(payouts.payments.get(payoutReferenceFor(withdrawal.id)) ?? 0, `${step}: payments of ${withdrawal.id}`).toBeLessThanOrEqual(1);
              }
            }
            expect(moneyIn - moneyOut, `${step}: each chain adds up to its balance`).toBe(balances);
            const house = await houseShareOf(everyRecord, step);
            expect(house.changeKobo, `${step}: the house only gives`).toBeLessThanOrEqual(0);
            expect(transfersNet + house.changeKobo, `${step}: transfers net to zero, the house's side counted`).toBe(0);
            expect(balances + house.changeKobo, `${step}: money in − out = Σ balances including the house account`).toBe(movedOutsideTransfers);
            const openPaid = (await Promise.all(users.map((u) => dynamoCoupons.listOpenPaidBy(u.userId)))).flat();
            expect(fundingsOnRecord + openPaid.reduce((sum, c) => sum + c.amountKobo, 0), `${step}: fundings on record + open paid coupons`).toBe(fundedKobo);
            // The listing's counters, moved in the same writes, give what reading every record gives:
            // each user's whole listing, and one more filter per step (in turn) for them and the platform.
            // A phone-number filter too (no counters: a whole number's records from its own index).
            const filters = listingFilters(new Date());
            const phones = phoneFilters(new Date(), PHONES);
            const filter = filters[checks % filters.length]!;
            const phoneFilter = phones[(checks + run) % phones.length]!;
            checks += 1;
            for (const user of users) {
              await expectListingAgrees(user.userId, {}, `${step} ${user.userName}`);
              await expectListingAgrees(user.userId, filter, `${step} ${user.userName}`);
              await expectListingAgrees(user.userId, phoneFilter, `${step} ${user.userName}`);
            }
            await expectListingAgrees(undefined, filter, `${step} platform`);
            await expectListingAgrees(undefined, filter, `${step} platform`, 2);
            await expectListingAgrees(undefined, phoneFilter, `${step} platform`);
          };
          let checks = 0;

          for (const [i, op] of ops.entries()) {
            switch (op.op) {
              case 'fund':
                await fund(users[op.user]!, op.amountKobo);
                fundedKobo += op.amountKobo;
                break;
              case 'coupon': {
                const owner = users[op.user]!;
                const deps = { coupons: dynamoCoupons, randomBytes: (n: number) => randomBytes(n), now: () => new Date(), newId: () => ulid() };
                const issued = await issueCoupon({ owner, amountKobo: op.amountKobo, issuedBy: admin.userId }, deps);
                if (issued.kind !== 'issued') throw new Error(issued.kind);
                const results = await Promise.all(Array.from({ length: op.redemptions }, () => redeemCoupon(issued.coupon.code, owner, deps)));
                expect(results.filter((r) => r.kind === 'redeemed')).toHaveLength(1);
                fundedKobo += op.amountKobo;
                break;
              }
              case 'buy':
                await buy(op.user, op.faceValueKobo, PHONES[op.phone]!, op.requestId === null ? undefined : `req-${op.user}-${op.requestId}`);
                break;
              case 'bill':
                await buyBill(op.user, op.family, op.quantity, PHONES[op.phone]!, op.requestId === null ? undefined : `req-${op.user}-${op.requestId}`);
                break;
              case 'bulk':
                await buyBulk(op.user, op.lines, op.requestId === null ? undefined : `bulk-${op.user}-${op.requestId}`, op.expansions);
                break;
              case 'burst':
                await Promise.all(Array.from({ length: op.count }, () => buy(op.user, 100_00, PHONES[op.phone]!)));
                break;
              case 'deliver': {
                const id = purchases[op.pick % Math.max(1, purchases.length)];
                if (id) await Promise.all(Array.from({ length: op.copies }, () => fulfilPurchase(id, h.fulfilment)));
                break;
              }
              case 'sweep':
                await sweepOpenPurchases(h.sweeper, IMMEDIATE_SWEEP);
                break;
              case 'refund': {
                const id = purchases[op.pick % Math.max(1, purchases.length)];
                if (id) await Promise.all(Array.from({ length: op.copies }, () => dynamoLedger.refundPurchase(id, { reason: 'admin', now: new Date() })));
                break;
              }
              case 'transfer': {
                if (op.from === op.to) break;
                const [from, to] = [users[op.from]!, users[op.to]!];
                const move = (a: typeof from, b: typeof from) =>
                  transferBetweenWallets(transferDrafts({ id: ulid(), sender: a, receiver: b, amountKobo: op.amountKobo, now: new Date() }));
                await Promise.all([move(from, to), ...(op.opposite ? [move(to, from)] : [])]);
                break;
              }
              case 'houseCredit': {
                const id = transferIdForRequest(admin.userId, `credit-${i}`);
                const drafts = houseTransferDrafts({ id, operator: admin, receiver: users[op.to]!, amountKobo: op.amountKobo, now: new Date() });
                const results = await Promise.all(Array.from({ length: op.copies }, () => transferFromHouse(drafts)));
                expect(
                  results.filter((r) => r.kind === 'posted'),
                  `step ${i}: one credit per request id`,
                ).toHaveLength(1);
                break;
              }
              case 'vendorCoupon': {
                const [vendor, owner] = [users[op.vendor]!, users[op.owner]!];
                const deps = { coupons: dynamoCoupons, randomBytes: (n: number) => randomBytes(n), now: () => new Date(), newId: () => ulid() };
                const issued = await issueCoupon({ owner, amountKobo: op.amountKobo, issuedBy: vendor.userId, payer: vendor }, deps);
                if (issued.kind !== 'issued') break;
                const code = issued.coupon.code;
                const outcomes = await Promise.all([
                  ...(op.then === 'redeem' || op.then === 'race' ? [redeemCoupon(code, owner, deps)] : []),
                  ...(op.then === 'cancel' || op.then === 'race' ? [cancelCoupon(code, vendor, deps)] : []),
                ]);
                expect(
                  outcomes.filter((o) => o.kind === 'redeemed' || o.kind === 'cancelled'),
                  `step ${i}: one winner`,
                ).toHaveLength(op.then === 'keep' ? 0 : 1);
                break;
              }
              case 'withdraw': {
                const user = users[op.user]!;
                const amounts = withdrawalAmounts(op.amountKobo);
                if (!amounts.ok) break;
                const placed = await dynamoLedger.debit(
                  withdrawalDraft({
                    id: ulid(),
                    user,
                    account: { bankName: 'Access Bank', bankCode: '044', accountNumber: '0123456789', accountName: 'ADA' },
                    amounts,
                    requestFingerprint: 'w',
                    now: new Date(),
                  }),
                );
                if (placed.kind !== 'posted') break;
                const id = placed.record.id;
                await Promise.all(Array.from({ length: op.copies }, () => payOut(id, payoutDeps)));
                const reference = placed.record.withdrawal!.payoutReference;
                const tell = async (status: 'success' | 'failed' | 'reversed') => {
                  payouts.settle(reference, status);
                  await Promise.all(
                    Array.from({ length: op.copies }, async () => applyPayoutStatus((await dynamoWithdrawals.get(id))!, status, undefined, payoutDeps)),
                  );
                };
                if (op.outcome === 'failed') await tell('failed');
                else await tell('success');
                if (op.outcome === 'reversed') await tell('reversed');
                break;
              }
            }
            await check(`step ${i} ${op.op}`);
          }

          // Finish: deliver whatever was never delivered, then re-query until nothing is open.
          finalising = true;
          for (const id of batches) await expand(id, 1);
          for (const id of h.queue.take()) await fulfilPurchase(id, h.fulfilment);
          for (const id of purchases) await fulfilPurchase(id, h.fulfilment);
          await sweepOpenPurchases(h.sweeper, IMMEDIATE_SWEEP);
          await check('final');
          for (const id of new Set(purchases)) {
            const purchase = await dynamoTransactions.get(id);
            expect(['success', 'refunded'], `final status of ${id}`).toContain(purchase!.trans_Status);
          }
        },
      ),
      // 10 workloads of up to 18 steps (about 95 steps from the 13 kinds, each checked against every invariant):
      // the cost is the steps' checks (about 0.7 s a step alone, nine tenths of it the listing's), not the runs,
      // and fast-check draws a new seed each run of the suite, so the workloads add up across runs. 15 took
      // 69 s and 81–85 CPU-s alone (the unit phase's longest file); 10 took 48–62 CPU-s on loaded runs.
      { numRuns: 10, endOnFailure: true },
    );
  }, 180_000);
});
