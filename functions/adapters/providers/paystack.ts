/**
 * Paystack (payouts and account-name look-up, integrations.md), `Authorization: Bearer <secret>`:
 * `GET /bank` (bank codes), `GET /bank/resolve?account_number=&bank_code=` (account name),
 * `POST /transferrecipient` then `POST /transfer` with OUR reference (re-using a reference never
 * pays twice), `GET /transfer/verify/{reference}`. Outcomes also arrive as signed webhooks
 * (`transfer.success`, `transfer.failed`, `transfer.reversed`).
 */
import { paystackTransferStatus, type Bank } from '../../domain/money/withdrawals.js';
import type { Payouts } from '../../domain/money/payments-port.js';
import { callProvider, describeAnswer, joinUrl, type ProviderAnswer } from './http.js';
import { asPlainText } from '../../../shared/api/text.js';

export interface PaystackOptions {
  baseUrl: string;
  secretKey(): Promise<string>;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const success = (answer: ProviderAnswer) => answer.kind === 'answer' && answer.status >= 200 && answer.status < 300 && answer.json?.status === true;
/** The provider refused the request itself; our own credentials or rate being refused is not that (retry, alert). */
const clientError = (answer: ProviderAnswer) =>
  answer.kind === 'answer' && answer.status >= 400 && answer.status < 500 && answer.status !== 401 && answer.status !== 403 && answer.status !== 429;

/** A payout step that did not succeed: refused by Paystack itself (rejected), or anything else (unavailable: ask again later). */
const unsuccessful = (answer: ProviderAnswer) =>
  clientError(answer) ? { kind: 'rejected' as const, detail: describeAnswer(answer) } : { kind: 'unavailable' as const, detail: describeAnswer(answer) };

export function paystackPayouts(options: PaystackOptions): Payouts {
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ProviderAnswer> {
    let secret: string;
    try {
      secret = await options.secretKey();
    } catch (error) {
      return { kind: 'no_answer', detail: `no Paystack secret key configured: ${String(error)}` };
    }
    return callProvider({
      method,
      url: joinUrl(options.baseUrl, path),
      headers: { authorization: `Bearer ${secret}` },
      body,
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
    });
  }

  /** A payout step (recipient, transfer): always in naira. */
  const postInNaira = (path: string, body: Record<string, unknown>) => call('POST', path, { ...body, currency: 'NGN' });

  return {
    async listBanks() {
      const answer = await call('GET', '/bank?country=nigeria&currency=NGN&perPage=100');
      if (!success(answer) || answer.kind !== 'answer' || !Array.isArray(answer.json.data)) return { kind: 'unavailable', detail: describeAnswer(answer) };
      const banks: Bank[] = answer.json.data
        // biome-ignore lint/suspicious/noExplicitAny: a provider's JSON is untyped; every field read is checked with typeof first
        .filter((b: any) => typeof b?.name === 'string' && typeof b?.code === 'string' && b.active !== false)
        // biome-ignore lint/suspicious/noExplicitAny: a provider's JSON is untyped; every field read is checked with typeof first
        .map((b: any) => ({ name: b.name as string, code: b.code as string }));
      return { kind: 'banks', banks };
    },

    async resolveAccount(accountNumber, bankCode) {
      const query = new URLSearchParams({ account_number: accountNumber, bank_code: bankCode });
      const answer = await call('GET', `/bank/resolve?${query}`);
      const name = answer.kind === 'answer' ? answer.json?.data?.account_name : undefined;
      // The holder's name is kept with the withdrawal and the beneficiary: plain text, as every free text is (shared/api/text.ts).
      if (success(answer) && typeof name === 'string' && asPlainText(name)) return { kind: 'resolved', accountName: asPlainText(name) };
      if (clientError(answer)) return { kind: 'not_found' };
      return { kind: 'unavailable', detail: describeAnswer(answer) };
    },

    async createRecipient(input) {
      const answer = await postInNaira('/transferrecipient', {
        type: 'nuban',
        name: input.name,
        account_number: input.accountNumber,
        bank_code: input.bankCode,
      });
      const code = answer.kind === 'answer' ? answer.json?.data?.recipient_code : undefined;
      if (success(answer) && typeof code === 'string') return { kind: 'created', recipientCode: code };
      return unsuccessful(answer);
    },

    async transfer(input) {
      const answer = await postInNaira('/transfer', {
        source: 'balance',
        amount: input.amountKobo,
        recipient: input.recipientCode,
        reference: input.reference,
        reason: input.reason,
      });
      if (success(answer) && answer.kind === 'answer') {
        const data = answer.json.data ?? {};
        return {
          kind: 'accepted',
          status: paystackTransferStatus(data.status),
          transferCode: typeof data.transfer_code === 'string' ? data.transfer_code : undefined,
        };
      }
      return unsuccessful(answer);
    },

    async verifyTransfer(reference) {
      const answer = await call('GET', `/transfer/verify/${encodeURIComponent(reference)}`);
      if (success(answer) && answer.kind === 'answer') {
        const data = answer.json.data ?? {};
        return {
          kind: 'found',
          status: paystackTransferStatus(data.status),
          transferCode: typeof data.transfer_code === 'string' ? data.transfer_code : undefined,
          amountKobo: Number(data.amount),
        };
      }
      if (answer.kind === 'answer' && (answer.status === 404 || (answer.status === 400 && /not found/i.test(String(answer.json?.message ?? ''))))) {
        return { kind: 'not_found' };
      }
      return { kind: 'unavailable', detail: describeAnswer(answer) };
    },
  };
}
