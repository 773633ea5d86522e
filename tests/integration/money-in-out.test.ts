/**
 * Money in and out on the local cloud (one instance for the whole file), through the public API
 * and the simulators exactly as a person and the providers would use them:
 *   - card payment through the Squad checkout page → credited once (paid − 1%); the same webhook
 *     replayed, a tampered body, a wrong or missing signature, an unknown or abandoned reference
 *     → no change;
 *   - reserved accounts (Monnify): refused before KYC (the provider is not called), then
 *     reserved under the NIN → "send a transfer" → credited once; replay, a tampered body,
 *     another key's or no signature, a signed event for a transaction Monnify does not know → no change;
 *   - payout webhooks (Paystack): wrong or missing signature, tampered body, replay, unknown or
 *     contradicted reference → no balance change, a failed payout refunded once;
 *   - transfers between users, opposite ones at the same time;
 *   - withdrawals (POST /withdraw and the contract's POST /withdraw/): beneficiary, paid out, failed → refunded once, reversed → refunded once, lost
 *     webhook → admin re-query; parallel withdrawals against one balance;
 *   - upgrade → the referrer earns ₦500 once (through the bus, or the sweeper when the publish was
 *     lost) → withdrawEarning; the admin's
 *     user-type change (GET /admin/upgradeUser); KYC; webhook URL.
 * At the end the ledger invariants are checked on the platform's own DynamoDB Local.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHmac } from 'node:crypto';
import { ulid } from 'ulid';
import { afterAll, describe, expect, it } from 'vitest';
import { PAYOUT_ACCOUNTS } from '../../infra/local/simulators/payout.js';
import { MONEY_MSG, MSG } from '../../shared/messages.js';
import { useLocalCloud } from '../support/local-cloud.js';
import { usePlatformTable } from '../support/platform-table.js';
import { resendWhileBusy } from '../support/platform-client.js';
import { waitForQueuesToEmpty, type WorkQueue } from '../support/queues.js';

const cloud = useLocalCloud();

interface Answer {
  status: number;
  body: any;
}

async function api(
  method: string,
  path: string,
  options: { body?: unknown; token?: string; raw?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${cloud().baseUrl}/api/v1${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(options.token ? { 'x-auth-token': options.token } : {}), ...options.headers },
    body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function sim(path: string, init: { method?: string; body?: unknown } = {}): Promise<Answer> {
  const response = await fetch(`${cloud().simulatorsUrl}/_sim${path}`, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text };
}

const providerSecrets = () => JSON.parse(readFileSync(join(cloud().dataDir, 'secrets.json'), 'utf8')).providerSecrets as Record<string, string>;

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  for (;;) {
    last = await probe();
    if (accept(last)) return last;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(last)} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/**
 * The positive signal before "nothing more moved": a provider's webhook, a payout and a reward are
 * each queued before the request that set them off is answered, and a retry stays a live message
 * until it is handled; so once the queues that carry them are empty, whatever the test set off has
 * been handled, and a second credit or refund would be in the figures read next.
 */
const settled = (queues?: WorkQueue[]) => waitForQueuesToEmpty(cloud(), queues);

let adminToken: string | undefined;
async function admin(): Promise<string> {
  if (adminToken) return adminToken;
  const login = await api('POST', '/auth/login', { body: cloud().adminLogin });
  expect(login.status).toBe(200);
  adminToken = login.body.token as string;
  return adminToken;
}

/** Every user this file creates: the invariants are checked over all of them at the end. */
const userIds: string[] = [];
let unique = 0;

async function register(referredBy?: string): Promise<{ token: string; userName: string; userId: string }> {
  unique += 1;
  const id = `${Date.now().toString(36)}${unique}`;
  const password = 'money-password-1';
  const registered = await api('POST', '/auth/register', {
    body: {
      userName: `m_${id}`,
      email: `m_${id}@example.com`,
      phoneNumber: '08012345678',
      password,
      passwordCheck: password,
      ...(referredBy ? { referredBy } : {}),
    },
  });
  expect(registered.status).toBe(201);
  userIds.push(registered.body.user._id);
  return { token: registered.body.token, userName: registered.body.user.userName, userId: registered.body.user._id };
}

async function fundByCoupon(user: { token: string; userName: string }, naira: number): Promise<void> {
  const coupon = await api('POST', '/admin/generateCoupon', { token: await admin(), body: { userAccount: user.userName, amount: naira } });
  expect(coupon.status).toBe(201);
  expect((await api('POST', '/fundWallet/coupon', { token: user.token, body: { coupon: coupon.body.coupon.code } })).status).toBe(200);
}

const balance = async (token: string) => (await api('GET', '/auth', { token })).body.user.balance as number;
const transactions = async (token: string) => (await api('GET', '/transaction', { token })).body.transactions as any[];

