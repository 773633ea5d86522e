/**
 * The payment simulators against the platform's own provider adapters (a contract test: what the
 * adapters send, the simulators accept; what the simulators sign, the receivers verify), and the
 * simulators' magic values.
 */
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { premblyIdentity } from '../../../functions/adapters/providers/identity.js';
import { monnifyReservedAccounts } from '../../../functions/adapters/providers/monnify.js';
import { paystackPayouts } from '../../../functions/adapters/providers/paystack.js';
import { squadCardPayments } from '../../../functions/adapters/providers/squad.js';
import { SIGNATURE_HEADERS, verifyHmacSha512 } from '../../../functions/domain/money/provider-signatures.js';
import { IdentitySimulator } from '../../../infra/local/simulators/identity.js';
import { MonnifySimulator } from '../../../infra/local/simulators/monnify.js';
import { PAYOUT_ACCOUNTS, PayoutSimulator } from '../../../infra/local/simulators/payout.js';
import { SquadSimulator } from '../../../infra/local/simulators/squad.js';
import { listenLoopback, readBody, safeHandler, sendJson, type Listening } from '../../../infra/local/util.js';

const SECRETS = { squad: 'sk_test_squad', monnifyApi: 'MK_TEST_1', monnifySecret: 'MONNIFYSECRET', paystack: 'sk_test_paystack', identity: 'id_key' };

let server: Listening;
let base: string;
const received: { provider: string; body: Buffer; headers: IncomingMessage['headers'] }[] = [];
let squad: SquadSimulator;
let monnify: MonnifySimulator;
let payout: PayoutSimulator;
let identity: IdentitySimulator;

beforeAll(async () => {
  server = await listenLoopback(
    safeHandler(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://local');
      const [, first, ...rest] = url.pathname.split('/');
      const sub = `/${rest.join('/')}`;
      if (first === 'hooks') {
        received.push({ provider: rest[0]!, body: await readBody(req), headers: req.headers });
        return sendJson(res, 200, { ok: true });
      }
      if (first === 'squad') return squad.handle(req, res, sub, url.searchParams);
      if (first === 'monnify') return monnify.handle(req, res, sub, url.searchParams);
      if (first === 'payout') return payout.handle(req, res, sub, url.searchParams);
      if (first === 'identity') return identity.handle(req, res, sub);
      sendJson(res, 404, {});
    }, 'test'),
    0,
  );
  base = `http://127.0.0.1:${server.port}`;
  squad = new SquadSimulator({ secretKey: SECRETS.squad, publicBaseUrl: `${base}/squad`, webhookUrl: `${base}/hooks/squad` });
  monnify = new MonnifySimulator({
    apiKey: SECRETS.monnifyApi,
    secretKey: SECRETS.monnifySecret,
    contractCode: 'C1',
    publicBaseUrl: `${base}/monnify`,
    webhookUrl: `${base}/hooks/monnify`,
  });
  payout = new PayoutSimulator({ secretKey: SECRETS.paystack, webhookUrl: `${base}/hooks/paystack`, webhookDelayMs: 20 });
  identity = new IdentitySimulator({ apiKey: SECRETS.identity, appId: 'app' });
});

afterAll(async () => {
  payout.close();
  await server.close();
});

