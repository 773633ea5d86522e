/**
 * Coupon repository. Redemption is one TransactWriteItems through the ledger: the coupon flips
 * `used` false → true (conditional, and only for its owner), the wallet is credited (seq
 * condition) and a `wallet` transaction is written under an id derived from the code, so two
 * concurrent redemptions credit once.
 *
 * A coupon vendor's coupon is created in the write that debits the vendor (balance condition), so
 * no coupon exists unpaid and no payment without its coupon. Cancelling it is the same flip of
 * `used` as a redemption, with the credit going back to the vendor: a cancel and a redemption
 * racing each other both condition on `used = false`, and exactly one of them wins.
 *
 * An operator's coupon (created, paid or cancelled) puts its audit entry in that same write.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { couponCancelDraft } from '../../../domain/money/coupon-payments.js';
import { checkCancellable, checkRedeemable, normaliseCouponCode, type Coupon } from '../../../domain/money/coupons.js';
import { couponCreditIdFor } from '../../../domain/ids.js';
import { compareReplay } from '../../../domain/wallet/ledger.js';
import type { TransactionDraft } from '../../../domain/transactions/transactions.js';
import type { CancelResult, CouponStore, PaidCouponWrite, RedeemResult } from '../../../domain/money/coupons-port.js';
import { auditPutsFor } from '../back-office/audit.js';
import { batchGetItems } from '../batch-get.js';
import { formatNaira } from '../../../../shared/money.js';
import { db, tableName } from '../client.js';
import { failedConditions } from '../conditions.js';
import { COUPON_ENTITY, stored } from '../items.js';
import { keys, listingQuery, openCouponListing, GSI, INDEX } from '../keys.js';
import { writeWalletChange } from '../wallet/ledger.js';
import { queryAll } from '../paginate.js';
import { getTransaction, REMOVE_OPEN_LISTING } from '../transactions/transactions.js';

export async function getCoupon(code: string): Promise<Coupon | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.coupon(normaliseCouponCode(code)), ConsistentRead: true }));
  return Item && Item.entity === COUPON_ENTITY ? stored.coupon.read(Item) : undefined;
}

/** The payment's id was used before: the same request (its coupon), another one, or (no record) nothing. */
async function paidBefore(payment: TransactionDraft): Promise<PaidCouponWrite | undefined> {
  const existing = await getTransaction(payment.id);
  if (!existing) return undefined;
  if (compareReplay(existing, payment) !== 'same' || !existing.couponCode) return { kind: 'exists_with_different_details' };
  const coupon = await getCoupon(existing.couponCode);
  if (!coupon) throw new Error(`payment ${existing.id} names coupon ${existing.couponCode}, which does not exist`);
  return { kind: 'replayed', coupon, record: existing };
}