let ninCount = 0;
/** KYC with a fresh NIN (the identity simulator matches any 11 digits not starting 000 or 999). */
async function verifyKyc(token: string): Promise<void> {
  ninCount += 1;
  const nin = `3${String(Date.now()).slice(-8)}${String(ninCount).padStart(2, '0')}`;
  expect((await api('POST', '/auth/updateKyc', { token, body: { nin } })).status).toBe(200);
}

afterAll(async () => {
  // Nothing to clean: the harness removes the data folder.
});

describe('card payment (Squad)', () => {
  it('pay on the checkout page → credited once, paid − 1%; replay, tampering, wrong or missing signatures and unknown references change nothing', async () => {
    const user = await register();
    expect(await api('POST', '/fundWallet/squad/initiate', { token: user.token, body: { email: 'x@example.com' } })).toEqual({
      status: 400,
      body: { msg: MSG.enterValidAmount },
    });
    expect(await api('POST', '/fundWallet/squad/initiate', { token: user.token, body: { amount: 50 } })).toEqual({
      status: 400,
      body: { msg: MSG.minimumPayment },
    });
    const initiated = await api('POST', '/fundWallet/squad/initiate', { token: user.token, body: { amount: 1000, email: 'payer@example.com' } });
    expect(initiated).toMatchObject({ status: 200, body: { msg: MONEY_MSG.paymentLinkCreated, amount: 1000, charge: 10, amountToCredit: 990 } });
    const { link, reference } = initiated.body;
    expect(link).toBe(`${cloud().simulatorsUrl}/_sim/squad/checkout/${reference}`);

    // The person sees the checkout page, then pays.
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Pay ₦1,000.00');
    const paid = await fetch(`${link}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${cloud().baseUrl}/profile?reference=${reference}`);
    await eventually(
      () => balance(user.token),
      (b) => b === 990,
      'card credit',
    );

    // The webhook Squad sent, byte for byte.
    const sent = ((await sim('/squad/webhooks')).body as any[]).find((w) => JSON.parse(w.body).TransactionRef === reference);
    expect(sent.status).toBe(200);
    const signature = sent.headers['x-squad-encrypted-body'] as string;
    const replay = await api('POST', '/webhooks/squad', { raw: sent.body, headers: { 'x-squad-encrypted-body': signature } });
    expect(replay).toMatchObject({ status: 200, body: { duplicate: true } });
    const tamperedBody = sent.body.replace('"amount":100000', '"amount":900000');
    expect(tamperedBody).not.toBe(sent.body);
    expect(await api('POST', '/webhooks/squad', { raw: tamperedBody, headers: { 'x-squad-encrypted-body': signature } })).toEqual({
      status: 401,
      body: { msg: MONEY_MSG.invalidSignature },
    });
    const wrongKey = createHmac('sha512', 'not-the-secret').update(sent.body).digest('hex').toUpperCase();
    expect((await api('POST', '/webhooks/squad', { raw: sent.body, headers: { 'x-squad-encrypted-body': wrongKey } })).status).toBe(401);
    expect((await api('POST', '/webhooks/squad', { raw: sent.body })).status).toBe(401);

    // Correctly signed (as Squad would) but for a reference we never issued, and for an abandoned checkout.
    const secret = providerSecrets().squadSecretKey!;
    const signed = (body: string) => ({ 'x-squad-encrypted-body': createHmac('sha512', secret).update(body).digest('hex').toUpperCase() });
    const unknown = JSON.stringify({ Event: 'charge_successful', TransactionRef: 'VTU01UNKNOWNREFERENCE0000000', Body: { amount: 500000 } });
    expect((await api('POST', '/webhooks/squad', { raw: unknown, headers: signed(unknown) })).status).toBe(200);
    const second = await api('POST', '/fundWallet/squad/initiate', { token: user.token, body: { amount: 2000 } });
    expect((await sim(`/squad/checkout/${second.body.reference}/cancel?format=json`, { method: 'POST' })).body).toMatchObject({
      transaction_status: 'Abandoned',
    });
    const abandoned = JSON.stringify({ Event: 'charge_successful', TransactionRef: second.body.reference, Body: { amount: 200000 } });
    expect((await api('POST', '/webhooks/squad', { raw: abandoned, headers: signed(abandoned) })).status).toBe(200);

    await settled(['ProviderEvents']);
    expect(await balance(user.token)).toBe(990);
    const fundings = (await transactions(user.token)).filter((t) => t.trans_Type === 'wallet');
    expect(fundings).toHaveLength(1);
    expect(fundings[0]).toMatchObject({ trans_amount: 990, trans_Status: 'success', balance_After: 990, paymentLink: link });
  });
});

