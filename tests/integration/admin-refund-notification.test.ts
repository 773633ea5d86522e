/**
 * Operators on the local cloud: POST /admin/refund/{id} (admin and agent) and the
 * notice to users, GET/POST /admin/notification. Purchases go through the MSORG
 * simulator; 08033333333 stays "processing" until a re-query, which then says delivered.
 */
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_MSG, REFUND_MSG, MSG } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient, resendWhileBusy } from '../support/platform-client.js';
import { usePlatformTable } from '../support/platform-table.js';
import { waitForQueuesToEmpty } from '../support/queues.js';

// A pending purchase is re-queried 2 s after its answer: long enough for an operator's refund to come
// first on a loaded machine (at 300 ms the re-query delivered it before the agent's refund arrived).
const cloud = useLocalCloud({ env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '2000' } });
const { api, admin, fundedUser, boughtAirtime, balance, transactionsOf, waitForStatus, laterPurchaseDelivered, expectLedgerInvariants } = platformClient(
  cloud,
  'refunded',
);
/**
 * Before "it stays refunded": a later purchase has been through fulfilment and a sweep's re-query,
 * and the fulfilment queue is empty, so the refunded purchase's own fulfilment and every re-query
 * that could have settled it again have had their turn.
 */
async function afterFulfilmentAndASweep(): Promise<void> {
  await laterPurchaseDelivered();
  await waitForQueuesToEmpty(cloud(), ['Fulfilment']);
}
/** Users holding hand-written records (a `failed` purchase) that no route makes: outside the invariants check. */
const fixtures = platformClient(cloud, 'fixture');

const AGENT = { userName: 'agent', password: 'agent-password-1' };
let agentToken: string | undefined;
async function agent(): Promise<string> {
  if (agentToken) return agentToken;
  const login = await api('POST', '/auth/login', { body: AGENT });
  expect(login.status).toBe(200);
  agentToken = login.body.token as string;
  return agentToken;
}

const refund = (id: string, token?: string, reason?: string) =>
  api('POST', `/admin/refund/${encodeURIComponent(id)}`, token === undefined ? {} : { token, ...(reason === undefined ? {} : { body: { reason } }) });

