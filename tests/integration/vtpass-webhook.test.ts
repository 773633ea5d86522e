/**
 * VTpass's transaction-update pushes on the local cloud (POST /api/v1/webhooks/vtpass). VTpass signs
 * nothing, so a push only names a purchase: the fulfilment consumer re-queries VTpass's
 * /api/requery and settles through the usual path. The sweeper's re-query is pushed far away here,
 * so whatever settles a pending purchase is the push. The VTpass simulator pushes when an open
 * purchase becomes final (after 2 s), `POST /_sim/vtpass/push` repeats a push and
 * `POST /_sim/vtpass/reverse` reverses a delivered purchase and pushes it.
 */
import { describe, expect, it } from 'vitest';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';
import { waitForQueuesToEmpty } from '../support/queues.js';

const cloud = useLocalCloud({ env: { SWEEPER_REQUERY_AFTER_MS: '600000', SWEEPER_CLAIM_STALE_MS: '600000' } });
const client = platformClient(cloud, 'vtpush');
const { api, fundedUser, balance, transactionsOf, waitFor, waitForStatus } = client;

const buy = (token: string, meterNumber: string, amount = 1000) =>
  api('POST', '/buy/electricity', { token, body: { amount, meterId: 18, meterNumber, meterType: 'prepaid' } });

interface AtVtpass {
  requestId: string;
  status: string;
  token?: string;
  requeries: number;
  pushes: { status: string; answer: number | string }[];
}

async function atVtpass(id: string): Promise<AtVtpass> {
  const calls = await cloud().simulatorCalls('VTPASS', id);
  const record = calls.transactions![0] as { requestId: string; status: string; token?: string };
  return {
    requestId: record.requestId,
    status: record.status,
    token: record.token,
    requeries: calls.calls.filter((c) => c.path === '/api/requery').length,
    pushes: calls.pushes ?? [],
  };
}

