/**
 * Paystack-style payouts and account-name look-up, as the platform sees them (integrations.md),
 * `Authorization: Bearer <secret key>`:
 *   GET  /bank                         the banks and their codes
 *   GET  /bank/resolve?account_number=&bank_code=   the account holder's name
 *   POST /transferrecipient            {type: nuban, name, account_number, bank_code} → recipient_code
 *   POST /transfer                     {amount (kobo), recipient, reference}: a reference already used
 *                                      returns that transfer and never pays again
 *   GET  /transfer/verify/{reference}
 * Outcomes are delivered by signed webhooks (x-paystack-signature = HMAC-SHA512 hex of the raw
 * body with the secret key): transfer.success, transfer.failed, transfer.reversed.
 *
 * The account number decides what happens (PAYOUT_ACCOUNTS):
 *   0000000000  cannot be resolved; recipient refused                      → withdrawal refused / refunded
 *   1111111111  transfer.failed                                            → refunded once
 *   2222222222  transfer.success, then transfer.reversed                   → success, then refunded once
 *   3333333333  success at the bank but the webhook is lost                → an admin re-query settles it (success)
 *   4444444444  failed at the bank and the webhook is lost                 → an admin re-query refunds it
 *   5555555555  POST /transfer answers 500 though the transfer was made   → re-query finds it (success); never paid twice
 *   any other   transfer.success
 * For tests: GET /transfers (transfers and how many payments each reference caused), GET /webhooks.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NIGERIAN_BANKS } from '../../../shared/banks.js';
import { sendJson } from '../util.js';
import { bearer, deliverWebhook, PersistentState, readFields, type SentWebhook } from './provider-common.js';

export const PAYOUT_ACCOUNTS = {
  unresolvable: '0000000000',
  failed: '1111111111',
  reversed: '2222222222',
  successWebhookLost: '3333333333',
  failedWebhookLost: '4444444444',
  errorButPaid: '5555555555',
} as const;

/** The banks the simulated provider lists: the platform's one list of Nigerian banks (shared/banks.ts). */
export const PAYOUT_BANKS = NIGERIAN_BANKS;

const NAMES = [
  'ADAEZE OKAFOR',
  'CHINEDU EZE',
  'FUNMILAYO ADEYEMI',
  'IBRAHIM MUSA',
  'NGOZI OBI',
  'TUNDE BAKARE',
  'AISHA BELLO',
  'EMEKA NWOSU',
  'KEMI ALABI',
  'YUSUF ABDULLAHI',
];

/** The name the simulated banks hold for an account number. */
export function payoutAccountName(accountNumber: string): string {
  return NAMES[Number(accountNumber.at(-1) ?? 0) % NAMES.length]!;
}

type TransferStatus = 'pending' | 'success' | 'failed' | 'reversed';

interface Recipient {
  recipient_code: string;
  id: number;
  name: string;
  account_number: string;
  account_name: string;
  bank_code: string;
  bank_name: string;
}

interface Transfer {
  id: number;
  reference: string;
  transfer_code: string;
  amount: number;
  reason: string;
  recipient: string;
  account_number: string;
  status: TransferStatus;
  createdAt: string;
  updatedAt: string;
  /** Real payments this reference caused (never more than one). */
  payments: number;
  /** POST /transfer calls with this reference, repeats included. */
  requests: number;
}

interface PayoutState {
  nextId: number;
  recipients: Record<string, Recipient>;
  transfers: Record<string, Transfer>;
  webhooks: SentWebhook[];
}

export interface PayoutSimulatorOptions {
  secretKey: string;
  webhookUrl: string;
  stateFile?: string;
  /** Delay before each webhook (default 150 ms); a reversal follows its success after twice that. */
  webhookDelayMs?: number;
}

const REFERENCE = /^[a-z0-9_-]{16,50}$/;

