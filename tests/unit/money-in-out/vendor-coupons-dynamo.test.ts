/**
 * Coupon vendors on a real DynamoDB Local: a vendor's coupon is paid from the vendor's wallet in
 * the write that creates it (too little balance: no coupon, no debit), an unredeemed one can be
 * cancelled back to the vendor once, and a cancel racing a redemption has exactly one winner. The
 * money invariants (the vendor's debit and the redemption or cancellation close each other) are
 * checked after every scenario. An operator's issue and cancel put their audit entry in their own write.
 */
import { ulid } from 'ulid';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { dynamoCoupons, getCoupon } from '../../../functions/adapters/dynamo/money/coupons.js';
import { dynamoAuditTrail } from '../../../functions/adapters/dynamo/back-office/audit.js';
import { dayOf } from '../../../functions/domain/back-office/sales-stats.js';
import { routeByOperation } from '../../../shared/routes.js';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { cancelCoupon, issueCoupon, redeemCoupon, type CouponDeps } from '../../../functions/domain/money/wallet-funding.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { fund, newUser } from '../money/fakes.js';
import { expectMoneyInvariants } from './fakes.js';

useDynamoDb();

const deps: CouponDeps = { coupons: dynamoCoupons, randomBytes: (n) => randomBytes(n), now: () => new Date(), newId: () => ulid() };
const balance = async (userId: string) => (await dynamoLedger.getWallet(userId)).balanceKobo;
type User = Awaited<ReturnType<typeof newUser>>;
const party = (u: User) => ({ userId: u.userId, userName: u.userName, userType: u.userType });

async function vendorCoupon(vendor: User, owner: User, amountKobo: number) {
  const issued = await issueCoupon({ owner, amountKobo, issuedBy: vendor.userId, issuedByUserName: vendor.userName, payer: party(vendor) }, deps);
  if (issued.kind !== 'issued') throw new Error(issued.kind);
  return issued.coupon;
}

describe("a coupon vendor's coupons", () => {
  it("are paid from the vendor's wallet when created; the owner's redemption closes the pair", async () => {
    const [vendor, owner] = [await newUser('reseller', {}), await newUser()];
    await fund(vendor, 1_000_00);
    const coupon = await vendorCoupon(vendor, owner, 400_00);
    expect(await balance(vendor.userId)).toBe(600_00);
    expect(await getCoupon(coupon.code)).toMatchObject({ used: false, paidByUserId: vendor.userId, amountKobo: 400_00 });
    expect((await dynamoCoupons.listOpenPaidBy(vendor.userId)).map((c) => c.code)).toEqual([coupon.code]);
    await expectMoneyInvariants([vendor.userId, owner.userId], 'issued');
    expect((await redeemCoupon(coupon.code, party(owner), deps)).kind).toBe('redeemed');
    expect(await balance(owner.userId)).toBe(400_00);
    expect(await dynamoCoupons.listOpenPaidBy(vendor.userId)).toEqual([]);
    expect(await cancelCoupon(coupon.code, party(vendor), deps)).toEqual({ kind: 'already_used' });
    expect(await balance(vendor.userId)).toBe(600_00);
    await expectMoneyInvariants([vendor.userId, owner.userId], 'redeemed');
  });

  it('one request_id pays once: concurrent retries answer the same coupon; the same key for another owner is refused', async () => {
    const [vendor, owner, other] = [await newUser(), await newUser(), await newUser()];
    await fund(vendor, 1_000_00);
    const ask = (to: User) => issueCoupon({ owner: to, amountKobo: 300_00, issuedBy: vendor.userId, payer: party(vendor), requestId: 'vendor-req-0001' }, deps);
    const results = await Promise.all(Array.from({ length: 5 }, () => ask(owner)));
    const codes = new Set(results.map((r) => (r.kind === 'issued' ? r.coupon.code : r.kind)));
    expect([...codes]).toHaveLength(1);
    expect(await balance(vendor.userId)).toBe(700_00);
    expect(await dynamoCoupons.listOpenPaidBy(vendor.userId)).toHaveLength(1);
    expect(await ask(other)).toEqual({ kind: 'exists_with_different_details' });
    expect(await balance(vendor.userId)).toBe(700_00);
    await expectMoneyInvariants([vendor.userId, owner.userId, other.userId]);
  }, 60_000);

  it('a vendor with too little balance is refused: no coupon, no debit', async () => {
    const [vendor, owner] = [await newUser(), await newUser()];
    await fund(vendor, 100_00);
    expect(await issueCoupon({ owner, amountKobo: 100_01, issuedBy: vendor.userId, payer: party(vendor) }, deps)).toEqual({ kind: 'insufficient_balance' });
    expect(await balance(vendor.userId)).toBe(100_00);
    expect(await dynamoCoupons.listOpenPaidBy(vendor.userId)).toEqual([]);
    await expectMoneyInvariants([vendor.userId, owner.userId]);
  });

  it('parallel coupons against one balance never overdraw the vendor', async () => {
    const [vendor, owner] = [await newUser(), await newUser()];
    await fund(vendor, 1_000_00);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => issueCoupon({ owner, amountKobo: 300_00, issuedBy: vendor.userId, payer: party(vendor) }, deps)),
    );
    expect(results.filter((r) => r.kind === 'issued')).toHaveLength(3);
    expect(results.filter((r) => r.kind === 'insufficient_balance')).toHaveLength(3);
    expect(await balance(vendor.userId)).toBe(100_00);
    expect(await dynamoCoupons.listOpenPaidBy(vendor.userId)).toHaveLength(3);
    await expectMoneyInvariants([vendor.userId, owner.userId]);
  }, 60_000);

  it('cancelling gives the money back once, however often it is asked; the owner can no longer redeem it', async () => {
    const [vendor, owner] = [await newUser(), await newUser()];
    await fund(vendor, 1_000_00);
    const coupon = await vendorCoupon(vendor, owner, 250_00);
    const results = await Promise.all(Array.from({ length: 5 }, () => cancelCoupon(coupon.code, party(vendor), deps)));
    expect(results.filter((r) => r.kind === 'cancelled')).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'already_cancelled')).toHaveLength(4);
    expect(await balance(vendor.userId)).toBe(1_000_00);
    expect((await redeemCoupon(coupon.code, party(owner), deps)).kind).toBe('already_used');
    expect(await balance(owner.userId)).toBe(0);
    expect(await dynamoCoupons.listOpenPaidBy(vendor.userId)).toEqual([]);
    await expectMoneyInvariants([vendor.userId, owner.userId]);
  }, 60_000);

  it('a cancel racing redemptions: exactly one wins, the money is in exactly one wallet', async () => {
    for (let round = 0; round < 4; round++) {
      const [vendor, owner] = [await newUser(), await newUser()];
      await fund(vendor, 500_00);
      const coupon = await vendorCoupon(vendor, owner, 500_00);
      const outcomes = await Promise.all([
        cancelCoupon(coupon.code, party(vendor), deps),
        redeemCoupon(coupon.code, party(owner), deps),
        cancelCoupon(coupon.code, party(vendor), deps),
        redeemCoupon(coupon.code, party(owner), deps),
      ]);
      const winners = outcomes.filter((o) => o.kind === 'cancelled' || o.kind === 'redeemed');
      expect(winners, `round ${round}`).toHaveLength(1);
      expect((await balance(vendor.userId)) + (await balance(owner.userId))).toBe(500_00);
      await expectMoneyInvariants([vendor.userId, owner.userId], `race ${round}`);
    }
  }, 60_000);

  it('only the vendor who paid cancels: not the owner, not another vendor, never an admin coupon', async () => {
    const [vendor, other, owner, admin] = [await newUser(), await newUser(), await newUser(), await newUser('smart earner', { isAdmin: true })];
    await fund(vendor, 100_00);
    const coupon = await vendorCoupon(vendor, owner, 100_00);
    expect(await cancelCoupon(coupon.code, party(owner), deps)).toEqual({ kind: 'not_yours' });
    expect(await cancelCoupon(coupon.code, party(other), deps)).toEqual({ kind: 'not_yours' });
    const adminCoupon = await issueCoupon({ owner, amountKobo: 100_00, issuedBy: admin.userId }, deps);
    if (adminCoupon.kind !== 'issued') throw new Error(adminCoupon.kind);
    expect(await cancelCoupon(adminCoupon.coupon.code, party(admin), deps)).toEqual({ kind: 'not_yours' });
    expect(await cancelCoupon('NOSUCHCODE', party(vendor), deps)).toEqual({ kind: 'not_found' });
    expect(await balance(vendor.userId)).toBe(0);
    await expectMoneyInvariants([vendor.userId, other.userId, owner.userId]);
  });
});

