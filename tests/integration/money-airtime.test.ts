/**
 * Buying airtime over HTTP on the local cloud: coupon funding → POST /buy/airtime → SQS →
 * fulfilment → the MSORG simulator → success / refund / pending → sweeper re-query → final.
 * The simulator decides by phone number (README). The sweeper runs every 500 ms here and
 * re-enqueues unclaimed purchases after 200 ms, so most purchases also get duplicate fulfilment
 * messages: the simulator must still see exactly one submission per purchase.
 */
import { describe, expect, it } from 'vitest';
import { MSG } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient, type Answer, resendWhileBusy } from '../support/platform-client.js';
import { waitForQueuesToEmpty } from '../support/queues.js';

const cloud = useLocalCloud({ env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300' } });

const { api, fundedUser, balance, transactionsOf, waitForStatus } = platformClient(cloud, 'buyer');

async function buy(token: string, mobile_number: string, amount = 100, extra: Record<string, unknown> = {}): Promise<Answer> {
  return api('POST', '/buy/airtime', { token, body: { network: 1, mobile_number, amount, ...extra } });
}

async function expectOneSubmission(id: string): Promise<void> {
  expect((await cloud().simulatorCalls('ALARO', id)).count).toBe(1);
}

describe('buying airtime on the local cloud', () => {
  it('08011111111: delivered → success; charged 99% once', async () => {
    const user = await fundedUser(1000);
    const bought = await buy(user.token, '08011111111', 200);
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ msg: MSG.airtimeProcessing, receipt: { trans_Status: 'processing', trans_amount: 198, balance_After: 802 } });
    const settled = await waitForStatus(user.token, bought.body.receipt._id, ['success', 'refunded']);
    expect(settled).toMatchObject({ trans_Status: 'success', apiResponseId: expect.any(String) });
    expect(await balance(user.token)).toBe(802);
    await expectOneSubmission(bought.body.receipt._id);
  });

  it('08022222222: definite failure → refunded, balance restored', async () => {
    const user = await fundedUser(500);
    const bought = await buy(user.token, '08022222222', 100);
    expect(bought.status).toBe(200);
    expect(await waitForStatus(user.token, bought.body.receipt._id, ['success', 'refunded'])).toMatchObject({ trans_Status: 'refunded' });
    expect(await balance(user.token)).toBe(500);
    const refund = (await transactionsOf(user.token)).find((t) => t.trans_Type === 'refund');
    expect(refund).toMatchObject({ relatedTransactionId: bought.body.receipt._id, trans_amount: 99, balance_After: 500 });
    await expectOneSubmission(bought.body.receipt._id);
  });

  it('08033333333: pending → re-query → success', async () => {
    const user = await fundedUser(500);
    const bought = await buy(user.token, '08033333333');
    const id = bought.body.receipt._id;
    expect(await waitForStatus(user.token, id, ['success', 'refunded'])).toMatchObject({ trans_Status: 'success' });
    expect(await balance(user.token)).toBe(401);
    await expectOneSubmission(id);
    const calls = await cloud().simulatorCalls('ALARO', id);
    expect(calls.calls.some((c) => c.method === 'GET')).toBe(true);
  });

  it('08044444444: pending → re-query → refunded', async () => {
    const user = await fundedUser(500);
    const bought = await buy(user.token, '08044444444');
    expect(await waitForStatus(user.token, bought.body.receipt._id, ['success', 'refunded'])).toMatchObject({ trans_Status: 'refunded' });
    expect(await balance(user.token)).toBe(500);
    await expectOneSubmission(bought.body.receipt._id);
  });

  it('08055555555: no answer (timeout) → pending → re-query → success', async () => {
    const user = await fundedUser(500);
    const bought = await buy(user.token, '08055555555');
    expect(await waitForStatus(user.token, bought.body.receipt._id, ['success', 'refunded'])).toMatchObject({ trans_Status: 'success' });
    expect(await balance(user.token)).toBe(401);
    await expectOneSubmission(bought.body.receipt._id);
  });

  it('duplicate requests and duplicate fulfilment messages → one purchase, one supplier call', async () => {
    const user = await fundedUser(1000);
    const body = { request_id: `dup-${Date.now()}` };
    const answers = await Promise.all(Array.from({ length: 5 }, () => resendWhileBusy(() => buy(user.token, '08011111111', 100, body))));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const ids = new Set(answers.map((a) => a.body.receipt._id));
    expect(ids.size).toBe(1);
    const [id] = [...ids] as [string];
    await waitForStatus(user.token, id, ['success']);
    // Every straggling duplicate fulfilment message (the sweeper's re-enqueues) is still live until
    // it is consumed, and none is added once the purchase is final: an empty queue means all have had their turn.
    await waitForQueuesToEmpty(cloud(), ['Fulfilment']);
    await expectOneSubmission(id);
    expect(await balance(user.token)).toBe(901);
  });

  it('insufficient balance → 400 "Insufficient balance" and no record', async () => {
    const user = await fundedUser(50);
    expect(await buy(user.token, '08011111111', 100)).toEqual({ status: 400, body: { msg: MSG.insufficientBalance } });
    const list = await transactionsOf(user.token);
    expect(list.map((t) => t.trans_Type)).toEqual(['wallet']);
    expect(await balance(user.token)).toBe(50);
  });
});