export const dynamoCoupons: CouponStore = {
  async create(coupon, audit) {
    const put = {
      TableName: tableName(),
      Item: { ...keys.coupon(coupon.code), entity: COUPON_ENTITY, ...coupon },
      ConditionExpression: 'attribute_not_exists(pk)',
    };
    try {
      await db().send(new TransactWriteCommand({ TransactItems: [{ Put: put }, ...auditPutsFor(audit, { coupon })] }));
      return true;
    } catch (error) {
      if (failedConditions(error)?.includes(0)) return false;
      throw error;
    }
  },

  get: getCoupon,

  async redeem(rawCode, redeemer, now): Promise<RedeemResult> {
    const code = normaliseCouponCode(rawCode);
    const check = checkRedeemable(await getCoupon(code), redeemer.userId);
    if (!check.ok) return { kind: check.reason };
    const coupon = check.coupon;
    const nowIso = now.toISOString();
    const draft: TransactionDraft = {
      id: couponCreditIdFor(code),
      userId: redeemer.userId,
      trans_UserName: redeemer.userName,
      userType: redeemer.userType,
      trans_Type: 'wallet',
      trans_Status: 'success',
      // How existing clients show a coupon credit: the item is "coupon", the other party its issuer.
      trans_Network: 'coupon',
      phone_number: '',
      counterparty: { userId: coupon.createdBy, userName: coupon.createdByUserName ?? '' },
      amountKobo: coupon.amountKobo,
      volume: formatNaira(coupon.amountKobo),
      description: `Wallet funded with coupon ${code}`,
      requestFingerprint: `coupon:${code}`,
      createdAt: nowIso,
      updatedAt: nowIso,
    };
    const outcome = await writeWalletChange({
      direction: 'credit',
      draft,
      extraItems: (record) => [
        {
          Update: {
            TableName: tableName(),
            Key: keys.coupon(code),
            // A vendor's coupon also leaves the vendor's list of coupons to cancel.
            UpdateExpression: `SET used = :true, usedAt = :now, transactionId = :transactionId ${REMOVE_OPEN_LISTING}`,
            ConditionExpression: 'used = :false AND ownerUserId = :owner AND amountKobo = :amount',
            ExpressionAttributeValues: {
              ':true': true,
              ':false': false,
              ':now': nowIso,
              ':transactionId': record.id,
              ':owner': redeemer.userId,
              ':amount': coupon.amountKobo,
            },
          },
        },
      ],
    });
    switch (outcome.kind) {
      case 'written':
        return { kind: 'redeemed', coupon: { ...coupon, used: true, usedAt: nowIso, transactionId: outcome.record.id }, record: outcome.record };
      case 'record_exists':
        return { kind: 'already_used' };
      case 'extra_condition_failed': {
        const again = checkRedeemable(await getCoupon(code), redeemer.userId);
        return { kind: again.ok ? 'already_used' : again.reason };
      }
      case 'insufficient_balance':
        throw new Error('a credit cannot be short of balance');
    }
  },

  async createPaid(coupon, payment, audit): Promise<PaidCouponWrite> {
    if (!coupon.paidByUserId || coupon.paidByUserId !== payment.userId || payment.amountKobo !== coupon.amountKobo)
      throw new Error(`coupon ${coupon.code}: the payment does not match it`);
    const outcome = await writeWalletChange({
      direction: 'debit',
      draft: payment,
      extraItems: (record) => [
        {
          Put: {
            TableName: tableName(),
            Item: { ...keys.coupon(coupon.code), entity: COUPON_ENTITY, ...coupon, ...openCouponListing(coupon.paidByUserId!, coupon.createdAt, coupon.code) },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        ...auditPutsFor(audit, { coupon, payment: record }),
      ],
    });
    switch (outcome.kind) {
      case 'written':
        return { kind: 'created', record: outcome.record };
      // A retry of a payment that went through sees its coupon, not "insufficient".
      case 'insufficient_balance':
        return (await paidBefore(payment)) ?? { kind: 'insufficient_balance', balanceKobo: outcome.balanceKobo };
      case 'record_exists':
        return (await paidBefore(payment)) ?? { kind: 'code_taken' };
      case 'extra_condition_failed':
        return { kind: 'code_taken' };
    }
  },

  async cancel(rawCode, vendor, now, audit): Promise<CancelResult> {
    const code = normaliseCouponCode(rawCode);
    const check = checkCancellable(await getCoupon(code), vendor.userId);
    if (!check.ok) return { kind: check.reason };
    const coupon = check.coupon;
    const nowIso = now.toISOString();
    const outcome = await writeWalletChange({
      direction: 'credit',
      draft: couponCancelDraft(coupon, vendor, now),
      extraItems: (record) => [
        {
          Update: {
            TableName: tableName(),
            Key: keys.coupon(code),
            UpdateExpression: `SET used = :true, usedAt = :now, cancelledAt = :now, transactionId = :transactionId ${REMOVE_OPEN_LISTING}`,
            ConditionExpression: 'used = :false AND paidByUserId = :vendor AND amountKobo = :amount',
            ExpressionAttributeValues: {
              ':true': true,
              ':false': false,
              ':now': nowIso,
              ':transactionId': record.id,
              ':vendor': vendor.userId,
              ':amount': coupon.amountKobo,
            },
          },
        },
        ...auditPutsFor(audit, { coupon, record }),
      ],
    });
    switch (outcome.kind) {
      case 'written':
        return {
          kind: 'cancelled',
          coupon: { ...coupon, used: true, usedAt: nowIso, cancelledAt: nowIso, transactionId: outcome.record.id },
          record: outcome.record,
        };
      case 'record_exists':
        return { kind: 'already_cancelled' };
      case 'extra_condition_failed': {
        // Redeemed (or cancelled) a moment ago: say which.
        const again = checkCancellable(await getCoupon(code), vendor.userId);
        return { kind: again.ok ? 'already_used' : again.reason };
      }
      case 'insufficient_balance':
        throw new Error('a credit cannot be short of balance');
    }
  },

  async listOpenPaidBy(vendorId) {
    const items = await queryAll({
      TableName: tableName(),
      IndexName: INDEX.byOpenSinceKeys,
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': GSI.byOpenSinceKeys.partitionKey },
      ExpressionAttributeValues: { ':pk': listingQuery.openCouponPartition(vendorId) },
      ScanIndexForward: false,
    });
    // The index keeps keys only: the coupons are read themselves, those still open kept (newest first).
    const coupons = await batchGetItems(
      items.map((item) => ({ pk: item.pk, sk: item.sk })),
      { consistent: true },
    );
    return coupons.filter((item) => item[GSI.byOpenSinceKeys.partitionKey] !== undefined).map((item) => stored.coupon.read(item));
  },
};