const waitFor = async (predicate: () => boolean) => {
  for (let i = 0; i < 100 && !predicate(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(predicate()).toBe(true);
};

describe('Squad simulator × Squad adapter', () => {
  it('initiate → checkout link; pay → signed charge_successful webhook the receiver verifies; verify → Success with the amount', async () => {
    const adapter = squadCardPayments({ baseUrl: `${base}/squad`, secretKey: async () => SECRETS.squad, timeoutMs: 2000 });
    const created = await adapter.initiate({
      reference: 'VTU01TESTREFERENCE000000000A',
      amountKobo: 150_000,
      email: 'a@example.com',
      callbackUrl: 'http://app.test/profile',
      customerName: 'Ada',
    });
    expect(created).toEqual({ kind: 'created', checkoutUrl: `${base}/squad/checkout/VTU01TESTREFERENCE000000000A` });
    expect(await adapter.verify('VTU01TESTREFERENCE000000000A')).toMatchObject({ kind: 'found', payment: { status: 'pending', amountKobo: 150_000 } });
    const page = await (await fetch(created.kind === 'created' ? created.checkoutUrl : '')).text();
    expect(page).toContain('Pay ₦1,500.00');
    expect(page).toContain('Cancel');
    const paid = await fetch(`${base}/squad/checkout/VTU01TESTREFERENCE000000000A/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toBe('http://app.test/profile?reference=VTU01TESTREFERENCE000000000A');
    const hook = received.find((r) => r.provider === 'squad')!;
    expect(verifyHmacSha512(hook.body, hook.headers[SIGNATURE_HEADERS.squad] as string, SECRETS.squad)).toBe('valid');
    expect(JSON.parse(hook.body.toString())).toMatchObject({
      Event: 'charge_successful',
      TransactionRef: 'VTU01TESTREFERENCE000000000A',
      Body: { amount: 150_000 },
    });
    expect(await adapter.verify('VTU01TESTREFERENCE000000000A')).toMatchObject({
      kind: 'found',
      payment: { status: 'success', amountKobo: 150_000, currency: 'NGN' },
    });
    // Rejections: a wrong key, an unknown reference, a reused reference.
    const wrong = squadCardPayments({ baseUrl: `${base}/squad`, secretKey: async () => 'wrong', timeoutMs: 2000 });
    expect((await wrong.verify('VTU01TESTREFERENCE000000000A')).kind).toBe('unavailable');
    expect(await adapter.verify('VTU0NOPE')).toEqual({ kind: 'not_found' });
    expect(
      (await adapter.initiate({ reference: 'VTU01TESTREFERENCE000000000A', amountKobo: 100_00, email: 'a@example.com', callbackUrl: '', customerName: '' }))
        .kind,
    ).toBe('rejected');
  });
});

describe('Monnify simulator × Monnify adapter', () => {
  it('refuses a reservation without a BVN or NIN, as Monnify does (400 with a responseMessage); accepts one with a BVN', async () => {
    const adapter = monnifyReservedAccounts({
      baseUrl: `${base}/monnify`,
      contractCode: 'C1',
      apiKey: async () => SECRETS.monnifyApi,
      secretKey: async () => SECRETS.monnifySecret,
      timeoutMs: 2000,
    });
    const customer = { accountReference: 'USER-KYC', accountName: 'Bayo', customerEmail: 'b@example.com', customerName: 'Bayo Ade' };
    expect(await adapter.reserve(customer)).toEqual({ kind: 'rejected', detail: expect.stringContaining('BVN or NIN is required') });
    const login = await fetch(`${base}/monnify/api/v1/auth/login`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${SECRETS.monnifyApi}:${SECRETS.monnifySecret}`).toString('base64')}` },
    });
    const token = ((await login.json()) as any).responseBody.accessToken as string;
    const direct = await fetch(`${base}/monnify/api/v2/bank-transfer/reserved-accounts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...customer, contractCode: 'C1', currencyCode: 'NGN', getAllAvailableBanks: true }),
    });
    expect(direct.status).toBe(400);
    expect(await direct.json()).toMatchObject({ requestSuccessful: false, responseMessage: expect.stringContaining('BVN or NIN') });
    expect((await adapter.reserve({ ...customer, bvn: '22345678901' })).kind).toBe('reserved');
  });

  it('reserves accounts once per reference (a second reservation answers the same ones); a transfer is PAID, signed, and verifiable', async () => {
    const adapter = monnifyReservedAccounts({
      baseUrl: `${base}/monnify`,
      contractCode: 'C1',
      apiKey: async () => SECRETS.monnifyApi,
      secretKey: async () => SECRETS.monnifySecret,
      timeoutMs: 2000,
    });
    const first = await adapter.reserve({
      accountReference: 'USER1',
      accountName: 'Ada',
      customerEmail: 'a@example.com',
      customerName: 'Ada Okafor',
      nin: '12345678901',
    });
    expect(first.kind).toBe('reserved');
    if (first.kind !== 'reserved') return;
    expect(first.accounts.length).toBe(3);
    expect(
      await adapter.reserve({ accountReference: 'USER1', accountName: 'Ada', customerEmail: 'a@example.com', customerName: 'Ada Okafor', nin: '12345678901' }),
    ).toEqual(first);
    const sent = await fetch(`${base}/monnify/transfer?format=json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accountNumber: first.accounts[0]!.accountNumber, amount: 2500.5 }),
    });
    const { responseBody } = (await sent.json()) as any;
    const hook = received.find((r) => r.provider === 'monnify')!;
    expect(verifyHmacSha512(hook.body, hook.headers[SIGNATURE_HEADERS.monnify] as string, SECRETS.monnifySecret)).toBe('valid');
    expect(await adapter.verifyTransaction(responseBody.transactionReference)).toEqual({
      kind: 'found',
      transfer: {
        status: 'success',
        transactionReference: responseBody.transactionReference,
        amountKobo: 2_500_50,
        currency: 'NGN',
        productType: 'RESERVED_ACCOUNT',
        accountReference: 'USER1',
        destinationAccountNumber: first.accounts[0]!.accountNumber,
      },
    });
    expect(await adapter.verifyTransaction('MNFY|NOPE')).toEqual({ kind: 'not_found' });
    const badLogin = monnifyReservedAccounts({
      baseUrl: `${base}/monnify`,
      contractCode: 'C1',
      apiKey: async () => 'x',
      secretKey: async () => 'y',
      timeoutMs: 2000,
    });
    expect((await badLogin.verifyTransaction(responseBody.transactionReference)).kind).toBe('unavailable');
  });
});

describe('payout simulator × Paystack adapter', () => {
  const adapter = () => paystackPayouts({ baseUrl: `${base}/payout`, secretKey: async () => SECRETS.paystack, timeoutMs: 2000 });

  it('resolves names, pays once per reference however often it is sent, and signs transfer.success', async () => {
    const banks = await adapter().listBanks();
    expect(banks.kind === 'banks' && banks.banks.some((b) => b.code === '044')).toBe(true);
    expect(await adapter().resolveAccount('0123456789', '044')).toMatchObject({ kind: 'resolved' });
    expect(await adapter().resolveAccount(PAYOUT_ACCOUNTS.unresolvable, '044')).toEqual({ kind: 'not_found' });
    const recipient = await adapter().createRecipient({ name: 'Ada', accountNumber: '0123456789', bankCode: '044' });
    if (recipient.kind !== 'created') throw new Error(recipient.kind);
    const reference = '01hzzzzzzzzzzzzzzzzzzzzzzz';
    const transfers = await Promise.all(
      Array.from({ length: 3 }, () => adapter().transfer({ reference, amountKobo: 950_00, recipientCode: recipient.recipientCode, reason: 'test' })),
    );
    expect(transfers.every((t) => t.kind === 'accepted')).toBe(true);
    await waitFor(() => received.some((r) => r.provider === 'paystack' && JSON.parse(r.body.toString()).data.reference === reference));
    const hook = received.find((r) => r.provider === 'paystack' && JSON.parse(r.body.toString()).data.reference === reference)!;
    expect(verifyHmacSha512(hook.body, hook.headers[SIGNATURE_HEADERS.paystack] as string, SECRETS.paystack)).toBe('valid');
    expect(JSON.parse(hook.body.toString())).toMatchObject({ event: 'transfer.success', data: { status: 'success', amount: 950_00 } });
    expect(await adapter().verifyTransfer(reference)).toMatchObject({ kind: 'found', status: 'success', amountKobo: 950_00 });
    const record = ((await (await fetch(`${base}/payout/transfers`)).json()) as any[]).find((t) => t.reference === reference);
    expect(record).toMatchObject({ payments: 1, requests: 3 });
  });

  it('magic accounts: 1111111111 fails, 2222222222 succeeds then reverses, 3333333333 succeeds silently, 5555555555 answers 500 but pays', async () => {
    const recipientFor = async (n: string) => {
      const r = await adapter().createRecipient({ name: 'X', accountNumber: n, bankCode: '044' });
      if (r.kind !== 'created') throw new Error(r.kind);
      return r.recipientCode;
    };
    const ref = (n: string) => `ref${n}aaaaaaaaaaaaaa`;
    for (const n of [PAYOUT_ACCOUNTS.failed, PAYOUT_ACCOUNTS.reversed, PAYOUT_ACCOUNTS.successWebhookLost]) {
      expect(await adapter().transfer({ reference: ref(n), amountKobo: 100_00, recipientCode: await recipientFor(n), reason: '' })).toMatchObject({
        kind: 'accepted',
      });
    }
    expect(
      await adapter().transfer({
        reference: ref(PAYOUT_ACCOUNTS.errorButPaid),
        amountKobo: 100_00,
        recipientCode: await recipientFor(PAYOUT_ACCOUNTS.errorButPaid),
        reason: '',
      }),
    ).toMatchObject({ kind: 'unavailable' });
    const events = () =>
      received
        .filter((r) => r.provider === 'paystack')
        .map((r) => JSON.parse(r.body.toString()))
        .map((b) => `${b.data.reference}:${b.event}`);
    await waitFor(() => events().includes(`${ref(PAYOUT_ACCOUNTS.reversed)}:transfer.reversed`));
    expect(events()).toContain(`${ref(PAYOUT_ACCOUNTS.failed)}:transfer.failed`);
    expect(events()).toContain(`${ref(PAYOUT_ACCOUNTS.reversed)}:transfer.success`);
    expect(events().some((e) => e.startsWith(ref(PAYOUT_ACCOUNTS.successWebhookLost)))).toBe(false);
    expect(await adapter().verifyTransfer(ref(PAYOUT_ACCOUNTS.successWebhookLost))).toMatchObject({ status: 'success' });
    expect(await adapter().verifyTransfer(ref(PAYOUT_ACCOUNTS.errorButPaid))).toMatchObject({ status: 'success' });
    expect(await adapter().verifyTransfer('nope-nope-nope-nope')).toEqual({ kind: 'not_found' });
    expect(await adapter().createRecipient({ name: 'X', accountNumber: PAYOUT_ACCOUNTS.unresolvable, bankCode: '044' })).toMatchObject({ kind: 'rejected' });
  });
});

describe('identity simulator × Prembly adapter', () => {
  it('any 11 digits match; 000… has no record; 999… is a provider error; a wrong key is our problem (unavailable), not a mismatch', async () => {
    const adapter = premblyIdentity({ baseUrl: `${base}/identity`, appId: 'app', apiKey: async () => SECRETS.identity, timeoutMs: 2000 });
    expect(await adapter.verify('nin', '12345678901')).toEqual({ kind: 'match', fullName: expect.stringMatching(/^[A-Z]+ [A-Z]+$/) });
    expect(await adapter.verify('bvn', '22345678901')).toMatchObject({ kind: 'match' });
    expect(await adapter.verify('nin', '00012345678')).toEqual({ kind: 'no_match' });
    expect((await adapter.verify('nin', '99912345678')).kind).toBe('unavailable');
    const wrong = premblyIdentity({ baseUrl: `${base}/identity`, appId: 'app', apiKey: async () => 'nope', timeoutMs: 2000 });
    expect((await wrong.verify('nin', '12345678901')).kind).toBe('unavailable');
  });
});