describe("a coupon's audit entry is in the coupon's own write", () => {
  const operatorRequest = (vendor: User, operation: 'generateCoupon' | 'cancelCoupon', marker: string) => ({
    route: routeByOperation(operation),
    principal: { userId: vendor.userId, userName: vendor.userName, isAdmin: false, isAgent: false },
    params: {},
    query: {},
    body: { marker },
    requestId: marker,
  });
  const entriesOf = async (operation: string, marker: string) =>
    (await dynamoAuditTrail.list({ day: dayOf(new Date().toISOString()), operation }, 1000)).filter((entry) => entry.requestId === marker);

  it("issue and cancel: one entry each, with the vendor's balance before and after", async () => {
    const [vendor, owner] = [await newUser('reseller', {}), await newUser()];
    await fund(vendor, 1_000_00);
    const marker = ulid();
    const issued = await issueCoupon(
      { owner, amountKobo: 400_00, issuedBy: vendor.userId, payer: party(vendor), operatorRequest: operatorRequest(vendor, 'generateCoupon', marker) },
      deps,
    );
    if (issued.kind !== 'issued') throw new Error(issued.kind);
    expect(await entriesOf('generateCoupon', marker)).toEqual([
      expect.objectContaining({ status: 201, before: { payerBalanceKobo: 1_000_00 }, after: expect.objectContaining({ payerBalanceKobo: 600_00 }) }),
    ]);
    const cancels = await Promise.all(
      Array.from({ length: 3 }, () => cancelCoupon(issued.coupon.code, party(vendor), deps, operatorRequest(vendor, 'cancelCoupon', marker))),
    );
    expect(cancels.filter((c) => c.kind === 'cancelled')).toHaveLength(1);
    expect(await entriesOf('cancelCoupon', marker)).toEqual([
      expect.objectContaining({
        before: expect.objectContaining({ vendorBalanceKobo: 600_00 }),
        after: expect.objectContaining({ vendorBalanceKobo: 1_000_00 }),
      }),
    ]);
  });

  it('rejection: a refused issue (too little balance) writes no entry', async () => {
    const [vendor, owner] = [await newUser('reseller', {}), await newUser()];
    const marker = ulid();
    expect(
      await issueCoupon(
        { owner, amountKobo: 400_00, issuedBy: vendor.userId, payer: party(vendor), operatorRequest: operatorRequest(vendor, 'generateCoupon', marker) },
        deps,
      ),
    ).toEqual({ kind: 'insufficient_balance' });
    expect(await entriesOf('generateCoupon', marker)).toEqual([]);
  });
});
