/**
 * Squad (card payments), as the platform sees it (integrations.md):
 *   POST /transaction/initiate       Bearer <secret key>; amount in kobo, transaction_ref, callback_url → data.checkout_url
 *   GET  /transaction/verify/{ref}   → data.transaction_status Success | Failed | Abandoned | Pending
 * and, for a person, a hosted checkout page:
 *   GET  /checkout/{ref}             the page: amount, e-mail, "Pay" and "Cancel"
 *   POST /checkout/{ref}/pay         marks it Success, POSTs the signed `charge_successful` webhook
 *                                    (x-squad-encrypted-body = HMAC-SHA512 hex, upper case) to the
 *                                    platform, then redirects to callback_url?reference=… (JSON with ?format=json)
 *   POST /checkout/{ref}/cancel      marks it Abandoned, no webhook, redirects to callback_url
 * For tests: GET /webhooks (every webhook sent, byte for byte), GET /transactions.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from '../util.js';
import { bearer, deliverWebhook, escapeHtml, naira, PersistentState, readFields, redirect, sendHtml, wantsJson, type SentWebhook } from './provider-common.js';

export type SquadStatus = 'Pending' | 'Success' | 'Failed' | 'Abandoned';

export interface SquadTransaction {
  transaction_ref: string;
  amount: number;
  email: string;
  customer_name: string;
  callback_url: string;
  currency: string;
  status: SquadStatus;
  gateway_ref: string;
  created_at: string;
  paid_at?: string;
}

interface SquadState {
  transactions: Record<string, SquadTransaction>;
  webhooks: SentWebhook[];
}

export interface SquadSimulatorOptions {
  secretKey: string;
  /** Public base URL of this simulator (checkout links are opened by a browser). */
  publicBaseUrl: string;
  /** The platform's webhook receiver. */
  webhookUrl: string;
  stateFile?: string;
}

export class SquadSimulator {
  private readonly state: PersistentState<SquadState>;

  constructor(private readonly options: SquadSimulatorOptions) {
    this.state = new PersistentState(options.stateFile, () => ({ transactions: {}, webhooks: [] }));
  }

  close(): void {
    this.state.flush();
  }

  private authorised(req: IncomingMessage, res: ServerResponse): boolean {
    if (bearer(req) === this.options.secretKey) return true;
    sendJson(res, 401, { status: 401, success: false, message: 'Merchant authentication failed', data: {} });
    return false;
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const method = req.method ?? 'GET';
    if (method === 'GET' && path === '/webhooks') return sendJson(res, 200, this.state.value.webhooks);
    if (method === 'GET' && path === '/transactions') return sendJson(res, 200, Object.values(this.state.value.transactions));
    if (method === 'POST' && path === '/transaction/initiate') return this.initiate(req, res);
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (method === 'GET' && verify) return this.verify(req, res, decodeURIComponent(verify[1]!));
    const checkout = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(path);
    if (checkout) {
      const ref = decodeURIComponent(checkout[1]!);
      if (method === 'GET' && !checkout[2]) return this.page(res, ref);
      if (method === 'POST' && checkout[2] === 'pay') return this.pay(req, res, ref, query);
      if (method === 'POST' && checkout[2] === 'cancel') return this.cancel(req, res, ref, query);
    }
    sendJson(res, 404, { status: 404, success: false, message: 'Not found', data: {} });
  }