describe('reserved accounts (Monnify)', () => {
  it('generateAcc without a BVN or NIN answers 400 "complete your KYC first" and reserves nothing at Monnify', async () => {
    const user = await register();
    expect(await api('GET', '/auth/generateAcc', { token: user.token })).toEqual({ status: 400, body: { msg: MONEY_MSG.kycRequiredForAccounts } });
    // By this user's reference: other users' KYC in this file has accounts made in the background.
    expect(((await sim('/monnify/accounts')).body as any[]).filter((c) => c.accountReference === user.userId)).toEqual([]);
    expect((await api('GET', '/auth', { token: user.token })).body.user.accountNumbers).toEqual([]);
  });

  it('after KYC, generateAcc reserves accounts at several banks once (under the NIN); a transfer to one credits the wallet once; a replay changes nothing', async () => {
    const user = await register();
    await verifyKyc(user.token);
    const first = await api('GET', '/auth/generateAcc', { token: user.token });
    expect(first.status).toBe(200);
    // KYC also asks for them in the background: whichever came first made them, once.
    expect([MONEY_MSG.accountsGenerated, MONEY_MSG.accountsExist]).toContain(first.body.msg);
    expect(first.body.accountNumbers.length).toBeGreaterThanOrEqual(2);
    const again = await api('GET', '/auth/generateAcc', { token: user.token });
    expect(again.body.accountNumbers).toEqual(first.body.accountNumbers);
    expect((await api('GET', '/auth', { token: user.token })).body.user.accountNumbers).toEqual(first.body.accountNumbers);
    const me = (await api('GET', '/auth', { token: user.token })).body.user;
    expect(((await sim('/monnify/accounts')).body as any[]).find((c) => c.accountReference === user.userId)).toMatchObject({ nin: me.nin });

    const page = await fetch(`${cloud().simulatorsUrl}/_sim/monnify/transfer`);
    expect(await page.text()).toContain('Send a bank transfer');
    const accountNumber = first.body.accountNumbers[1].accountNumber as string;
    const sent = await sim('/monnify/transfer?format=json', { method: 'POST', body: { accountNumber, amount: 2000, senderName: 'ADA SENDER' } });
    expect(sent).toMatchObject({ status: 200, body: { requestSuccessful: true } });
    await eventually(
      () => balance(user.token),
      (b) => b === 1980,
      'bank-transfer credit',
    );

    const webhook = ((await sim('/monnify/webhooks')).body as any[]).find(
      (w) => JSON.parse(w.body).eventData.destinationAccountInformation.accountNumber === accountNumber,
    );
    const replay = await api('POST', '/webhooks/monnify', { raw: webhook.body, headers: { 'monnify-signature': webhook.headers['monnify-signature'] } });
    expect(replay).toMatchObject({ status: 200, body: { duplicate: true } });
    expect((await sim('/monnify/transfer?format=json', { method: 'POST', body: { accountNumber: '1234567890', amount: 100 } })).status).toBe(404);
    await settled(['ProviderEvents']);
    expect(await balance(user.token)).toBe(1980);
    expect((await transactions(user.token)).filter((t) => t.trans_Type === 'wallet')).toHaveLength(1);
  });

  it('Monnify webhooks credit nothing when the body is tampered, signed with another key, unsigned, or signed correctly for a transaction Monnify does not know', async () => {
    const user = await register();
    await verifyKyc(user.token);
    const accounts = (await api('GET', '/auth/generateAcc', { token: user.token })).body.accountNumbers as { accountNumber: string }[];
    const accountNumber = accounts[0]!.accountNumber;
    await sim('/monnify/transfer?format=json', { method: 'POST', body: { accountNumber, amount: 1000 } });
    await eventually(
      () => balance(user.token),
      (b) => b === 990,
      'bank-transfer credit',
    );
    const webhook = ((await sim('/monnify/webhooks')).body as any[]).find(
      (w) => JSON.parse(w.body).eventData.destinationAccountInformation.accountNumber === accountNumber,
    );
    const reference = JSON.parse(webhook.body).eventData.transactionReference as string;
    const header = (signature: string) => ({ 'monnify-signature': signature });
    const refused = { status: 401, body: { msg: MONEY_MSG.invalidSignature } };

    // Tampered: another transaction reference (a new event key) under the original signature.
    const tampered = webhook.body.replace(reference, `${reference}9`);
    expect(tampered).not.toBe(webhook.body);
    expect(await api('POST', '/webhooks/monnify', { raw: tampered, headers: header(webhook.headers['monnify-signature']) })).toEqual(refused);
    const otherKey = createHmac('sha512', 'another-client-secret').update(webhook.body).digest('hex');
    expect(await api('POST', '/webhooks/monnify', { raw: webhook.body, headers: header(otherKey) })).toEqual(refused);
    expect(await api('POST', '/webhooks/monnify', { raw: webhook.body })).toEqual(refused);

    // Signed with the real client secret, naming this user, for a transaction Monnify never saw.
    const unknown = JSON.stringify({
      eventType: 'SUCCESSFUL_TRANSACTION',
      eventData: {
        product: { reference: user.userId, type: 'RESERVED_ACCOUNT' },
        transactionReference: 'MNFY|20260101|999999',
        paymentReference: 'MNFY|20260101|forged',
        amountPaid: 50000,
        settlementAmount: 50000,
        paymentStatus: 'PAID',
        destinationAccountInformation: { bankCode: '035', bankName: 'Wema bank', accountNumber },
      },
    });
    const signed = createHmac('sha512', providerSecrets().monnifySecretKey!).update(unknown).digest('hex');
    expect(await api('POST', '/webhooks/monnify', { raw: unknown, headers: header(signed) })).toMatchObject({ status: 200, body: { duplicate: false } });

    await settled(['ProviderEvents']);
    expect(await balance(user.token)).toBe(990);
    expect((await transactions(user.token)).filter((t) => t.trans_Type === 'wallet')).toHaveLength(1);
  });
});

