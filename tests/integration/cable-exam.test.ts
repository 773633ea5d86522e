/**
 * Cable TV and exam PINs over HTTP on the local cloud: verify → POST /buy/cableTv or
 * /buy/exam → debit with a `processing` record → SQS → fulfilment → the VTpass simulator over its
 * real protocol → success / refund / pending → sweeper /api/requery → final. The simulator decides
 * by smartcard or JAMB profile id (1212121212 valid, 1222222222 invalid, 1233333333 processing then
 * delivered, 1244444444 definite failure) and, for WAEC and Showmax, by phone (08022222222 fails,
 * 08033333333 processing then delivered).
 */
import { describe, expect, it } from 'vitest';
import { BILL_MSG, CATALOGUE_MSG, aboveApprovedPriceMessage, serviceLockedMessage } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';

const cloud = useLocalCloud({ env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300' } });

const client = platformClient(cloud, 'bills');
const { api, admin, fundedUser, balance, transactionsOf, allTransactionsOf, waitForStatus } = client;

/** Seeded prices (naira): DStv Padi costs 4,400, a smart earner pays 4,500; WAEC costs and sells at 3,900. */
const PADI = { code: 'dstv:dstv-padi', cost: 4_400, price: 4_500 };
const WAEC_PRICE = 3_900;

const buyCable = (token: string, smartCardNo: string, extra: Record<string, unknown> = {}) =>
  api('POST', '/buy/cableTv', { token, body: { cableName: 'DSTV', smartCardNo, plan: PADI.code, ...extra } });
const buyExam = (token: string, body: Record<string, unknown>) => api('POST', '/buy/exam', { token, body });

async function atVtpass(id: string): Promise<{ count: number; record: Record<string, any> | undefined }> {
  const calls = await cloud().simulatorCalls('VTPASS', id);
  return { count: calls.count, record: calls.transactions?.[0] as Record<string, any> | undefined };
}

const today = () => new Date().toISOString().slice(0, 10);
const addDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const plusMonth = (from: Date) => new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, from.getUTCDate())).toISOString().slice(0, 10);

