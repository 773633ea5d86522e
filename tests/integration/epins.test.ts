/**
 * Recharge cards (e-PINs) on the local cloud, end to end: the route, the debit, the table's stream,
 * fulfilment, the e-PIN panel's simulator (its business-name rules and its /control), settlement, the
 * webhook and the sweeper.
 *   - a batch delivered: priced at the buyer's tier from the price manager's row, the PINs exactly as
 *     the panel issued them on the buyer's receipt only; listings, the session, the webhook and the
 *     platform's log carry the count, never a PIN; another user cannot read it; an admin reads them
 *     masked, or in full through the audited reveal;
 *   - a partial answer charges only the PINs delivered and refunds the rest in one settlement;
 *   - every definite failure (ERR201, ERR203, ERR205, ERR206) refunds all of it; a switched-off row
 *     and a bad request are refused before any money moves;
 *   - a lost answer stays pending through the sweeper's re-queries (the panel has no re-query call)
 *     and is never refunded on a guess; an operator's refund then settles it once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPIN_MSG } from '../../shared/api/epins.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { platformClient } from '../support/platform-client.js';
import { usePlatformTable } from '../support/platform-table.js';

// The panel has no re-query: an answer slower than the supplier timeout leaves a batch pending for good, so this
// file gives the panel 6 s (the test default, 1 s, is passed by a loaded machine); the held answer still times out.
const cloud = useLocalCloud({ env: { SWEEPER_STALE_MS: '200', SWEEPER_REQUERY_AFTER_MS: '300', SUPPLIER_TIMEOUT_MS: '6000' } });
const { api, admin, fundedUser, balance, waitFor, waitForStatus, countedPage } = platformClient(cloud, 'epin');

type Pin = { pin: string; serial: string | null };

/** The e-PIN panel simulator's own endpoints (the simulators' loopback origin). */
const panel = {
  async issued(name: string): Promise<{ token: string; serial: string }[]> {
    const answer = await fetch(`${cloud().simulatorsUrl}/_sim/epinpanel/calls?name=${encodeURIComponent(name)}`);
    const body = (await answer.json()) as { transactions: { bundle: { token: string; serial: string }[] }[] };
    return body.transactions.flatMap((t) => t.bundle);
  },
  async calls(name: string): Promise<number> {
    const answer = await fetch(`${cloud().simulatorsUrl}/_sim/epinpanel/calls?name=${encodeURIComponent(name)}`);
    return ((await answer.json()) as { calls: unknown[] }).calls.length;
  },
  async force(outcome: string | null): Promise<void> {
    const answer = await fetch(`${cloud().simulatorsUrl}/_sim/epinpanel/control`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ forceOutcome: outcome }),
    });
    expect(answer.status).toBe(200);
  },
};

/** A webhook receiver on loopback: every body it was sent. */
const received: Array<{ path: string; body: string }> = [];
let server: Server;
let receiverBase: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let shops = 0;
/** A business name of its own per purchase (the simulator keys its records by it), with an outcome word when given. */
const shop = (word = '') => `Shop ${Date.now().toString(36)} ${++shops}${word ? ` ${word}` : ''}`;

const buy = (token: string, body: Record<string, unknown>) => api('POST', '/buy/epin', { token, body });