const simulator = async (action: 'push' | 'reverse', requestId: string) => {
  const response = await fetch(`${cloud().simulatorsUrl}/_sim/vtpass/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestId }),
  });
  expect(response.status).toBe(200);
};

/** Waits until VTpass answered `n` re-queries of the purchase (a push was acted on). */
const waitForRequeries = (id: string, n: number) => waitFor(`${n} re-queries of ${id}`, async () => ((await atVtpass(id)).requeries >= n ? true : undefined));

/**
 * The positive signal before "nothing changed": VTpass has sent `count` pushes of the purchase and
 * our receiver answered each (it queues the re-check before answering), and the fulfilment queue is
 * then empty, so every re-check has been acted on (or refused) and written.
 */
async function pushesHandled(id: string, count: number): Promise<void> {
  await waitFor(`${count} answered pushes of ${id}`, async () => {
    const { pushes } = await atVtpass(id);
    return pushes.length >= count && pushes.every((push) => push.answer !== 'sending') ? true : undefined;
  });
  await waitForQueuesToEmpty(cloud(), ['Fulfilment']);
}

const refundsOf = async (token: string, id: string) => (await transactionsOf(token)).filter((t) => t.trans_Type === 'refund' && t.relatedTransactionId === id);

async function delivered(fundNaira: number): Promise<{ user: { token: string }; id: string; vtpass: AtVtpass }> {
  const user = await fundedUser(fundNaira);
  const bought = await buy(user.token, '45011111111', 1000);
  const id = bought.body.receipt._id as string;
  await waitForStatus(user.token, id, ['success']);
  return { user, id, vtpass: await atVtpass(id) };
}

describe('VTpass transaction-update pushes', () => {
  it('a pending purchase finalised at VTpass is settled by its push, once: the token is stored, charged once', async () => {
    const user = await fundedUser(2000);
    const bought = await buy(user.token, '45033333333', 1000);
    const id = bought.body.receipt._id as string;
    await waitForStatus(user.token, id, ['pending']);
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    const vtpass = await atVtpass(id);
    expect(vtpass.pushes).toEqual([expect.objectContaining({ status: 'delivered', answer: 200 })]);
    expect(vtpass.requeries).toBe(1);
    expect(settled).toMatchObject({ trans_Status: 'success', token: vtpass.token });
    expect(await balance(user.token)).toBe(950);

    // The same push again: re-queried, nothing changes.
    await simulator('push', vtpass.requestId);
    await waitForRequeries(id, 2);
    await waitForQueuesToEmpty(cloud(), ['Fulfilment']);
    expect((await transactionsOf(user.token)).find((t) => t._id === id)).toMatchObject({ trans_Status: 'success', token: vtpass.token });
    expect(await balance(user.token)).toBe(950);
  });

  it('a pending purchase VTpass reversed: its push refunds once; a duplicate push refunds nothing more', async () => {
    const user = await fundedUser(1500);
    const bought = await buy(user.token, '45044444444', 1000);
    const id = bought.body.receipt._id as string;
    const settled = await waitForStatus(user.token, id, ['success', 'refunded']);
    expect(settled.trans_Status).toBe('refunded');
    expect(await balance(user.token)).toBe(1500);
    const vtpass = await atVtpass(id);
    expect(vtpass.pushes).toEqual([expect.objectContaining({ status: 'reversed', answer: 200 })]);
    expect(vtpass.requeries).toBe(1);
    await simulator('push', vtpass.requestId);
    await pushesHandled(id, vtpass.pushes.length + 1);
    // Refunded is final: the repeat is not even re-queried.
    expect((await atVtpass(id)).requeries).toBe(1);
    expect(await refundsOf(user.token, id)).toHaveLength(1);
    expect(await balance(user.token)).toBe(1500);
  });

  it('a delivered purchase VTpass later reversed is refunded once; repeating the push changes nothing', async () => {
    const { user, id, vtpass } = await delivered(2000);
    expect(await balance(user.token)).toBe(950);
    await simulator('reverse', vtpass.requestId);
    const refunded = await waitForStatus(user.token, id, ['refunded']);
    expect(refunded.token).toBe(vtpass.token);
    expect(await balance(user.token)).toBe(2000);
    expect(await refundsOf(user.token, id)).toEqual([expect.objectContaining({ trans_amount: 1050, trans_Status: 'success' })]);
    const { requeries, pushes } = await atVtpass(id);
    await simulator('push', vtpass.requestId);
    await simulator('push', vtpass.requestId);
    await pushesHandled(id, pushes.length + 2);
    expect(await refundsOf(user.token, id)).toHaveLength(1);
    expect(await balance(user.token)).toBe(2000);
    // A refunded purchase is final: the repeats are not even re-queried.
    expect((await atVtpass(id)).requeries).toBe(requeries);
  });

  it('a forged "reversed" push for a purchase VTpass still has as delivered: re-queried, nothing changes', async () => {
    const { user, id, vtpass } = await delivered(2000);
    const forged = await api('POST', '/webhooks/vtpass', {
      body: {
        type: 'transaction-update',
        data: { code: '000', requestId: vtpass.requestId, content: { transactions: { status: 'reversed' } }, response_description: 'TRANSACTION REVERSED' },
      },
    });
    expect(forged).toEqual({ status: 200, body: { response: 'success' } });
    await waitForRequeries(id, 1);
    // The re-check's write (if any) is done once its message is consumed.
    await waitForQueuesToEmpty(cloud(), ['Fulfilment']);
    expect((await transactionsOf(user.token)).find((t) => t._id === id)).toMatchObject({ trans_Status: 'success', token: vtpass.token });
    expect(await balance(user.token)).toBe(950);
    expect(await refundsOf(user.token, id)).toEqual([]);
  });

  it('pushes for unknown requests or of other types are acknowledged and change nothing; an unreadable one is refused', async () => {
    const user = await fundedUser(1000);
    const before = await transactionsOf(user.token);
    const unknown = await api('POST', '/webhooks/vtpass', {
      body: { type: 'transaction-update', data: { requestId: '202501011200NOSUCHPURCHASE0000000000', content: { transactions: { status: 'reversed' } } } },
    });
    expect(unknown).toEqual({ status: 200, body: { response: 'success' } });
    const notOurs = await api('POST', '/webhooks/vtpass', { body: { type: 'transaction-update', data: { requestId: 'hello' } } });
    expect(notOurs).toEqual({ status: 200, body: { response: 'success' } });
    const otherType = await api('POST', '/webhooks/vtpass', { body: { type: 'something-else', data: {} } });
    expect(otherType).toEqual({ status: 200, body: { response: 'success' } });
    expect((await api('POST', '/webhooks/vtpass', { raw: 'not json' })).status).toBe(400);
    // Whatever the acknowledged pushes queued was queued before their answers: consumed once the queue is empty.
    await waitForQueuesToEmpty(cloud(), ['Fulfilment']);
    expect(await transactionsOf(user.token)).toEqual(before);
    expect(await balance(user.token)).toBe(1000);
  });

  it('ledger invariants hold for every user', async () => {
    await client.expectLedgerInvariants();
  });
});
