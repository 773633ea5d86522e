/**
 * Monnify (reserved bank accounts), as the platform sees it (integrations.md):
 *   POST /api/v1/auth/login                               Basic apiKey:secretKey → responseBody.accessToken
 *   POST /api/v2/bank-transfer/reserved-accounts          Bearer; one account per bank (getAllAvailableBanks)
 *   GET  /api/v2/bank-transfer/reserved-accounts/{ref}    the accounts of a reference
 *   GET  /api/v2/transactions/{transactionReference}      paymentStatus PAID, amountPaid, product {type, reference}
 * and, for a person, "send a bank transfer" to a reserved account:
 *   GET  /transfer                                        a small form (account number, amount, sender)
 *   POST /transfer                                        form or JSON {accountNumber, amount, senderName}: the
 *                                                         transfer is PAID and the signed SUCCESSFUL_TRANSACTION
 *                                                         webhook (monnify-signature = HMAC-SHA512 hex of the raw
 *                                                         body with the client secret) goes to the platform
 * For tests: GET /webhooks (every webhook sent, byte for byte), GET /accounts.
 * A reference that already holds accounts answers R42 on a second reservation, as Monnify does;
 * a reservation without a BVN or NIN is refused (400 with a responseMessage), as Monnify does.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../util.js';
import { bearer, deliverWebhook, escapeHtml, naira, PersistentState, readFields, sendHtml, wantsJson, type SentWebhook } from './provider-common.js';

/** The banks every reservation gets an account at. */
export const MONNIFY_BANKS = [
  { bankCode: '035', bankName: 'Wema bank' },
  { bankCode: '50515', bankName: 'Moniepoint Microfinance Bank' },
  { bankCode: '232', bankName: 'Sterling bank' },
] as const;

interface ReservedCustomer {
  contractCode: string;
  accountReference: string;
  accountName: string;
  customerEmail: string;
  customerName: string;
  bvn?: string;
  nin?: string;
  reservationReference: string;
  createdOn: string;
  accounts: { bankCode: string; bankName: string; accountNumber: string; accountName: string }[];
}

interface MonnifyTransaction {
  transactionReference: string;
  paymentReference: string;
  amountPaid: number;
  settlementAmount: number;
  paidOn: string;
  paymentStatus: 'PAID';
  paymentDescription: string;
  accountReference: string;
  customerName: string;
  customerEmail: string;
  destination: { bankCode: string; bankName: string; accountNumber: string };
  senderName: string;
}

interface MonnifyState {
  tokens: Record<string, number>;
  customers: Record<string, ReservedCustomer>;
  transactions: Record<string, MonnifyTransaction>;
  nextAccountNumber: number;
  nextTransaction: number;
  webhooks: SentWebhook[];
}

export interface MonnifySimulatorOptions {
  apiKey: string;
  /** The client secret: login password and webhook signing key. */
  secretKey: string;
  contractCode: string;
  publicBaseUrl: string;
  webhookUrl: string;
  stateFile?: string;
}

const ok = (responseBody: unknown) => ({ requestSuccessful: true, responseMessage: 'success', responseCode: '0', responseBody });
const fail = (responseMessage: string, responseCode = '99') => ({ requestSuccessful: false, responseMessage, responseCode });

export class MonnifySimulator {
  private readonly state: PersistentState<MonnifyState>;

  constructor(private readonly options: MonnifySimulatorOptions) {
    this.state = new PersistentState(options.stateFile, () => ({
      tokens: {},
      customers: {},
      transactions: {},
      nextAccountNumber: 5_000_000_001,
      nextTransaction: 1,
      webhooks: [],
    }));
  }

  close(): void {
    this.state.flush();
  }