describe('transfers', () => {
  it('validate then transfer; opposite transfers at the same time both settle; yourself and beyond the balance are refused', async () => {
    const [ada, bayo] = [await register(), await register()];
    await fundByCoupon(ada, 3000);
    await fundByCoupon(bayo, 3000);
    expect(await api('GET', `/auth/validateUser/${bayo.userName}`, { token: ada.token })).toMatchObject({ status: 200, body: { userName: bayo.userName } });
    const sent = await api('POST', '/auth/transferFund', { token: ada.token, body: { userName: bayo.userName, amount: 500 } });
    expect(sent).toMatchObject({
      status: 200,
      body: { msg: MONEY_MSG.transferSuccessful, balance: 2500, receipt: { trans_Type: 'transfer', trans_amount: 500 } },
    });
    // At the same time: a wallet kept busy may answer 503 (nothing written); resent with its request_id, each settles once.
    const transfer = (from: typeof ada, to: typeof ada, amount: number, n: number) => {
      const body = { userName: to.userName, amount, request_id: `opposite-${from.userName}-${n}` };
      return resendWhileBusy(() => api('POST', '/auth/transferFund', { token: from.token, body }));
    };
    const results = await Promise.all([
      ...Array.from({ length: 5 }, (_, n) => transfer(ada, bayo, 100, n)),
      ...Array.from({ length: 5 }, (_, n) => transfer(bayo, ada, 200, n)),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await balance(ada.token)).toBe(2500 - 500 + 1000);
    expect(await balance(bayo.token)).toBe(3500 - 1000 + 500);
    expect(await api('POST', '/auth/transferFund', { token: ada.token, body: { userName: ada.userName, amount: 1 } })).toEqual({
      status: 400,
      body: { msg: MONEY_MSG.cannotTransferToSelf },
    });
    expect(await api('POST', '/auth/transferFund', { token: ada.token, body: { userName: bayo.userName, amount: 1_000_000 } })).toEqual({
      status: 400,
      body: { msg: MSG.insufficientBalance },
    });
    expect(await api('POST', '/auth/transferFund', { token: ada.token, body: { amount: 1 } })).toEqual({ status: 400, body: { msg: MSG.enterUsername } });
  });
});

describe('withdrawals', () => {
  const to = (accountNumber: string, amount: number) => ({
    bankName: 'Access Bank',
    bankCode: '044',
    accountNumber,
    amount,
    bankAccountName: 'ADA OKAFOR',
    accountName: 'ADA OKAFOR',
  });
  const statusOf = async (token: string, id: string) => (await transactions(token)).find((t) => t._id === id)?.trans_Status as string;

  it('banks, account-name look-up, beneficiaries; paid out (amount − ₦50) once; failed and reversed payouts refunded once; a lost webhook settled by the admin re-query', async () => {
    const user = await register();
    await fundByCoupon(user, 5000);
    const banks = await api('GET', '/withdraw/bankCodes', { token: user.token });
    // Bank names, as the original maps them (client/src/context/UserContext.js, fetchBankCodes); the code comes from validate.
    expect(banks.body).toContain('Access Bank');
    expect(await api('POST', '/withdraw/validate', { token: user.token, body: { bankName: 'Access Bank', accountNumber: '0123456789' } })).toMatchObject({
      status: 200,
      body: { name: expect.any(String), code: '044', msg: MONEY_MSG.accountValidated },
    });
    expect(
      await api('POST', '/withdraw/validate', { token: user.token, body: { bankName: 'Access Bank', accountNumber: PAYOUT_ACCOUNTS.unresolvable } }),
    ).toEqual({
      status: 400,
      body: { msg: MONEY_MSG.accountNotResolved },
    });
    expect(await api('POST', '/withdraw/validate', { token: user.token, body: { bankName: 'Access Bank' } })).toEqual({
      status: 400,
      body: { msg: MSG.enterAccountNumber },
    });
    expect((await api('GET', '/withdraw/beneficiary', { token: user.token })).body).toEqual({ beneficiaryList: [] });
    const saved = await api('POST', '/withdraw/beneficiary', {
      token: user.token,
      body: { bankName: 'Access Bank', accountNumber: '0123456789', accountName: 'ADA OKAFOR' },
    });
    expect(saved).toMatchObject({
      status: 201,
      body: { beneficiaryList: [{ accountName: 'ADA OKAFOR', accountNumber: '0123456789', bankName: 'Access Bank', bankCode: '044' }] },
    });

    // Paid out.
    const ok = await api('POST', '/withdraw', { token: user.token, body: to('0123456789', 1000) });
    expect(ok).toMatchObject({
      status: 200,
      body: {
        msg: MONEY_MSG.withdrawalProcessing,
        balance: 4000,
        amountToReceive: 950,
        fee: 50,
        receipt: { trans_Type: 'wallet', trans_Status: 'pending', isWithdrawal: true, trans_amount: 1000 },
      },
    });
    await eventually(
      () => statusOf(user.token, ok.body.receipt._id),
      (s) => s === 'success',
      'payout success',
    );
    const payouts = (await sim('/payout/transfers')).body as any[];
    expect(payouts.find((t) => t.reference === ok.body.receipt._id.toLowerCase())).toMatchObject({ amount: 95000, payments: 1 });

    // Failed → refunded once.
    const failed = await api('POST', '/withdraw', { token: user.token, body: to(PAYOUT_ACCOUNTS.failed, 500) });
    await eventually(
      () => statusOf(user.token, failed.body.receipt._id),
      (s) => s === 'refunded',
      'failed payout refund',
    );
    // Reversed after success → refunded once.
    const reversed = await api('POST', '/withdraw', { token: user.token, body: to(PAYOUT_ACCOUNTS.reversed, 700) });
    await eventually(
      () => statusOf(user.token, reversed.body.receipt._id),
      (s) => s === 'refunded',
      'reversed payout refund',
    );
    // Lost webhook: stays pending until an admin re-queries.
    const lost = await api('POST', '/withdraw', { token: user.token, body: to(PAYOUT_ACCOUNTS.successWebhookLost, 300) });
    // An open withdrawal shows as pending from the start (the view); the re-query settles it once the payout was made.
    expect(await statusOf(user.token, lost.body.receipt._id)).toBe('pending');
    expect((await api('POST', '/admin/reQueryWithdrawal', { token: user.token, body: { transactionId: lost.body.receipt._id } })).status).toBe(403);
    const adminToken = await admin();
    // Until the payout queue has submitted it a re-query finds it in flight (or submits it itself);
    // its webhook never comes, so only a re-query can make it final.
    await eventually(
      () => api('POST', '/admin/reQueryWithdrawal', { token: adminToken, body: { transactionId: lost.body.receipt._id } }),
      (answer) => ['paid', 'already_final'].includes(answer.body?.action),
      'lost webhook settled by a re-query',
    );
    expect(await statusOf(user.token, lost.body.receipt._id)).toBe('success');
    expect((await api('POST', '/admin/reQueryWithdrawal', { token: await admin(), body: { transactionId: lost.body.receipt._id } })).body.action).toBe(
      'already_final',
    );

    // Every payout's last webhook has been acted on (the refunds above; the reversal is the last of its payout's two).
    await settled(['Payouts', 'ProviderEvents']);
    const list = await transactions(user.token);
    const refunds = list.filter((t) => t.trans_Type === 'refund');
    expect(refunds.map((r) => r.relatedTransactionId).sort()).toEqual([failed.body.receipt._id, reversed.body.receipt._id].sort());
    expect(await balance(user.token)).toBe(5000 - 1000 - 300);
    expect(await api('POST', '/withdraw', { token: user.token, body: { ...to('', 500) } })).toEqual({ status: 400, body: { msg: MSG.enterAccountNumber } });
  });

  it('payout webhooks (x-paystack-signature) move no money when the signature is wrong or missing, the body is tampered, the event is replayed or the transfer reference is unknown; a refund happens once', async () => {
    const user = await register();
    await fundByCoupon(user, 3000);
    const paid = await api('POST', '/withdraw', { token: user.token, body: to('0123456789', 1000) });
    const failed = await api('POST', '/withdraw', { token: user.token, body: to(PAYOUT_ACCOUNTS.failed, 500) });
    await eventually(
      () => statusOf(user.token, paid.body.receipt._id),
      (s) => s === 'success',
      'payout success',
    );
    await eventually(
      () => statusOf(user.token, failed.body.receipt._id),
      (s) => s === 'refunded',
      'failed payout refund',
    );
    expect(await balance(user.token)).toBe(2000);

    const reference = (failed.body.receipt._id as string).toLowerCase();
    const webhook = ((await sim('/payout/webhooks')).body as any[]).find((w) => JSON.parse(w.body).data.reference === reference);
    expect(JSON.parse(webhook.body).event).toBe('transfer.failed');
    const signature = webhook.headers['x-paystack-signature'] as string;
    const header = (value: string) => ({ 'x-paystack-signature': value });
    const refused = { status: 401, body: { msg: MONEY_MSG.invalidSignature } };
    const secret = providerSecrets().paystackSecretKey!;
    const sign = (body: string) => createHmac('sha512', secret).update(body).digest('hex');

    // The same event again: stored once, refunded once.
    expect(await api('POST', '/webhooks/paystack', { raw: webhook.body, headers: header(signature) })).toMatchObject({
      status: 200,
      body: { duplicate: true },
    });
    // Tampered: the paid withdrawal's reference under the failed one's signature.
    const paidReference = (paid.body.receipt._id as string).toLowerCase();
    const tampered = webhook.body.split(reference).join(paidReference);
    expect(tampered).not.toBe(webhook.body);
    expect(await api('POST', '/webhooks/paystack', { raw: tampered, headers: header(signature) })).toEqual(refused);
    expect(
      await api('POST', '/webhooks/paystack', {
        raw: webhook.body,
        headers: header(createHmac('sha512', 'another-secret-key').update(webhook.body).digest('hex')),
      }),
    ).toEqual(refused);
    expect(await api('POST', '/webhooks/paystack', { raw: webhook.body })).toEqual(refused);

    // Correctly signed: a transfer reference the platform never issued, a reversal of the already
    // refunded payout, and a failure of the paid one (the provider's verify call says success).
    for (const forged of [
      { event: 'transfer.failed', data: { reference: ulid().toLowerCase(), amount: 100000, status: 'failed' } },
      { event: 'transfer.reversed', data: { reference, amount: 45000, status: 'reversed' } },
      { event: 'transfer.failed', data: { reference: paidReference, amount: 95000, status: 'failed' } },
    ]) {
      const body = JSON.stringify(forged);
      expect(await api('POST', '/webhooks/paystack', { raw: body, headers: header(sign(body)) })).toMatchObject({ status: 200, body: { duplicate: false } });
    }

    await settled(['Payouts', 'ProviderEvents']);
    expect(await balance(user.token)).toBe(2000);
    expect(await statusOf(user.token, paid.body.receipt._id)).toBe('success');
    const refunds = (await transactions(user.token)).filter((t) => t.trans_Type === 'refund');
    expect(refunds.map((r) => r.relatedTransactionId)).toEqual([failed.body.receipt._id]);
  });

  it('POST /withdraw/ (the contract, with its trailing slash) reaches the withdraw handler just as /withdraw does', async () => {
    const user = await register();
    await fundByCoupon(user, 500);
    expect(await api('POST', '/withdraw/', { token: user.token, body: to('', 200) })).toEqual({ status: 400, body: { msg: MSG.enterAccountNumber } });
    const sent = await api('POST', '/withdraw/', { token: user.token, body: to('0123456789', 200) });
    expect(sent).toMatchObject({
      status: 200,
      body: {
        msg: MONEY_MSG.withdrawalProcessing,
        balance: 300,
        amountToReceive: 150,
        fee: 50,
        receipt: { trans_Type: 'wallet', isWithdrawal: true, trans_amount: 200 },
      },
    });
    await eventually(
      () => statusOf(user.token, sent.body.receipt._id),
      (s) => s === 'success',
      'payout success',
    );
    expect(await balance(user.token)).toBe(300);
  });

  it('amounts in kobo: a ₦1,000.50 coupon, a ₦100.50 transfer and a ₦150.50 withdrawal move exactly that much (₦100.50 paid out)', async () => {
    const [ada, bayo] = [await register(), await register()];
    await fundByCoupon(ada, 1000.5);
    expect(await balance(ada.token)).toBe(1000.5);
    const sent = await api('POST', '/auth/transferFund', { token: ada.token, body: { userName: bayo.userName, amount: '100.50' } });
    expect(sent).toMatchObject({ status: 200, body: { balance: 900, receipt: { trans_amount: 100.5 } } });
    expect(await balance(bayo.token)).toBe(100.5);
    const paid = await api('POST', '/withdraw', { token: ada.token, body: to('0123456789', 150.5) });
    expect(paid).toMatchObject({ status: 200, body: { balance: 749.5, amountToReceive: 100.5, fee: 50, receipt: { trans_amount: 150.5 } } });
    await eventually(
      () => statusOf(ada.token, paid.body.receipt._id),
      (s) => s === 'success',
      'payout success',
    );
    const payouts = (await sim('/payout/transfers')).body as any[];
    expect(payouts.find((t) => t.reference === paid.body.receipt._id.toLowerCase())).toMatchObject({ amount: 100_50, payments: 1 });
    expect(await balance(ada.token)).toBe(749.5);
  });

  it('parallel withdrawals against one balance never overdraw it', async () => {
    const user = await register();
    await fundByCoupon(user, 1000);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => resendWhileBusy(() => api('POST', '/withdraw', { token: user.token, body: to('0123456789', 300) }))),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 400 && a.body.msg === MSG.insufficientBalance)).toHaveLength(3);
    expect(await balance(user.token)).toBe(100);
  });
});