  private async initiate(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!this.authorised(req, res)) return;
    const body = await readFields(req);
    const bad = (message: string) => sendJson(res, 400, { status: 400, success: false, message, data: {} });
    if (!body) return bad('Invalid JSON');
    const amount = Number(body.amount);
    if (!Number.isSafeInteger(amount) || amount < 100) return bad('amount must be a whole number of kobo, at least 100');
    if (typeof body.email !== 'string' || !body.email.includes('@')) return bad('email is required');
    if (body.currency !== undefined && body.currency !== 'NGN') return bad('currency not supported');
    const ref = typeof body.transaction_ref === 'string' && body.transaction_ref ? body.transaction_ref : `SQ${randomBytes(8).toString('hex')}`;
    if (this.state.value.transactions[ref]) return bad('Duplicate transaction reference');
    const transaction: SquadTransaction = {
      transaction_ref: ref,
      amount,
      email: body.email,
      customer_name: typeof body.customer_name === 'string' ? body.customer_name : '',
      callback_url: typeof body.callback_url === 'string' ? body.callback_url : '',
      currency: 'NGN',
      status: 'Pending',
      gateway_ref: `${ref}_1_${randomBytes(4).toString('hex')}`,
      created_at: new Date().toISOString(),
    };
    this.state.value.transactions[ref] = transaction;
    this.state.save();
    sendJson(res, 200, {
      status: 200,
      success: true,
      message: 'success',
      data: {
        auth_url: null,
        access_token: null,
        merchant_info: { merchant_name: 'VTU Local', merchant_logo: null, merchant_id: 'SBLOCAL' },
        currency: 'NGN',
        recurring: { frequency: null, duration: null, type: 0, plan_code: null, customer_name: null },
        is_recurring: false,
        callback_url: transaction.callback_url,
        transaction_ref: ref,
        transaction_memo: null,
        transaction_amount: amount,
        authorized_channels: ['card', 'ussd', 'bank', 'transfer'],
        checkout_url: `${this.options.publicBaseUrl}/checkout/${encodeURIComponent(ref)}`,
      },
    });
  }

  private verify(req: IncomingMessage, res: ServerResponse, ref: string): void {
    if (!this.authorised(req, res)) return;
    const t = this.state.value.transactions[ref];
    if (!t) return sendJson(res, 404, { status: 404, success: false, message: 'Transaction not found', data: {} });
    sendJson(res, 200, {
      status: 200,
      success: true,
      message: 'Success',
      data: {
        transaction_amount: t.amount,
        transaction_ref: t.transaction_ref,
        email: t.email,
        transaction_status: t.status,
        transaction_currency_id: t.currency,
        created_at: t.created_at,
        transaction_type: 'Card',
        merchant_name: 'VTU Local',
        merchant_business_name: null,
        gateway_transaction_ref: t.gateway_ref,
        recurring: null,
        merchant_email: 'merchant@localhost',
        plan_code: null,
      },
    });
  }

  private page(res: ServerResponse, ref: string): void {
    const t = this.state.value.transactions[ref];
    if (!t) return sendHtml(res, 404, 'Payment not found', '<h1>Payment not found</h1><p>This payment link is not valid.</p>');
    if (t.status !== 'Pending') {
      const back = t.callback_url ? `<p><a href="${escapeHtml(this.callback(t))}">Return to the merchant</a></p>` : '';
      return sendHtml(
        res,
        200,
        'Payment',
        `<h1>Payment ${t.status === 'Success' ? 'completed' : t.status.toLowerCase()}</h1><p class="amount">${naira(t.amount)}</p>${back}`,
      );
    }
    const action = (what: string) => `${this.options.publicBaseUrl}/checkout/${encodeURIComponent(ref)}/${what}`;
    sendHtml(
      res,
      200,
      'Squad checkout (local)',
      `<h1>Squad checkout</h1><p class="note">VTU Local · ${escapeHtml(t.email)}</p>
<p class="amount" data-testid="amount">${naira(t.amount)}</p>
<table><tr><td>Card</td><td>4084 0840 8408 4081 (test)</td></tr><tr><td>Reference</td><td>${escapeHtml(ref)}</td></tr></table>
<form method="post" action="${escapeHtml(action('pay'))}"><button class="primary" type="submit">Pay ${naira(t.amount)}</button></form>
<form method="post" action="${escapeHtml(action('cancel'))}"><button class="secondary" type="submit">Cancel</button></form>`,
    );
  }

  private callback(t: SquadTransaction): string {
    if (!t.callback_url) return '';
    const url = new URL(t.callback_url);
    url.searchParams.set('reference', t.transaction_ref);
    return url.toString();
  }

  /** The body Squad posts for a successful card charge. */
  private webhookBody(t: SquadTransaction): string {
    return JSON.stringify({
      Event: 'charge_successful',
      TransactionRef: t.transaction_ref,
      Body: {
        amount: t.amount,
        transaction_ref: t.transaction_ref,
        gateway_ref: t.gateway_ref,
        transaction_status: 'Success',
        email: t.email,
        merchant_id: 'SBLOCAL',
        currency: t.currency,
        transaction_type: 'Card',
        merchant_amount: t.amount - Math.min(Math.round(t.amount * 0.012), 150_000),
        created_at: t.paid_at ?? t.created_at,
        customer_mobile: null,
        meta: {},
        payment_information: { payment_type: 'card', pan: '408408******4081', card_type: 'visa', token_id: randomBytes(6).toString('hex') },
        is_recurring: false,
      },
    });
  }

  private async pay(req: IncomingMessage, res: ServerResponse, ref: string, query: URLSearchParams): Promise<void> {
    req.resume();
    const t = this.state.value.transactions[ref];
    if (!t) return sendJson(res, 404, { status: 404, success: false, message: 'Transaction not found' });
    if (t.status !== 'Pending') {
      if (wantsJson(req, query)) return sendJson(res, 409, { status: 409, success: false, message: `Transaction is ${t.status}` });
      return redirect(res, this.callback(t) || `${this.options.publicBaseUrl}/checkout/${encodeURIComponent(ref)}`);
    }
    t.status = 'Success';
    t.paid_at = new Date().toISOString();
    this.state.save();
    const body = this.webhookBody(t);
    const signature = createHmac('sha512', this.options.secretKey).update(body).digest('hex').toUpperCase();
    const sent = await deliverWebhook(this.state.value.webhooks, this.options.webhookUrl, body, { 'x-squad-encrypted-body': signature });
    this.state.save();
    if (wantsJson(req, query)) return sendJson(res, 200, { status: 200, success: true, transaction_ref: ref, transaction_status: t.status, webhook: sent });
    redirect(res, this.callback(t) || `${this.options.publicBaseUrl}/checkout/${encodeURIComponent(ref)}`);
  }

  private cancel(req: IncomingMessage, res: ServerResponse, ref: string, query: URLSearchParams): void {
    req.resume();
    const t = this.state.value.transactions[ref];
    if (!t) return sendJson(res, 404, { status: 404, success: false, message: 'Transaction not found' });
    if (t.status === 'Pending') {
      t.status = 'Abandoned';
      this.state.save();
    }
    if (wantsJson(req, query)) return sendJson(res, 200, { status: 200, success: true, transaction_ref: ref, transaction_status: t.status });
    redirect(res, this.callback(t) || `${this.options.publicBaseUrl}/checkout/${encodeURIComponent(ref)}`);
  }
}