describe('recharge cards (e-PINs)', () => {
  it("a delivered batch: the buyer's tier price, the panel's PINs on the buyer's receipt only; listings, the webhook and the log carry the count", async () => {
    const buyer = await fundedUser(5_000);
    const path = `/hook/${buyer.userName}`;
    expect((await api('POST', '/auth/updateWebhook', { token: buyer.token, body: { webhookUrl: `${receiverBase}${path}` } })).status).toBe(200);
    // The admin prices the row in the price manager (the bill products' tiers): the charge follows it.
    const priced = await api('POST', '/admin/billProduct', {
      token: await admin(),
      body: { code: 'epin:GLO-200', my_price: 197, resellerPrice: 196, apiPrice: 196, costPrice: 194 },
    });
    expect(priced.status).toBe(200);
    const listed = await api('GET', '/billProducts', { token: buyer.token });
    expect(listed.body.products.find((p: { code: string }) => p.code === 'epin:GLO-200')).toMatchObject({ family: 'epin', amount: 197 });

    const name = shop();
    const requestId = `epin-${Date.now()}`;
    const bought = await buy(buyer.token, { network: 'GLO', denomination: 200, quantity: 3, business_name: name, request_id: requestId });
    expect(bought.status).toBe(200);
    expect(bought.body.msg).toBe(EPIN_MSG.processing);
    expect(bought.body.receipt).toMatchObject({
      trans_Type: 'epin',
      trans_amount: 591,
      epin: { network: 'GLO', denomination: 200, businessName: name, ordered: 3 },
    });
    const id = bought.body.receipt._id as string;
    await waitForStatus(buyer.token, id, ['success', 'refunded']);
    expect(await balance(buyer.token)).toBe(5_000 - 591);

    // The PINs on the receipt are exactly those the panel issued, none invented.
    const issued = await panel.issued(name);
    expect(issued).toHaveLength(3);
    const pins: Pin[] = issued.map((card) => ({ pin: card.token, serial: card.serial }));
    const receipt = (await api('GET', `/transaction/${id}`, { token: buyer.token })).body.transaction;
    expect(receipt).toMatchObject({ trans_Status: 'success', trans_profit: 0, epin: { delivered: 3, ordered: 3 } });
    expect(receipt.pins).toEqual(pins);

    // Nowhere else: the buyer's listing and session, the operator's listing and lookup (masked), the webhook.
    const ownListing = JSON.stringify((await countedPage({ token: buyer.token }, '/transaction?type=epin')).body);
    const session = JSON.stringify((await api('GET', '/auth', { token: buyer.token })).body);
    const adminToken = await admin();
    const adminListing = JSON.stringify((await api('GET', `/transaction?userName=${buyer.userName}`, { token: adminToken })).body);
    const adminLookup = (await api('GET', `/transaction/${id}`, { token: adminToken })).body.transaction;
    expect(adminLookup.pins.map((p: Pin) => p.serial)).toEqual(pins.map((p) => p.serial));
    expect(ownListing).toContain('"delivered":3');
    const webhook = await waitFor('the settlement webhook', async () => received.find((r) => r.path === path && JSON.parse(r.body)._id === id));
    expect(JSON.parse(webhook.body)).toMatchObject({ trans_Status: 'success', epin: { delivered: 3, ordered: 3 } });
    expect(JSON.parse(webhook.body).pins).toBeUndefined();
    // Another customer cannot read the batch at all.
    const other = await fundedUser(0);
    expect((await api('GET', `/transaction/${id}`, { token: other.token })).status).toBe(404);
    for (const [where, text] of [
      ['the listing', ownListing],
      ['the session', session],
      ["the admin's listing", adminListing],
      ["the admin's lookup", JSON.stringify(adminLookup)],
      ['the webhook', webhook.body],
      ["the platform's log", cloud().output()],
    ] as const) {
      for (const { pin } of pins) expect(text, `${where} never shows a PIN`).not.toContain(pin);
    }
    // An admin reads them in full only through the audited reveal.
    const revealed = await api('POST', `/admin/transaction/${id}/reveal-pins`, { token: adminToken, body: { reason: 'shop owner lost the printout' } });
    expect(revealed).toEqual({ status: 200, body: { transactionId: id, pins } });
    // Resent with the same request_id: the same batch, charged once, its answer without the PINs; other details under it: 409.
    const resent = await buy(buyer.token, { network: 'GLO', denomination: 200, quantity: 3, business_name: name, request_id: requestId });
    expect(resent.status).toBe(200);
    expect(resent.body.receipt).toMatchObject({ _id: id, trans_Status: 'success', epin: { delivered: 3 } });
    expect(resent.body.receipt.pins).toBeUndefined();
    expect((await buy(buyer.token, { network: 'GLO', denomination: 200, quantity: 4, business_name: name, request_id: requestId })).status).toBe(409);
    expect(await balance(buyer.token)).toBe(5_000 - 591);
    expect(await panel.calls(name)).toBe(1);
  });

  it('a partial answer charges only the PINs delivered and refunds the rest in one settlement', async () => {
    const buyer = await fundedUser(2_000);
    const name = shop('partial');
    const bought = await buy(buyer.token, { network: 'MTN', denomination: 100, quantity: 10, business_name: name });
    expect(bought.status).toBe(200);
    const id = bought.body.receipt._id as string;
    await waitForStatus(buyer.token, id, ['success', 'refunded']);
    const receipt = (await api('GET', `/transaction/${id}`, { token: buyer.token })).body.transaction;
    const issued = await panel.issued(name);
    expect(issued).toHaveLength(5);
    expect(receipt).toMatchObject({ trans_Status: 'success', trans_amount: 990, epin: { ordered: 10, delivered: 5 } });
    expect(receipt.pins).toEqual(issued.map((card) => ({ pin: card.token, serial: card.serial })));
    // One refund of the 5 cards that never came (5 × ₦99), in the settlement's own write: the wallet paid ₦495.
    const refunds = (await countedPage({ token: buyer.token }, '/transaction?type=refund')).body.transactions.filter(
      (t: { relatedTransactionId: string }) => t.relatedTransactionId === id,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ trans_amount: 495, trans_Status: 'success' });
    expect(await balance(buyer.token)).toBe(2_000 - 495);
    await usePlatformTable(cloud());
    const { getTransaction } = await import('../../functions/adapters/dynamo/transactions/transactions.js');
    const stored = await getTransaction(id);
    // The margin is on the delivered cards only (5 × (₦99 − ₦97)).
    expect(stored).toMatchObject({ trans_Status: 'success', profitKobo: 10_00, refundTransactionId: refunds[0]._id });
    // The listing's figures (summed from the stream) sell the 5 cards that came, not the whole debit.
    expect((await countedPage({ token: buyer.token }, '/transaction?type=epin')).body.totalSalesNaira).toBe(495);
    const figures = (await countedPage({ token: await admin() }, `/transaction?userName=${buyer.userName}&type=epin`)).body;
    expect(figures).toMatchObject({ totalSalesNaira: 495, totalProfit: 10 });
    expect(figures.stat).toEqual([expect.objectContaining({ network: 'MTN', type: 'epin', total_volume_sold: 500, profit: 10 })]);
  });

  it('every definite failure refunds all of it; a switched-off row and a bad request are refused before any money moves', async () => {
    const buyer = await fundedUser(3_000);
    const ids: string[] = [];
    for (const word of ['ERR203', 'ERR205']) {
      const bought = await buy(buyer.token, { network: 'AIRTEL', denomination: 500, quantity: 2, business_name: shop(word) });
      expect(bought.status).toBe(200);
      ids.push(bought.body.receipt._id as string);
    }
    for (const forced of ['ERR201', 'ERR206']) {
      await panel.force(forced);
      const bought = await buy(buyer.token, { network: '9MOBILE', denomination: 1000, quantity: 1, business_name: shop() });
      expect(bought.status).toBe(200);
      const id = bought.body.receipt._id as string;
      ids.push(id);
      await waitForStatus(buyer.token, id, ['success', 'refunded']);
    }
    await panel.force(null);
    for (const id of ids) {
      const settled = await waitForStatus(buyer.token, id, ['success', 'refunded']);
      expect(settled.trans_Status, id).toBe('refunded');
      expect(settled.pins).toBeUndefined();
    }
    expect(await balance(buyer.token)).toBe(3_000);

    // A row the admin switched off: refused with its words, nothing charged.
    const adminToken = await admin();
    const off = await api('POST', '/admin/billProduct', {
      token: adminToken,
      body: { code: 'epin:MTN-1000', my_price: 990, resellerPrice: 980, apiPrice: 980, costPrice: 970, isAvailable: false },
    });
    expect(off.status).toBe(200);
    expect(await buy(buyer.token, { network: 'MTN', denomination: 1000, quantity: 1, business_name: shop() })).toEqual({
      status: 400,
      body: { msg: EPIN_MSG.unavailable },
    });
    for (const [body, msg] of [
      [{ network: 'MTN', denomination: 150, quantity: 1, business_name: 'Ade Phones' }, EPIN_MSG.selectDenomination],
      [{ network: 'MTN', denomination: 100, quantity: 101, business_name: 'Ade Phones' }, EPIN_MSG.quantityRange],
      [{ network: 'MTN', denomination: 100, quantity: 1 }, EPIN_MSG.enterBusinessName],
    ] as const) {
      expect(await buy(buyer.token, body)).toEqual({ status: 400, body: { msg } });
    }
    const broke = await fundedUser(50);
    expect((await buy(broke.token, { network: 'MTN', denomination: 100, quantity: 1, business_name: shop() })).status).toBe(400);
    expect(await balance(buyer.token)).toBe(3_000);
    expect(await balance(broke.token)).toBe(50);
  });

  it('a lost answer stays pending through the re-queries and is never refunded on a guess; an operator refund settles it once', async () => {
    const buyer = await fundedUser(1_000);
    const name = shop('timeout');
    const bought = await buy(buyer.token, { network: 'MTN', denomination: 200, quantity: 2, business_name: name });
    expect(bought.status).toBe(200);
    const id = bought.body.receipt._id as string;
    await waitForStatus(buyer.token, id, ['pending']);
    // The panel issued (and charged its float for) PINs whose answer was lost: they never reach us.
    const issued = await panel.issued(name);
    expect(issued).toHaveLength(2);

    await usePlatformTable(cloud());
    const { getTransaction } = await import('../../functions/adapters/dynamo/transactions/transactions.js');
    const requeried = await waitFor('two re-queries by the sweeper', async () => {
      const stored = await getTransaction(id);
      return (stored?.requeryCount ?? 0) >= 2 ? stored : undefined;
    });
    expect(requeried).toMatchObject({ trans_Status: 'pending', supplier: 'EPINPANEL' });
    expect(requeried.bill?.pins).toBeUndefined();
    // Re-queried without asking the panel again (it has no call for it), and never ordered twice.
    expect(await panel.calls(name)).toBe(1);
    expect(await balance(buyer.token)).toBe(1_000 - 396);

    // An operator who checked the panel's history refunds it: once.
    const adminToken = await admin();
    const refunded = await api('POST', `/admin/refund/${id}`, { token: adminToken, body: { reason: 'panel history shows no such order' } });
    expect(refunded.status).toBe(200);
    expect((await api('POST', `/admin/refund/${id}`, { token: adminToken, body: { reason: 'again' } })).status).not.toBe(200);
    await waitForStatus(buyer.token, id, ['refunded']);
    expect(await balance(buyer.token)).toBe(1_000);
    for (const { token } of issued) expect(cloud().output()).not.toContain(token);
  });
});