describe('cable TV on the local cloud', () => {
  it('validatecabletv: the smartcard answers the customer, current bouquet (our code), due date and a renewal offer', async () => {
    const user = await fundedUser(0);
    const res = await api('POST', '/buy/validatecabletv', { token: user.token, body: { cableName: 2, smartCardNo: '1212121212' } });
    expect(res).toMatchObject({
      status: 200,
      body: {
        name: 'DEMO CUSTOMER',
        cableName: 'DSTV',
        currentBouquet: 'DStv Padi',
        currentBouquetCode: PADI.code,
        dueDate: addDays(5).toISOString().slice(0, 10),
        canRenew: true,
      },
    });
  });

  it('an invalid smartcard is refused (400 {msg, name}) by verification and by the purchase, before any debit', async () => {
    const user = await fundedUser(5_000);
    const check = await api('POST', '/buy/validatecabletv', { token: user.token, body: { cableName: 'DSTV', smartCardNo: '1222222222' } });
    expect(check.status).toBe(400);
    expect(check.body.name).toMatch(/not correct/);
    const bought = await buyCable(user.token, '1222222222');
    expect(bought.status).toBe(400);
    expect(bought.body.msg).toMatch(/not correct/);
    expect(await api('POST', '/buy/cableTv', { token: user.token, body: { cableName: 'DSTV', smartCardNo: '12', plan: PADI.code } })).toMatchObject({
      status: 400,
      body: { msg: BILL_MSG.enterSmartcard },
    });
    expect(await api('POST', '/buy/cableTv', { token: user.token, body: { cableName: 'NETFLIX', smartCardNo: '1212121212', plan: PADI.code } })).toMatchObject({
      status: 400,
      body: { msg: BILL_MSG.selectCableProvider },
    });
    expect((await transactionsOf(user.token)).filter((t) => t.trans_Type === 'cable')).toEqual([]);
    expect(await balance(user.token)).toBe(5_000);
  });

  it('1212121212 renew: charged the catalogue price once; success with name, bouquet and the new due date; one pay call', async () => {
    const user = await fundedUser(5_000);
    const bought = await buyCable(user.token, '1212121212', { request_id: 'cable-renew-1' });
    expect(bought).toMatchObject({
      status: 200,
      body: {
        msg: BILL_MSG.cableProcessing,
        receipt: {
          trans_Type: 'cable',
          trans_Status: 'processing',
          trans_amount: PADI.price,
          balance_After: 500,
          customerName: 'DEMO CUSTOMER',
          bouquet: 'DStv Padi',
          subscriptionType: 'renew',
        },
      },
    });
    const id = bought.body.receipt._id as string;
    // Replaying the same request_id answers the same purchase, charged once.
    const replay = await buyCable(user.token, '1212121212', { request_id: 'cable-renew-1' });
    expect(replay.body.receipt._id).toBe(id);
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    expect(settled).toMatchObject({
      trans_Status: 'success',
      customerName: 'DEMO CUSTOMER',
      bouquet: 'DStv Padi',
      cableName: 'DSTV',
      dueDate: plusMonth(addDays(5)),
    });
    const vtpass = await atVtpass(id);
    expect(vtpass.count).toBe(1);
    expect(vtpass.record).toMatchObject({ kind: 'cable', serviceID: 'dstv', variationCode: 'dstv-padi', status: 'delivered', amountNaira: PADI.cost });
    expect(await balance(user.token)).toBe(500);
  });

  it("a delivered payment remembers its decoder for the buyer (GET /auth/decoders, on any device); a refunded one does not; removing it is the owner's", async () => {
    const user = await fundedUser(10_000);
    expect(await api('GET', '/auth/decoders', { token: user.token })).toMatchObject({ status: 200, body: { decoders: [] } });
    const delivered = await buyCable(user.token, '1212121212', { request_id: 'decoder-remembered' });
    await waitForStatus(user.token, delivered.body.receipt._id, ['success']);
    const failing = await buyCable(user.token, '1244444444', { plan: 'dstv:dstv-padi' });
    await waitForStatus(user.token, failing.body.receipt._id, ['refunded']);
    const listed = async () => (await api('GET', '/auth/decoders', { token: user.token })).body.decoders as Array<Record<string, unknown>>;
    await expect
      .poll(listed, { timeout: 15_000 })
      .toMatchObject([{ _id: 'DSTV:1212121212', cableName: 'DSTV', smartCardNo: '1212121212', customerName: 'DEMO CUSTOMER' }]);
    const other = await fundedUser(100);
    expect(await api('GET', '/auth/decoders', { token: other.token })).toMatchObject({ body: { decoders: [] } });
    expect(await api('DELETE', '/auth/decoders/DSTV:1212121212', { token: other.token })).toMatchObject({
      status: 404,
      body: { msg: CATALOGUE_MSG.decoderNotFound },
    });
    expect(await api('DELETE', '/auth/decoders/not-a-decoder', { token: user.token })).toMatchObject({ status: 404 });
    expect(await api('DELETE', '/auth/decoders/DSTV:1212121212', { token: user.token })).toMatchObject({
      status: 200,
      body: { msg: CATALOGUE_MSG.decoderForgotten, decoders: [] },
    });
  });

  it('a renewal must pay the current bouquet; a change of bouquet starts today', async () => {
    const user = await fundedUser(8_000);
    const renewOther = await buyCable(user.token, '1212121212', { plan: 'dstv:dstv-yanga', subscription_type: 'renew' });
    expect(renewOther).toMatchObject({ status: 400, body: { msg: BILL_MSG.renewIsCurrentBouquet } });
    const change = await buyCable(user.token, '1212121212', { plan: 'dstv:dstv-yanga', subscription_type: 'change' });
    expect(change.status).toBe(200);
    const settled = await waitForStatus(user.token, change.body.receipt._id, ['success', 'refunded']);
    expect(settled).toMatchObject({
      trans_Status: 'success',
      bouquet: 'DStv Yanga',
      subscriptionType: 'change',
      dueDate: plusMonth(new Date(`${today()}T00:00:00Z`)),
    });
    const wrongProvider = await buyCable(user.token, '1212121212', { plan: 'gotv:gotv-jinja', subscription_type: 'change' });
    expect(wrongProvider).toMatchObject({ status: 400, body: { msg: BILL_MSG.bouquetNotForProvider } });
  });

  it('1233333333: processing → pending → sweeper requery → success, one pay call', async () => {
    const user = await fundedUser(5_000);
    const bought = await buyCable(user.token, '1233333333', { plan: 'dstv:dstv-padi' });
    expect(bought.status).toBe(200);
    const id = bought.body.receipt._id as string;
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    expect(settled.trans_Status).toBe('success');
    expect((await atVtpass(id)).count).toBe(1);
    expect(await balance(user.token)).toBe(500);
  });

  it('1244444444: a definite failure (016) is refunded once; balance restored', async () => {
    const user = await fundedUser(5_000);
    const bought = await buyCable(user.token, '1244444444');
    const id = bought.body.receipt._id as string;
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    expect(settled.trans_Status).toBe('refunded');
    expect(await balance(user.token)).toBe(5_000);
    const refunds = (await transactionsOf(user.token)).filter((t) => t.trans_Type === 'refund');
    expect(refunds).toEqual([expect.objectContaining({ relatedTransactionId: id, trans_amount: PADI.price })]);
    expect((await atVtpass(id)).count).toBe(1);
  });

  it('StarTimes buys its own variation code (no subscription_type); a locked provider refuses before any money moves', async () => {
    const user = await fundedUser(9_000);
    const bought = await api('POST', '/buy/cableTv', {
      token: user.token,
      body: { cableName: 'STARTIMES', smartCardNo: '1212121212', plan: 'startimes:nova', subscription_type: 'renew' },
    });
    expect(bought.status).toBe(200);
    expect(bought.body.receipt.subscriptionType).toBeUndefined();
    await waitForStatus(user.token, bought.body.receipt._id, ['success']);
    const sent = (await cloud().simulatorCalls('VTPASS', bought.body.receipt._id)).transactions?.[0] as Record<string, unknown>;
    expect(sent).toMatchObject({ serviceID: 'startimes', variationCode: 'nova' });

    const adminToken = await admin();
    const lock = await api('POST', '/admin/updateServices', {
      token: adminToken,
      body: { serviceName: 'GOTV', serviceType: 'cable', serviceStatus: 'locked' },
    });
    expect(lock.status).toBe(200);
    try {
      const before = await balance(user.token);
      const refused = await api('POST', '/buy/cableTv', { token: user.token, body: { cableName: 'GOTV', smartCardNo: '1212121212', plan: 'gotv:gotv-jinja' } });
      expect(refused).toMatchObject({ status: 400, body: { msg: serviceLockedMessage('GOTV', 'cable') } });
      expect(await balance(user.token)).toBe(before);
    } finally {
      await api('POST', '/admin/updateServices', { token: adminToken, body: { serviceName: 'GOTV', serviceType: 'cable', serviceStatus: 'available' } });
    }
  });

  it('the session fills CABLETV (the original client’s cable rows, tier price) and CABLENAME', async () => {
    const user = await fundedUser(0);
    const session = await api('GET', '/auth', { token: user.token });
    const plans = session.body.subscriptionPlans;
    expect(plans.CABLENAME).toEqual([
      { id: 1, name: 'GOTV' },
      { id: 2, name: 'DSTV' },
      { id: 3, name: 'STARTIMES' },
      { id: 4, name: 'SHOWMAX' },
    ]);
    expect(plans.CABLETV).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ planId: PADI.code, planName: 'DStv Padi', cableName: 'DSTV', plan_amount: PADI.price, price: PADI.price, planCostPrince: 0 }),
      ]),
    );
  });
});

