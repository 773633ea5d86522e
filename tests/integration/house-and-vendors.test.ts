/**
 * The house account and coupon vendors on the local cloud.
 *  - An admin's POST /auth/transferFund is a credit from the house account, which may go below zero:
 *    the user is credited, both chains hold a `transfer` record, the admin's wallet is untouched,
 *    one request_id credits once, and Σ balances including the house = money in − money out.
 *  - A coupon vendor's POST /admin/generateCoupon is paid from the vendor's own wallet in the same
 *    write; too little balance refuses it and nothing changes; POST /admin/coupon/{code}/cancel gives
 *    the money back once, and a cancel racing the owner's redemption has exactly one winner.
 *  - Users, agents and anonymous callers are refused.
 */
import { describe, expect, it } from 'vitest';
import { HOUSE_USER_NAME } from '../../functions/domain/wallet/house-account.js';
import { COUPON_VENDOR_MSG, MSG } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient, resendWhileBusy } from '../support/platform-client.js';
import { usePlatformTable } from '../support/platform-table.js';

const cloud = useLocalCloud();
const { api, admin, fundedUser, balance, transactionsOf, houseChain, waitForStatus, expectLedgerInvariants } = platformClient(cloud, 'house');

/** A funded user made a coupon vendor, straight in the table (no route grants the role). */
async function vendorWith(naira: number) {
  const user = await fundedUser(naira);
  await usePlatformTable(cloud());
  const { getUserByUserName, setRoles } = await import('../../functions/adapters/dynamo/accounts/users.js');
  await setRoles((await getUserByUserName(user.userName))!.userId, { isCouponVendor: true });
  return user;
}

const transfer = (token: string, userName: string, amount: number, request_id?: string) =>
  api('POST', '/auth/transferFund', { token, body: { userName, amount, ...(request_id ? { request_id } : {}) } });
const generate = (token: string | undefined, userAccount: string, amount: number) =>
  api('POST', '/admin/generateCoupon', { token, body: { userAccount, amount } });
const cancel = (token: string | undefined, code: string) => api('POST', `/admin/coupon/${encodeURIComponent(code)}/cancel`, { token });
const redeem = (user: { token: string; userName: string }, coupon: string) =>
  api('POST', '/fundWallet/coupon', { token: user.token, body: { userName: user.userName, coupon } });

describe("an admin's transfer: a credit from the house account", () => {
  it('the house goes below zero, the user is credited, both chains hold it, the admin keeps their balance, the invariants hold', async () => {
    const token = await admin();
    const adminBalance = await balance(token);
    const bayo = await fundedUser(0);
    const sent = await transfer(token, bayo.userName, 2_500, 'house-credit-0001');
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      balance: adminBalance,
      receiver: { userName: bayo.userName },
      receipt: { trans_Type: 'transfer', trans_UserName: HOUSE_USER_NAME, trans_amount: 2_500 },
    });
    expect(await balance(token)).toBe(adminBalance);
    expect(await balance(bayo.token)).toBe(2_500);
    const credit = (await transactionsOf(bayo.token)).find((t) => t.trans_Type === 'transfer');
    expect(credit).toMatchObject({ trans_amount: 2_500, balance_Before: 0, balance_After: 2_500, relatedTransactionId: sent.body.receipt._id });
    const house = await houseChain();
    expect(house.find((t) => t._id === sent.body.receipt._id)).toMatchObject({ trans_amount: 2_500, relatedTransactionId: credit._id });
    expect(house.at(-1).balance_After).toBeLessThan(0);
    // The user spends some of it: the invariants with the house account still hold.
    const bought = await api('POST', '/buy/airtime', { token: bayo.token, body: { network: 1, mobile_number: '08011111111', amount: 100 } });
    expect(bought.status).toBe(200);
    await waitForStatus(bayo.token, bought.body.receipt._id, ['success', 'refunded']);
    await expectLedgerInvariants();
  });

  it('the same request_id sent concurrently credits once', async () => {
    const token = await admin();
    const chi = await fundedUser(0);
    const answers = await Promise.all(Array.from({ length: 6 }, () => resendWhileBusy(() => transfer(token, chi.userName, 300, 'house-credit-0002'))));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(new Set(answers.map((a) => a.body.receipt._id)).size).toBe(1);
    expect(await balance(chi.token)).toBe(300);
    expect((await transactionsOf(chi.token)).filter((t) => t.trans_Type === 'transfer')).toHaveLength(1);
    await expectLedgerInvariants();
  });

  it("rejection: a user's transfer above their balance is still refused, and only admins read the house account's chain", async () => {
    const [ada, bayo] = [await fundedUser(100), await fundedUser(0)];
    expect(await transfer(ada.token, bayo.userName, 100.01)).toEqual({ status: 400, body: { msg: MSG.insufficientBalance } });
    expect(await transfer(ada.token, HOUSE_USER_NAME, 1)).toEqual({ status: 404, body: { msg: MSG.userNotFound } });
    expect(await balance(ada.token)).toBe(100);
    const asUser = await api('GET', `/transaction?userName=${encodeURIComponent(HOUSE_USER_NAME)}`, { token: ada.token });
    expect(asUser.body.transactions.every((t: { trans_UserName: string }) => t.trans_UserName === ada.userName)).toBe(true);
    await expectLedgerInvariants();
  });
});