describe('POST /admin/refund/{id}', () => {
  it('an admin refunds a delivered purchase with a reason: ₦ back, one refund record, status refunded', async () => {
    const user = await fundedUser(500);
    const id = await boughtAirtime(user.token);
    await waitForStatus(user.token, id, ['success']);
    const answer = await refund(id, await admin(), 'customer reports no airtime');
    expect(answer).toEqual({ status: 200, body: { msg: `Refund of ₦99.00 for ${user.userName} was successful` } });
    expect(await balance(user.token)).toBe(500);
    const list = await transactionsOf(user.token);
    expect(list.find((t) => t._id === id)).toMatchObject({ trans_Status: 'refunded' });
    expect(list.filter((t) => t.trans_Type === 'refund')).toEqual([
      expect.objectContaining({ relatedTransactionId: id, trans_amount: 99, balance_After: 500 }),
    ]);
  });

  // An admin's body-less refund of a delivered purchase is accepted (tests/integration/money-desk-profit.test.ts).
  it('rejection: a delivered purchase — an agent gets 403; no money moves', async () => {
    const user = await fundedUser(500);
    const id = await boughtAirtime(user.token);
    await waitForStatus(user.token, id, ['success']);
    expect(await refund(id, await agent(), 'the agent says so')).toEqual({ status: 403, body: { msg: REFUND_MSG.deliveredAdminOnly } });
    expect(await refund(id, await agent())).toEqual({ status: 403, body: { msg: REFUND_MSG.deliveredAdminOnly } });
    expect(await balance(user.token)).toBe(401);
    expect((await transactionsOf(user.token)).find((t) => t._id === id)).toMatchObject({ trans_Status: 'success' });
  });

  it('an agent refunds a purchase still open at the supplier; the later re-query does not settle it again', async () => {
    const user = await fundedUser(500);
    // Signed in first: the refund follows the purchase's answer with one request.
    const agentToken = await agent();
    const id = await boughtAirtime(user.token, '08033333333', 200);
    const answer = await refund(id, agentToken);
    expect(answer).toEqual({ status: 200, body: { msg: `Refund of ₦198.00 for ${user.userName} was successful` } });
    await afterFulfilmentAndASweep();
    expect((await transactionsOf(user.token)).find((t) => t._id === id)).toMatchObject({ trans_Status: 'refunded' });
    expect(await balance(user.token)).toBe(500);
  });

  it('rejection: a user gets 403, nobody signed in 401, an unknown id 404, and no money moves', async () => {
    const user = await fundedUser(500);
    const id = await boughtAirtime(user.token);
    await waitForStatus(user.token, id, ['success']);
    expect(await refund(id, user.token)).toEqual({ status: 403, body: { msg: MSG.forbidden } });
    expect((await refund(id)).status).toBe(401);
    expect(await refund(ulid(), await admin())).toEqual({ status: 404, body: { msg: REFUND_MSG.transactionNotFound } });
    expect(await balance(user.token)).toBe(401);
  });

  it('rejection: refunded, failed, transfer, wallet and refund transactions get 400 with a clear message', async () => {
    const sender = await fundedUser(500);
    const receiver = await fixtures.fundedUser(0);
    const id = await boughtAirtime(sender.token);
    expect((await refund(id, await admin(), 'test refund')).status).toBe(200);
    expect(await refund(id, await admin(), 'test refund')).toEqual({ status: 400, body: { msg: REFUND_MSG.alreadyRefunded } });
    expect((await api('POST', '/auth/transferFund', { token: sender.token, body: { userName: receiver.userName, amount: 50 } })).status).toBe(200);
    const list = await transactionsOf(sender.token);
    for (const type of ['transfer', 'wallet', 'refund']) {
      const record = list.find((t) => t.trans_Type === type);
      expect(await refund(record._id, await agent()), type).toEqual({ status: 400, body: { msg: REFUND_MSG.typeNotRefundable } });
    }
    expect(await balance(sender.token)).toBe(450);

    // No route leaves a purchase `failed`; one is written as an old record would be.
    await usePlatformTable(cloud());
    const { dynamoLedger } = await import('../../functions/adapters/dynamo/wallet/ledger.js');
    const { getUserByUserName } = await import('../../functions/adapters/dynamo/accounts/users.js');
    const owner = (await getUserByUserName(receiver.userName))!;
    const now = new Date().toISOString();
    const failedId = ulid();
    const failed = await dynamoLedger.debit({
      id: failedId,
      userId: owner.userId,
      trans_UserName: owner.userName,
      trans_Type: 'airtime',
      trans_Status: 'failed',
      trans_Network: 'MTN',
      phone_number: '08011111111',
      amountKobo: 10_00,
      description: 'a failed purchase',
      createdAt: now,
      updatedAt: now,
    });
    expect(failed.kind).toBe('posted');
    expect(await refund(failedId, await admin())).toEqual({ status: 400, body: { msg: REFUND_MSG.failedNotRefundable } });
    expect(await balance(receiver.token)).toBe(40);
  });

  it('20 concurrent refunds of one purchase (admin and agent): one 200, the rest 400 "already refunded" (an agent\'s 403 if it was delivered first), one credit', async () => {
    const user = await fundedUser(500);
    const id = await boughtAirtime(user.token);
    const tokens = [await admin(), await agent()];
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => resendWhileBusy(() => refund(id, tokens[i % 2], 'concurrent test'))));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(
      refused.filter(
        (a) => !((a.status === 400 && a.body.msg === REFUND_MSG.alreadyRefunded) || (a.status === 403 && a.body.msg === REFUND_MSG.deliveredAdminOnly)),
      ),
    ).toEqual([]);
    expect(await balance(user.token)).toBe(500);
    expect((await transactionsOf(user.token)).filter((t) => t.trans_Type === 'refund')).toHaveLength(1);
  });

  it("a refund racing the supplier's late success (pending → re-query says delivered): one outcome, refunded once, stays so", async () => {
    const user = await fundedUser(500);
    const id = await boughtAirtime(user.token, '08033333333');
    await waitForStatus(user.token, id, ['pending', 'success']);
    expect((await refund(id, await admin(), 'late success race')).status).toBe(200);
    await afterFulfilmentAndASweep();
    const list = await transactionsOf(user.token);
    expect(list.find((t) => t._id === id)).toMatchObject({ trans_Status: 'refunded' });
    expect(list.filter((t) => t.trans_Type === 'refund')).toHaveLength(1);
    expect(await balance(user.token)).toBe(500);
  });

  it('every user touched here keeps the ledger invariants: chains continue, purchases final, one refund per refunded purchase', async () => {
    await afterFulfilmentAndASweep();
    await expectLedgerInvariants();
  });
});