  private authorised(req: IncomingMessage, res: ServerResponse): boolean {
    const token = bearer(req);
    const expiresAt = token ? this.state.value.tokens[token] : undefined;
    if (expiresAt && expiresAt > Date.now()) return true;
    sendJson(res, 401, { error: 'invalid_token', error_description: 'Access token expired or invalid' });
    return false;
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const method = req.method ?? 'GET';
    if (method === 'GET' && path === '/webhooks') return sendJson(res, 200, this.state.value.webhooks);
    if (method === 'GET' && path === '/accounts') return sendJson(res, 200, Object.values(this.state.value.customers));
    if (method === 'GET' && path === '/transfer') return this.transferPage(res, query);
    if (method === 'POST' && path === '/transfer') return this.transfer(req, res, query);
    if (method === 'POST' && path === '/api/v1/auth/login') return this.login(req, res);
    if (method === 'POST' && path === '/api/v2/bank-transfer/reserved-accounts') return this.reserve(req, res);
    const reserved = /^\/api\/v2\/bank-transfer\/reserved-accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && reserved) return this.reservedAccounts(req, res, decodeURIComponent(reserved[1]!));
    const status = /^\/api\/v2\/transactions\/([^/]+)$/.exec(path);
    if (method === 'GET' && status) return this.transactionStatus(req, res, decodeURIComponent(status[1]!));
    sendJson(res, 404, fail('Not found'));
  }

  private login(req: IncomingMessage, res: ServerResponse): void {
    req.resume();
    const auth = String(req.headers.authorization ?? '');
    const expected = `Basic ${Buffer.from(`${this.options.apiKey}:${this.options.secretKey}`).toString('base64')}`;
    if (auth !== expected) return sendJson(res, 401, fail('Invalid client credentials'));
    const token = randomBytes(24).toString('base64url');
    const now = Date.now();
    for (const [t, expiresAt] of Object.entries(this.state.value.tokens)) if (expiresAt < now) delete this.state.value.tokens[t];
    this.state.value.tokens[token] = now + 3_600_000;
    this.state.save();
    sendJson(res, 200, ok({ accessToken: token, expiresIn: 3599 }));
  }

  private customerView(c: ReservedCustomer) {
    return {
      contractCode: c.contractCode,
      accountReference: c.accountReference,
      accountName: c.accountName,
      currencyCode: 'NGN',
      customerEmail: c.customerEmail,
      customerName: c.customerName,
      accounts: c.accounts,
      collectionChannel: 'RESERVED_ACCOUNT',
      reservationReference: c.reservationReference,
      reservedAccountType: 'GENERAL',
      status: 'ACTIVE',
      createdOn: c.createdOn,
      ...(c.bvn ? { bvn: c.bvn } : {}),
      ...(c.nin ? { nin: c.nin } : {}),
      restrictPaymentSource: false,
    };
  }

  private async reserve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.authorised(req, res)) return void req.resume();
    const body = await readFields(req);
    if (!body) return sendJson(res, 400, fail('Invalid request body'));
    for (const field of ['accountReference', 'accountName', 'customerEmail', 'customerName', 'contractCode']) {
      if (typeof body[field] !== 'string' || !body[field]) return sendJson(res, 400, fail(`${field} is required`));
    }
    if (body.contractCode !== this.options.contractCode) return sendJson(res, 400, fail('Invalid contract code'));
    if ((body.currencyCode ?? 'NGN') !== 'NGN') return sendJson(res, 400, fail('Unsupported currency'));
    if (body.getAllAvailableBanks !== true && !Array.isArray(body.preferredBanks))
      return sendJson(res, 400, fail('getAllAvailableBanks or preferredBanks is required'));
    // Monnify reserves accounts only for a customer identified by a BVN or a NIN (11 digits each).
    const bvn = typeof body.bvn === 'string' ? body.bvn.trim() : '';
    const nin = typeof body.nin === 'string' ? body.nin.trim() : '';
    if (!bvn && !nin) return sendJson(res, 400, fail('BVN or NIN is required to reserve an account for this customer'));
    if ((bvn && !/^\d{11}$/.test(bvn)) || (nin && !/^\d{11}$/.test(nin))) return sendJson(res, 400, fail('BVN and NIN must be 11 digits'));
    if (this.state.value.customers[body.accountReference]) {
      return sendJson(res, 422, fail('You cannot reserve more than 1 account(s) for a customer', 'R42'));
    }
    const banks = body.getAllAvailableBanks === true ? MONNIFY_BANKS : MONNIFY_BANKS.filter((b) => (body.preferredBanks as string[]).includes(b.bankCode));
    const customer: ReservedCustomer = {
      contractCode: body.contractCode,
      accountReference: body.accountReference,
      accountName: body.accountName,
      customerEmail: body.customerEmail,
      customerName: body.customerName,
      ...(bvn ? { bvn } : {}),
      ...(nin ? { nin } : {}),
      reservationReference: randomBytes(10).toString('hex').toUpperCase(),
      createdOn: new Date().toISOString().replace('T', ' ').slice(0, 19),
      accounts: banks.map((bank) => ({ ...bank, accountNumber: String(this.state.value.nextAccountNumber++), accountName: `VTU-${body.accountName}` })),
    };
    this.state.value.customers[customer.accountReference] = customer;
    this.state.save();
    sendJson(res, 200, ok(this.customerView(customer)));
  }

  private reservedAccounts(req: IncomingMessage, res: ServerResponse, reference: string): void {
    if (!this.authorised(req, res)) return;
    const customer = this.state.value.customers[reference];
    if (!customer) return sendJson(res, 404, fail('Cannot find reserved account'));
    sendJson(res, 200, ok(this.customerView(customer)));
  }

  private transactionStatus(req: IncomingMessage, res: ServerResponse, reference: string): void {
    if (!this.authorised(req, res)) return;
    const t = this.state.value.transactions[reference];
    if (!t) return sendJson(res, 404, fail(`Could not find transaction with the specified transaction reference`));
    sendJson(
      res,
      200,
      ok({
        transactionReference: t.transactionReference,
        paymentReference: t.paymentReference,
        amountPaid: t.amountPaid.toFixed(2),
        totalPayable: t.amountPaid.toFixed(2),
        settlementAmount: t.settlementAmount.toFixed(2),
        paidOn: t.paidOn,
        paymentStatus: t.paymentStatus,
        paymentDescription: t.paymentDescription,
        currency: 'NGN',
        paymentMethod: 'ACCOUNT_TRANSFER',
        product: { type: 'RESERVED_ACCOUNT', reference: t.accountReference },
        destinationAccountInformation: t.destination,
        customer: { email: t.customerEmail, name: t.customerName },
        metaData: {},
      }),
    );
  }

  private accountByNumber(accountNumber: string) {
    for (const customer of Object.values(this.state.value.customers)) {
      const account = customer.accounts.find((a) => a.accountNumber === accountNumber);
      if (account) return { customer, account };
    }
    return undefined;
  }

  private transferPage(res: ServerResponse, query: URLSearchParams, message = ''): void {
    const accounts = Object.values(this.state.value.customers).flatMap((c) => c.accounts.map((a) => ({ ...a, owner: c.customerName })));
    const options = accounts
      .map((a) => `<option value="${escapeHtml(a.accountNumber)}">${escapeHtml(a.accountNumber)} — ${escapeHtml(a.bankName)} (${escapeHtml(a.owner)})</option>`)
      .join('');
    sendHtml(
      res,
      200,
      'Send a bank transfer (local)',
      `<h1>Send a bank transfer</h1><p class="note">Pays into a reserved account, as a customer's bank would.</p>${message}
<form method="post" action="${escapeHtml(this.options.publicBaseUrl)}/transfer">
<label for="accountNumber">Account number</label><input id="accountNumber" name="accountNumber" inputmode="numeric" list="accounts" value="${escapeHtml(query.get('accountNumber') ?? '')}" required>
<datalist id="accounts">${options}</datalist>
<label for="amount">Amount (₦)</label><input id="amount" name="amount" inputmode="decimal" required>
<label for="senderName">Sender name</label><input id="senderName" name="senderName" value="ADA SENDER">
<button class="primary" type="submit">Send transfer</button></form>`,
    );
  }

  private async transfer(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
    const json = wantsJson(req, query);
    const body = await readFields(req);
    const refuse = (status: number, message: string) =>
      json ? sendJson(res, status, fail(message)) : this.transferPage(res, query, `<p class="badge">${escapeHtml(message)}</p>`);
    if (!body) return refuse(400, 'Invalid request body');
    const accountNumber = String(body.accountNumber ?? '').trim();
    const amount = Number(body.amount);
    if (!Number.isFinite(amount) || amount <= 0 || Math.round(amount * 100) !== amount * 100) return refuse(400, 'Enter a valid amount');
    const found = this.accountByNumber(accountNumber);
    if (!found) return refuse(404, 'No reserved account with this number');
    const n = this.state.value.nextTransaction++;
    const day = new Date().toISOString().slice(0, 10).replace(/-/g, '');
    const transaction: MonnifyTransaction = {
      transactionReference: `MNFY|${day}|${String(n).padStart(6, '0')}`,
      paymentReference: `MNFY|${day}|${randomBytes(4).toString('hex')}`,
      amountPaid: amount,
      settlementAmount: Math.round((amount - Math.min(amount * 0.01, 50)) * 100) / 100,
      paidOn: new Date().toISOString().replace('T', ' ').slice(0, 21),
      paymentStatus: 'PAID',
      paymentDescription: `Transfer from ${String(body.senderName ?? 'ADA SENDER')}`,
      accountReference: found.customer.accountReference,
      customerName: found.customer.customerName,
      customerEmail: found.customer.customerEmail,
      destination: { bankCode: found.account.bankCode, bankName: found.account.bankName, accountNumber: found.account.accountNumber },
      senderName: String(body.senderName ?? 'ADA SENDER'),
    };
    this.state.value.transactions[transaction.transactionReference] = transaction;
    this.state.save();
    const webhookBody = JSON.stringify({
      eventType: 'SUCCESSFUL_TRANSACTION',
      eventData: {
        product: { reference: transaction.accountReference, type: 'RESERVED_ACCOUNT' },
        transactionReference: transaction.transactionReference,
        paymentReference: transaction.paymentReference,
        paidOn: transaction.paidOn,
        paymentDescription: transaction.paymentDescription,
        metaData: {},
        paymentSourceInformation: [
          {
            bankCode: '058',
            amountPaid: transaction.amountPaid,
            accountName: transaction.senderName,
            sessionId: randomBytes(15).toString('hex'),
            accountNumber: '0123456789',
          },
        ],
        destinationAccountInformation: transaction.destination,
        amountPaid: transaction.amountPaid,
        totalPayable: transaction.amountPaid,
        cardDetails: {},
        paymentMethod: 'ACCOUNT_TRANSFER',
        currency: 'NGN',
        settlementAmount: transaction.settlementAmount,
        paymentStatus: 'PAID',
        customer: { name: transaction.customerName, email: transaction.customerEmail },
      },
    });
    const signature = createHmac('sha512', this.options.secretKey).update(webhookBody).digest('hex');
    const sent = await deliverWebhook(this.state.value.webhooks, this.options.webhookUrl, webhookBody, { 'monnify-signature': signature });
    this.state.save();
    if (json) return sendJson(res, 200, ok({ transactionReference: transaction.transactionReference, amountPaid: amount, webhook: sent }));
    sendHtml(
      res,
      200,
      'Transfer sent',
      `<h1>Transfer sent</h1><p class="amount">${naira(Math.round(amount * 100))}</p>
<table><tr><td>To</td><td>${escapeHtml(found.account.accountNumber)} (${escapeHtml(found.account.bankName)})</td></tr>
<tr><td>Reference</td><td>${escapeHtml(transaction.transactionReference)}</td></tr><tr><td>Webhook</td><td>${escapeHtml(String(sent.status))}</td></tr></table>
<p><a href="${escapeHtml(this.options.publicBaseUrl)}/transfer">Send another</a></p>`,
    );
  }
}