describe('upgrade, referral earnings, KYC and webhook URL', () => {
  it('a referred user upgrades (₦1000 once) → the referrer earns ₦500 once through the bus → moves it to the wallet', async () => {
    const referrer = await register();
    const referred = await register(referrer.userName);
    const before = await api('GET', '/auth/referral?page=1', { token: referrer.token });
    expect(before).toMatchObject({
      status: 200,
      body: { earningBalance: 0, totalReferred: 1, totalEarned: 0, referralList: [{ userName: referred.userName, amountEarned: 0 }], totalPages: 1 },
    });

    expect(await api('PATCH', `/auth/user/${referred.userId}`, { token: referred.token, body: { userType: 'reseller' } })).toEqual({
      status: 400,
      body: { msg: MSG.insufficientBalance },
    });
    await fundByCoupon(referred, 1500);
    expect((await api('PATCH', `/auth/user/${referrer.userId}`, { token: referred.token, body: { userType: 'reseller' } })).status).toBe(403);
    const upgrades = await Promise.all(
      Array.from({ length: 3 }, () =>
        resendWhileBusy(() => api('PATCH', `/auth/user/${referred.userId}`, { token: referred.token, body: { userType: 'reseller' } })),
      ),
    );
    expect(upgrades.filter((u) => u.status === 200)).toHaveLength(1);
    expect(upgrades.find((u) => u.status === 200)!.body).toMatchObject({
      msg: MONEY_MSG.upgraded,
      user: { userType: 'reseller', balance: 500 },
      receipt: { trans_Type: 'upgrade', trans_amount: 1000 },
    });
    expect(await balance(referred.token)).toBe(500);

    const earned = await eventually(
      () => api('GET', '/auth/referral', { token: referrer.token }),
      (a) => a.body.earningBalance === 500,
      'referral reward',
    );
    expect(earned.body).toMatchObject({ totalEarned: 500, totalReferred: 1, referralList: [{ userName: referred.userName, amountEarned: 500 }] });
    expect(await balance(referrer.token)).toBe(0);

    const moved = await api('POST', '/auth/withdrawEarning', { token: referrer.token });
    expect(moved).toMatchObject({
      status: 200,
      body: { msg: MONEY_MSG.earningsWithdrawn, amount: 500, balance: 500, earningBalance: 0, receipt: { trans_Type: 'earning' } },
    });
    expect(await api('POST', '/auth/withdrawEarning', { token: referrer.token })).toEqual({ status: 400, body: { msg: MONEY_MSG.noEarnings } });
    // The one upgrade's UserUpgraded (and any second delivery of it) has been handled once the reward queue is empty.
    await settled(['ReferralRewards']);
    expect((await api('GET', '/auth/referral', { token: referrer.token })).body).toMatchObject({ earningBalance: 0, totalEarned: 500 });
  });

  it('an upgrade whose UserUpgraded never reached the bus stays in the outbox; the scheduled sweeper publishes it and the referrer earns ₦500 once', async () => {
    const referrer = await register();
    const referred = await register(referrer.userName);
    await fundByCoupon(referred, 1000);
    await usePlatformTable(cloud());
    const { upgradeToReseller } = await import('../../functions/adapters/dynamo/accounts/profile.js');
    const { upgradeFeeDraft } = await import('../../functions/domain/accounts/profile.js');
    // The write the profile function makes, as if its publish had then failed: a minute old, so past the sweeper's grace.
    const at = new Date(Date.now() - 60_000);
    const user = { userId: referred.userId, userName: referred.userName };
    expect(await upgradeToReseller(upgradeFeeDraft({ id: ulid(), user, now: at }), at)).toMatchObject({ kind: 'upgraded' });

    await eventually(
      () => api('GET', '/auth/referral', { token: referrer.token }),
      (a) => a.body.earningBalance === 500,
      'the reward through the sweeper',
    );
    // The sweeper publishes until it has marked the upgrade published: once no unpublished upgrade of
    // this user is left, no further publish can come, and the reward queue then holds none undelivered.
    const { listUnpublishedUpgrades } = await import('../../functions/adapters/dynamo/accounts/profile.js');
    await eventually(
      async () => (await listUnpublishedUpgrades(100, new Date())).filter((upgrade) => upgrade.userId === referred.userId).length,
      (left) => left === 0,
      'the upgrade marked published',
    );
    await settled(['ReferralRewards']);
    expect((await api('GET', '/auth/referral', { token: referrer.token })).body).toMatchObject({
      earningBalance: 500,
      totalEarned: 500,
      referralList: [{ userName: referred.userName, amountEarned: 500 }],
    });
    expect((await api('GET', '/auth', { token: referred.token })).body.user).toMatchObject({ userType: 'reseller', balance: 0 });
  });

  it('GET /admin/upgradeUser/{userId}/{userType}: an admin changes the type (cycle) and no money moves; non-admin 403, unknown user 404, invalid type 400', async () => {
    const [user, other] = [await register(), await register()];
    await fundByCoupon(user, 300);
    const upgradeUser = (userId: string, userType: string, token?: string) =>
      api('GET', `/admin/upgradeUser/${encodeURIComponent(userId)}/${encodeURIComponent(userType)}`, { token });
    const before = await transactions(user.token);

    expect(await upgradeUser(user.userId, 'reseller', other.token)).toEqual({ status: 403, body: { msg: MSG.forbidden } });
    expect((await upgradeUser(user.userId, 'reseller')).status).toBe(401);
    expect(await upgradeUser('01NOSUCHUSER0000000000000', 'reseller', await admin())).toEqual({ status: 404, body: { msg: MSG.userNotFound } });
    expect(await upgradeUser(user.userId, 'boss', await admin())).toEqual({ status: 400, body: { msg: MONEY_MSG.invalidUserType } });
    expect((await api('GET', '/auth', { token: user.token })).body.user.userType).toBe('smart earner');

    // The admin action's cycle: smart earner → reseller → api user → smart earner (the space travels encoded).
    for (const userType of ['reseller', 'api user', 'smart earner']) {
      expect(await upgradeUser(user.userId, userType, await admin())).toEqual({
        status: 200,
        body: { msg: MONEY_MSG.userTypeUpdated, user: expect.objectContaining({ _id: user.userId, userType, balance: 300 }), receipt: null },
      });
      expect((await api('GET', '/auth', { token: user.token })).body.user.userType).toBe(userType);
    }
    expect(await balance(user.token)).toBe(300);
    expect(await transactions(user.token)).toEqual(before);
  });

  it('KYC with a NIN through the identity provider, once; no match and a second set are refused', async () => {
    const [ada, bayo] = [await register(), await register()];
    expect(await api('POST', '/auth/updateKyc', { token: ada.token, body: { nin: '00011122233' } })).toEqual({
      status: 400,
      body: { msg: MONEY_MSG.kycNoMatch },
    });
    expect(await api('POST', '/auth/updateKyc', { token: ada.token, body: { nin: '99911122233' } })).toEqual({
      status: 503,
      body: { msg: MONEY_MSG.identityUnavailable },
    });
    const nin = `2${String(Date.now()).slice(-10)}`;
    expect(await api('POST', '/auth/updateKyc', { token: ada.token, body: { nin } })).toMatchObject({
      status: 200,
      body: { msg: MONEY_MSG.kycVerified, user: { nin, bvn: null } },
    });
    expect(await api('POST', '/auth/updateKyc', { token: ada.token, body: { bvn: '22233344455' } })).toEqual({
      status: 409,
      body: { msg: MONEY_MSG.kycAlreadySet },
    });
    expect(await api('POST', '/auth/updateKyc', { token: bayo.token, body: { nin } })).toEqual({ status: 409, body: { msg: MONEY_MSG.kycInUse } });
  });

  it('webhook URL: a loopback receiver is accepted on the local cloud and gets a signing secret; garbage is refused', async () => {
    const user = await register();
    const saved = await api('POST', '/auth/updateWebhook', { token: user.token, body: { webhookUrl: 'http://127.0.0.1:9/hooks' } });
    expect(saved).toMatchObject({
      status: 200,
      body: { msg: MONEY_MSG.webhookUpdated, webhookUrl: 'http://127.0.0.1:9/hooks', webhookSecret: expect.any(String) },
    });
    expect(await api('POST', '/auth/updateWebhook', { token: user.token, body: { webhookUrl: 'not a url' } })).toEqual({
      status: 400,
      body: { msg: MONEY_MSG.invalidWebhookUrl },
    });
    expect((await api('GET', '/auth', { token: user.token })).body.user.webhookUrl).toBe('http://127.0.0.1:9/hooks');
  });
});

describe('the ledger afterwards', () => {
  it('every wallet equals the replay of its chain, nothing is negative, transfers net to zero, money in − out = balances + earnings', async () => {
    await settled();
    await usePlatformTable(cloud());
    const { expectMoneyInvariants } = await import('../unit/money-in-out/fakes.js');
    await expectMoneyInvariants(userIds, 'local cloud');
  });
});