describe('GET and POST /admin/notification', () => {
  it('an agent sets it, every user reads it; a new message from an admin gets a new id', async () => {
    const user = await fundedUser(0);
    const set = await api('POST', '/admin/notification', { token: await agent(), body: { msg: '  Data is back on MTN  ' } });
    expect(set).toEqual({
      status: 200,
      body: { msg: NOTIFICATION_MSG.updated, notification: { msg: 'Data is back on MTN', id: expect.any(String), checked: false } },
    });
    expect(await api('GET', '/admin/notification', { token: user.token })).toEqual({
      status: 200,
      body: { msg: 'Data is back on MTN', id: set.body.notification.id, checked: false },
    });
    const again = await api('POST', '/admin/notification', { token: await admin(), body: { msg: 'Data is back on MTN' } });
    expect(again.status).toBe(200);
    expect(again.body.notification.id).not.toBe(set.body.notification.id);
    expect((await api('GET', '/admin/notification', { token: user.token })).body.id).toBe(again.body.notification.id);
    // An empty message clears it.
    expect((await api('POST', '/admin/notification', { token: await admin(), body: { msg: '' } })).status).toBe(200);
    expect((await api('GET', '/admin/notification', { token: user.token })).body.msg).toBe('');
  });

  it('rejection: a user may not set it (403), nobody signed in may not read it (401), the message is required and bounded (400)', async () => {
    const user = await fundedUser(0);
    expect(await api('POST', '/admin/notification', { token: user.token, body: { msg: 'hi' } })).toEqual({ status: 403, body: { msg: MSG.forbidden } });
    expect((await api('GET', '/admin/notification')).status).toBe(401);
    expect((await api('POST', '/admin/notification', { body: { msg: 'hi' } })).status).toBe(401);
    expect(await api('POST', '/admin/notification', { token: await admin(), body: {} })).toEqual({ status: 400, body: { msg: NOTIFICATION_MSG.enterMessage } });
    expect(await api('POST', '/admin/notification', { token: await admin(), body: { msg: 'x'.repeat(1001) } })).toEqual({
      status: 400,
      body: { msg: NOTIFICATION_MSG.tooLong },
    });
  });
});

describe('POST /admin/notification/ack (acknowledged per user on the server)', () => {
  it('a user acknowledges the current notice: checked for that user on every later read (any device), not for others; a new notice is unchecked again', async () => {
    const reader = await fundedUser(0);
    const other = await fundedUser(0);
    const set = await api('POST', '/admin/notification', { token: await admin(), body: { msg: 'Airtime is 2% off' } });
    const id = set.body.notification.id as string;
    const acked = await api('POST', '/admin/notification/ack', { token: reader.token, body: { id } });
    expect(acked).toEqual({ status: 200, body: { msg: NOTIFICATION_MSG.acknowledged, notification: { msg: 'Airtime is 2% off', id, checked: true } } });
    // Another sign-in of the same user (another device) reads it as checked.
    const login = await api('POST', '/auth/login', { body: { userName: reader.userName, password: 'platform-client-password' } });
    expect(login.status).toBe(200);
    expect((await api('GET', '/admin/notification', { token: login.body.token })).body).toEqual({ msg: 'Airtime is 2% off', id, checked: true });
    expect((await api('GET', '/admin/notification', { token: other.token })).body.checked).toBe(false);
    // Acknowledging again changes nothing.
    expect((await api('POST', '/admin/notification/ack', { token: reader.token, body: { id } })).status).toBe(200);
    const next = await api('POST', '/admin/notification', { token: await admin(), body: { msg: 'Data is back' } });
    expect((await api('GET', '/admin/notification', { token: reader.token })).body).toEqual({
      msg: 'Data is back',
      id: next.body.notification.id,
      checked: false,
    });
  });

  it('rejection: a replaced notice cannot be acknowledged (409, nothing recorded), an id is required (400), and nobody signed in may (401)', async () => {
    const reader = await fundedUser(0);
    const first = await api('POST', '/admin/notification', { token: await admin(), body: { msg: 'First' } });
    await api('POST', '/admin/notification', { token: await admin(), body: { msg: 'Second' } });
    expect(await api('POST', '/admin/notification/ack', { token: reader.token, body: { id: first.body.notification.id } })).toEqual({
      status: 409,
      body: { msg: NOTIFICATION_MSG.notCurrent },
    });
    expect((await api('GET', '/admin/notification', { token: reader.token })).body.checked).toBe(false);
    expect(await api('POST', '/admin/notification/ack', { token: reader.token, body: {} })).toEqual({
      status: 400,
      body: { msg: NOTIFICATION_MSG.notCurrent },
    });
    expect((await api('POST', '/admin/notification/ack', { body: { id: first.body.notification.id } })).status).toBe(401);
  });
});