export class PayoutSimulator {
  private readonly state: PersistentState<PayoutState>;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: PayoutSimulatorOptions) {
    this.state = new PersistentState(options.stateFile, () => ({ nextId: 1, recipients: {}, transfers: {}, webhooks: [] }));
    // The bank is another party: it kept working while the local cloud was down (or crashed), so the
    // transfers it had not finished finish now instead of staying pending forever.
    for (const transfer of Object.values(this.state.value.transfers)) this.carryOn(transfer);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.state.flush();
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const method = req.method ?? 'GET';
    if (method === 'GET' && path === '/transfers') return sendJson(res, 200, Object.values(this.state.value.transfers));
    if (method === 'GET' && path === '/webhooks') return sendJson(res, 200, this.state.value.webhooks);
    if (bearer(req) !== this.options.secretKey) {
      req.resume();
      return sendJson(res, 401, { status: false, message: 'Invalid key' });
    }
    if (method === 'GET' && path === '/bank') {
      return sendJson(res, 200, {
        status: true,
        message: 'Banks retrieved',
        data: PAYOUT_BANKS.map((bank, i) => ({
          id: i + 1,
          name: bank.name,
          slug: bank.name.toLowerCase().replace(/\W+/g, '-'),
          code: bank.code,
          longcode: '',
          gateway: 'emandate',
          pay_with_bank: false,
          active: true,
          country: 'Nigeria',
          currency: 'NGN',
          type: 'nuban',
        })),
        meta: { next: null, previous: null, perPage: 100 },
      });
    }
    if (method === 'GET' && path === '/bank/resolve') return this.resolve(res, query.get('account_number') ?? '', query.get('bank_code') ?? '');
    if (method === 'POST' && path === '/transferrecipient') return this.createRecipient(req, res);
    if (method === 'POST' && path === '/transfer') return this.transfer(req, res);
    const verify = /^\/transfer\/verify\/([^/]+)$/.exec(path);
    if (method === 'GET' && verify) return this.verify(res, decodeURIComponent(verify[1]!));
    req.resume();
    sendJson(res, 404, { status: false, message: 'Not found' });
  }

  private account(accountNumber: string, bankCode: string): { accountName: string; bankName: string } | undefined {
    const bank = PAYOUT_BANKS.find((b) => b.code === bankCode);
    if (!bank || !/^\d{10}$/.test(accountNumber) || accountNumber === PAYOUT_ACCOUNTS.unresolvable) return undefined;
    return { accountName: payoutAccountName(accountNumber), bankName: bank.name };
  }

  private resolve(res: ServerResponse, accountNumber: string, bankCode: string): void {
    const account = this.account(accountNumber, bankCode);
    if (!account) return sendJson(res, 422, { status: false, message: 'Could not resolve account name. Check parameters or try again.' });
    sendJson(res, 200, {
      status: true,
      message: 'Account number resolved',
      data: { account_number: accountNumber, account_name: account.accountName, bank_id: 1 },
    });
  }

  private async createRecipient(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readFields(req);
    if (body?.type !== 'nuban') return sendJson(res, 400, { status: false, message: 'Invalid recipient type' });
    const account = this.account(String(body.account_number ?? ''), String(body.bank_code ?? ''));
    if (!account) return sendJson(res, 400, { status: false, message: 'Cannot resolve account' });
    const id = this.state.value.nextId++;
    const recipient: Recipient = {
      recipient_code: `RCP_${randomBytes(8).toString('hex')}`,
      id,
      name: String(body.name ?? account.accountName),
      account_number: String(body.account_number),
      account_name: account.accountName,
      bank_code: String(body.bank_code),
      bank_name: account.bankName,
    };
    this.state.value.recipients[recipient.recipient_code] = recipient;
    this.state.save();
    sendJson(res, 201, {
      status: true,
      message: 'Transfer recipient created successfully',
      data: {
        active: true,
        currency: 'NGN',
        name: recipient.name,
        recipient_code: recipient.recipient_code,
        type: 'nuban',
        id,
        details: {
          authorization_code: null,
          account_number: recipient.account_number,
          account_name: recipient.account_name,
          bank_code: recipient.bank_code,
          bank_name: recipient.bank_name,
        },
      },
    });
  }

  private view(t: Transfer, status: TransferStatus = t.status) {
    const recipient = this.state.value.recipients[t.recipient];
    return {
      integration: 100001,
      domain: 'test',
      amount: t.amount,
      currency: 'NGN',
      source: 'balance',
      reason: t.reason,
      recipient: recipient
        ? {
            recipient_code: recipient.recipient_code,
            name: recipient.name,
            details: {
              account_number: recipient.account_number,
              account_name: recipient.account_name,
              bank_code: recipient.bank_code,
              bank_name: recipient.bank_name,
            },
          }
        : t.recipient,
      status,
      transfer_code: t.transfer_code,
      id: t.id,
      reference: t.reference,
      createdAt: t.createdAt,
      updatedAt: t.updatedAt,
    };
  }

  private async transfer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readFields(req);
    if (!body) return sendJson(res, 400, { status: false, message: 'Invalid JSON' });
    const reference = String(body.reference ?? '');
    if (!REFERENCE.test(reference))
      return sendJson(res, 400, { status: false, message: 'Invalid transfer reference: use 16-50 lower-case letters, digits, - or _' });
    const existing = this.state.value.transfers[reference];
    if (existing) {
      // The same reference is the same transfer: answered again, never paid again.
      existing.requests += 1;
      this.state.save();
      return sendJson(res, 200, { status: true, message: 'Transfer has been queued', data: this.view(existing) });
    }
    const amount = Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount < 100) return sendJson(res, 400, { status: false, message: 'Invalid amount' });
    const recipient = this.state.value.recipients[String(body.recipient ?? '')];
    if (!recipient) return sendJson(res, 400, { status: false, message: 'Recipient specified is invalid' });
    const now = new Date().toISOString();
    const n = recipient.account_number;
    const transfer: Transfer = {
      id: this.state.value.nextId++,
      reference,
      transfer_code: `TRF_${randomBytes(8).toString('hex')}`,
      amount,
      reason: String(body.reason ?? ''),
      recipient: recipient.recipient_code,
      account_number: n,
      // Lost webhooks: the bank's final word is already there for a re-query to find.
      status:
        n === PAYOUT_ACCOUNTS.successWebhookLost || n === PAYOUT_ACCOUNTS.errorButPaid
          ? 'success'
          : n === PAYOUT_ACCOUNTS.failedWebhookLost
            ? 'failed'
            : 'pending',
      createdAt: now,
      updatedAt: now,
      payments: n === PAYOUT_ACCOUNTS.failedWebhookLost ? 0 : 1,
      requests: 1,
    };
    this.state.value.transfers[reference] = transfer;
    this.state.save();
    if (n === PAYOUT_ACCOUNTS.errorButPaid) return sendJson(res, 500, { status: false, message: 'An error occurred' });
    this.carryOn(transfer);
    // Queued, as far as this answer goes: the lost-webhook accounts are final only for a later verify.
    sendJson(res, 200, { status: true, message: 'Transfer has been queued', data: this.view(transfer, 'pending') });
  }

  /** What the bank does next with a transfer by its account number: settle it, and for one account reverse it later. */
  private carryOn(transfer: Transfer): void {
    const delay = this.options.webhookDelayMs ?? 150;
    const { reference, account_number: n } = transfer;
    if (transfer.status === 'pending') {
      if (n === PAYOUT_ACCOUNTS.failed) this.later(delay, reference, 'failed');
      else this.later(delay, reference, 'success');
    }
    if (n === PAYOUT_ACCOUNTS.reversed && transfer.status !== 'reversed') this.later(delay * 3, reference, 'reversed');
  }

  private verify(res: ServerResponse, reference: string): void {
    const t = this.state.value.transfers[reference];
    if (!t) return sendJson(res, 404, { status: false, message: 'Transfer not found' });
    sendJson(res, 200, { status: true, message: 'Transfer retrieved', data: this.view(t) });
  }

  /** Moves a transfer to its next status and tells the platform, signed. */
  private later(delayMs: number, reference: string, status: Exclude<TransferStatus, 'pending'>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const t = this.state.value.transfers[reference];
      if (!t) return;
      t.status = status;
      t.updatedAt = new Date().toISOString();
      if (status === 'failed' || status === 'reversed') t.payments = status === 'reversed' ? t.payments : 0;
      this.state.save();
      const body = JSON.stringify({
        event: `transfer.${status}`,
        data: {
          ...this.view(t),
          failures: null,
          source_details: null,
          titan_code: null,
          transferred_at: status === 'success' ? t.updatedAt : null,
          session: { provider: 'nip', id: randomBytes(15).toString('hex') },
          created_at: t.createdAt,
          updated_at: t.updatedAt,
        },
      });
      const signature = createHmac('sha512', this.options.secretKey).update(body).digest('hex');
      void deliverWebhook(this.state.value.webhooks, this.options.webhookUrl, body, { 'x-paystack-signature': signature }).then(() => this.state.save());
    }, delayMs);
    this.timers.add(timer);
  }
}