describe('exam PINs on the local cloud', () => {
  it('WAEC result checker × 3: charged 3 × the price; three PINs with serials stored and shown', async () => {
    const user = await fundedUser(12_000);
    const bought = await buyExam(user.token, { exam: 'waec', quantity: 3, phone: '08011111111' });
    expect(bought).toMatchObject({
      status: 200,
      body: { msg: BILL_MSG.examProcessing, receipt: { trans_Type: 'exam', trans_amount: 3 * WAEC_PRICE, quantity: 3 } },
    });
    const id = bought.body.receipt._id as string;
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    const vtpass = await atVtpass(id);
    expect(vtpass.count).toBe(1);
    const issued = vtpass.record!.pins as { pin: string; serial: string }[];
    expect(issued).toHaveLength(3);
    expect(settled.pins).toEqual(issued.map((p) => ({ pin: p.pin, serial: p.serial })));
    // The details read back the same PINs (stored, never re-invented).
    const details = await api('GET', `/transaction/${id}`, { token: user.token });
    expect(details.body.transaction.pins).toEqual(settled.pins);
    expect(await balance(user.token)).toBe(12_000 - 3 * WAEC_PRICE);
    // The transactions listing filters by the new types.
    expect((await allTransactionsOf(user.token, '&type=exam')).map((t) => t._id)).toEqual([id]);
    expect(await allTransactionsOf(user.token, '&type=cable')).toEqual([]);
  });

  it('quantity outside 1–10, JAMB more than one, or without a profile id is a 400 with nothing charged', async () => {
    const user = await fundedUser(50_000);
    expect(await buyExam(user.token, { exam: 'waec', quantity: 11 })).toMatchObject({ status: 400, body: { msg: BILL_MSG.quantityRange } });
    expect(await buyExam(user.token, { exam: 'waec', quantity: 0 })).toMatchObject({ status: 400, body: { msg: BILL_MSG.quantityRange } });
    expect(await buyExam(user.token, { exam: 'jamb-utme', quantity: 2, profileId: '1212121212' })).toMatchObject({
      status: 400,
      body: { msg: BILL_MSG.quantityOne },
    });
    expect(await buyExam(user.token, { exam: 'jamb-utme' })).toMatchObject({ status: 400, body: { msg: BILL_MSG.enterProfileId } });
    expect(await buyExam(user.token, { exam: 'neco' })).toMatchObject({ status: 400, body: { msg: BILL_MSG.selectExam } });
    expect(await balance(user.token)).toBe(50_000);
  });

  it('JAMB: the profile id is verified (name); an invalid one is refused; a valid one gets its PIN on the receipt', async () => {
    const user = await fundedUser(10_000);
    const verified = await api('POST', '/buy/validateExam', { token: user.token, body: { exam: 'jamb-utme', profileId: '1212121212' } });
    expect(verified).toMatchObject({ status: 200, body: { name: 'DEMO CUSTOMER', profileId: '1212121212' } });
    const invalid = await buyExam(user.token, { exam: 'jamb-de', profileId: '1222222222' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.msg).toMatch(/not correct/);
    const bought = await buyExam(user.token, { exam: 'jamb-utme', profileId: '1212121212' });
    expect(bought).toMatchObject({ status: 200, body: { receipt: { customerName: 'DEMO CUSTOMER', profileId: '1212121212' } } });
    const settled = await waitForStatus(user.token, bought.body.receipt._id, ['success', 'refunded']);
    const vtpass = await atVtpass(bought.body.receipt._id);
    expect(settled.pins).toEqual([{ pin: vtpass.record!.pins[0].pin, serial: null }]);
  });

  it('WAEC for 08033333333: pending, then delivered at requery with its PINs; 08022222222: refunded once', async () => {
    const user = await fundedUser(10_000);
    const pending = await buyExam(user.token, { exam: 'waec', quantity: 1, phone: '08033333333' });
    const failed = await buyExam(user.token, { exam: 'waec', quantity: 1, phone: '08022222222' });
    const delivered = await waitForStatus(user.token, pending.body.receipt._id, ['success', 'refunded']);
    expect(delivered.trans_Status).toBe('success');
    expect(delivered.pins).toHaveLength(1);
    const refunded = await waitForStatus(user.token, failed.body.receipt._id, ['success', 'refunded']);
    expect(refunded.trans_Status).toBe('refunded');
    expect(refunded.pins).toBeUndefined();
    expect(await balance(user.token)).toBe(10_000 - WAEC_PRICE);
    expect((await atVtpass(pending.body.receipt._id)).count).toBe(1);
    expect((await atVtpass(failed.body.receipt._id)).count).toBe(1);
  });

  it('an admin cannot price an exam above the approved price (400); a cable price edit is what the next buyer pays', async () => {
    const adminToken = await admin();
    const above = await api('POST', '/admin/billProduct', { token: adminToken, body: { code: 'waec:waecdirect', my_price: 4_000 } });
    expect(above).toEqual({ status: 400, body: { msg: aboveApprovedPriceMessage('WAEC Result Checker', '₦3,900.00') } });
    const user = await fundedUser(0);
    expect((await api('POST', '/admin/billProduct', { token: user.token, body: { code: 'waec:waecdirect', my_price: 3_000 } })).status).toBe(403);
    const edited = await api('POST', '/admin/billProduct', { token: adminToken, body: { code: 'gotv:gotv-smallie', my_price: 2_050 } });
    expect(edited).toMatchObject({ status: 200, body: { product: { code: 'gotv:gotv-smallie', my_price: 2_050 } } });
    const listed = await api('GET', '/billProducts', { token: user.token });
    expect(listed.body.products).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'gotv:gotv-smallie', amount: 2_050, costPrice: 0 })]));
  });

  it('ledger invariants hold for every buyer', async () => {
    await client.expectLedgerInvariants();
  });
});
