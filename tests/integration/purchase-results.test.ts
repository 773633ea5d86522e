/**
 * Purchase results on the local cloud: a refunded purchase says why in words (the supplier's own words
 * after ours) in the listing and in GET /transaction/{id}, and a transfer to oneself is refused
 * at its first step (GET /auth/validateUser), not at the transfer.
 */
import { describe, expect, it } from 'vitest';
import { MONEY_MSG, REFUND_REASON_MSG } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';

// A refund's headline names the path that settled it: this file checks a definite failure at submission,
// so the panel gets 6 s (a loaded machine passes the test default of 1 s, and the re-query settles it instead).
const cloud = useLocalCloud({ env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300', SUPPLIER_TIMEOUT_MS: '6000' } });
const { api, fundedUser, waitForStatus } = platformClient(cloud, 'results');

describe('a purchase result a person can read', () => {
  it('a refunded purchase carries its refund reason in words, with the supplier’s own words; a delivered one has none', async () => {
    const user = await fundedUser(500);
    const refused = await api('POST', '/buy/airtime', { token: user.token, body: { network: 1, mobile_number: '08022222222', amount: 100 } });
    const delivered = await api('POST', '/buy/airtime', { token: user.token, body: { network: 1, mobile_number: '08011111111', amount: 100 } });
    const refunded = await waitForStatus(user.token, refused.body.receipt._id, ['refunded']);
    // 08022222222: the panel answers {"error":["Transaction failed"],"Status":"failed"}.
    expect(refunded.refundReason).toBe(`${REFUND_REASON_MSG.supplierFailed}: Transaction failed`);
    const single = await api('GET', `/transaction/${refused.body.receipt._id}`, { token: user.token });
    expect(single.body.transaction.refundReason).toBe(refunded.refundReason);
    const success = await waitForStatus(user.token, delivered.body.receipt._id, ['success']);
    expect(success.refundReason).toBeUndefined();
  });

  it('validating oneself as a transfer’s receiver is refused with the transfer’s own message; another user is named', async () => {
    const sender = await fundedUser(200);
    const receiver = await fundedUser(0);
    const self = await api('GET', `/auth/validateUser/${sender.userName.toUpperCase()}`, { token: sender.token });
    expect(self).toMatchObject({ status: 400, body: { msg: MONEY_MSG.cannotTransferToSelf } });
    const other = await api('GET', `/auth/validateUser/${receiver.userName}`, { token: sender.token });
    expect(other).toMatchObject({ status: 200, body: { userName: receiver.userName } });
  });
});