describe("a coupon vendor's coupons", () => {
  it("are paid from the vendor's wallet; the owner redeems; the invariants hold", async () => {
    const vendor = await vendorWith(1_000);
    const owner = await fundedUser(0);
    const made = await generate(vendor.token, owner.userName, 400);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ msg: MSG.couponGenerated, coupon: { owner: owner.userName, amount: 400 }, balance: 600 });
    expect(await balance(vendor.token)).toBe(600);
    expect((await api('GET', '/admin/coupons', { token: vendor.token })).body.coupons).toEqual([
      expect.objectContaining({ code: made.body.couponCode, owner: owner.userName, amount: 400 }),
    ]);
    expect((await redeem(owner, made.body.couponCode)).status).toBe(200);
    expect(await balance(owner.token)).toBe(400);
    expect((await api('GET', '/admin/coupons', { token: vendor.token })).body.coupons).toEqual([]);
    expect(await cancel(vendor.token, made.body.couponCode)).toEqual({ status: 409, body: { msg: MSG.couponUsed } });
    await expectLedgerInvariants();
  });

  it('a retried request_id pays once and answers the same coupon', async () => {
    const vendor = await vendorWith(1_000);
    const owner = await fundedUser(0);
    const body = { userAccount: owner.userName, amount: 200, request_id: 'vendor-retry-0001' };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => resendWhileBusy(() => api('POST', '/admin/generateCoupon', { token: vendor.token, body }))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(4).fill(201));
    expect(new Set(answers.map((a) => a.body.couponCode)).size).toBe(1);
    expect(await balance(vendor.token)).toBe(800);
    await expectLedgerInvariants();
  });

  it('a vendor with too little balance is refused and nothing changes', async () => {
    const vendor = await vendorWith(100);
    const owner = await fundedUser(0);
    expect(await generate(vendor.token, owner.userName, 100.01)).toEqual({ status: 400, body: { msg: MSG.insufficientBalance } });
    expect(await balance(vendor.token)).toBe(100);
    expect((await api('GET', '/admin/coupons', { token: vendor.token })).body.coupons).toEqual([]);
    expect(await transactionsOf(vendor.token)).toHaveLength(1);
    await expectLedgerInvariants();
  });

  it('cancelling returns the money once, however often it is asked', async () => {
    const vendor = await vendorWith(1_000);
    const owner = await fundedUser(0);
    const made = await generate(vendor.token, owner.userName, 250);
    const answers = await Promise.all(Array.from({ length: 5 }, () => resendWhileBusy(() => cancel(vendor.token, made.body.couponCode))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).map((a) => a.body.msg)).toEqual(Array(4).fill(COUPON_VENDOR_MSG.alreadyCancelled));
    expect(answers.find((a) => a.status === 200)!.body).toMatchObject({ balance: 1_000, coupon: { code: made.body.couponCode, amount: 250 } });
    expect(await balance(vendor.token)).toBe(1_000);
    expect((await redeem(owner, made.body.couponCode)).status).toBe(409);
    expect(await balance(owner.token)).toBe(0);
    await expectLedgerInvariants();
  });

  it("a cancel racing the owner's redemption: exactly one wins", async () => {
    const vendor = await vendorWith(500);
    const owner = await fundedUser(0);
    const made = await generate(vendor.token, owner.userName, 500);
    const [cancelled, redeemed] = await Promise.all([cancel(vendor.token, made.body.couponCode), redeem(owner, made.body.couponCode)]);
    expect([cancelled.status, redeemed.status].filter((s) => s === 200)).toHaveLength(1);
    expect((await balance(vendor.token)) + (await balance(owner.token))).toBe(500);
    await expectLedgerInvariants();
  });

  it('rejection: a user or an agent gets 403, an anonymous caller 401; another vendor cannot cancel', async () => {
    const user = await fundedUser(500);
    const owner = await fundedUser(0);
    const agent = (await api('POST', '/auth/login', { body: { userName: 'agent', password: 'agent-password-1' } })).body.token as string;
    for (const token of [user.token, agent]) {
      expect(await generate(token, owner.userName, 100)).toEqual({ status: 403, body: { msg: MSG.forbidden } });
      expect((await api('GET', '/admin/coupons', { token })).status).toBe(403);
      expect((await cancel(token, 'ANYCODE')).status).toBe(403);
    }
    expect((await generate(undefined, owner.userName, 100)).status).toBe(401);
    expect(await balance(user.token)).toBe(500);
    const [vendor, other] = [await vendorWith(300), await vendorWith(0)];
    const made = await generate(vendor.token, owner.userName, 300);
    expect(await cancel(other.token, made.body.couponCode)).toEqual({ status: 403, body: { msg: COUPON_VENDOR_MSG.notYourCoupon } });
    expect(await balance(vendor.token)).toBe(0);
    await expectLedgerInvariants();
  });
});
