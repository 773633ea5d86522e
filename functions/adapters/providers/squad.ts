/**
 * Squad (card payments, integrations.md): `POST /transaction/initiate` with
 * `Authorization: Bearer <secret key>` (amount in kobo, our transaction_ref, callback_url) →
 * `data.checkout_url`; `GET /transaction/verify/{ref}` → `data.transaction_status` Success,
 * Failed, Abandoned or Pending, `data.transaction_amount` in kobo.
 */
import { squadStatus } from '../../domain/money/funding.js';
import type { CardPayments } from '../../domain/money/payments-port.js';
import { callProvider, describeAnswer, joinUrl } from './http.js';

export interface SquadOptions {
  baseUrl: string;
  secretKey(): Promise<string>;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export function squadCardPayments(options: SquadOptions): CardPayments {
  const key = async (): Promise<string | undefined> => {
    try {
      return await options.secretKey();
    } catch {
      return undefined;
    }
  };
  return {
    async initiate(input) {
      const secret = await key();
      if (!secret) return { kind: 'unavailable', detail: 'no Squad secret key configured' };
      const answer = await callProvider({
        method: 'POST',
        url: joinUrl(options.baseUrl, '/transaction/initiate'),
        headers: { authorization: `Bearer ${secret}` },
        body: {
          amount: input.amountKobo,
          email: input.email,
          currency: 'NGN',
          initiate_type: 'inline',
          transaction_ref: input.reference,
          callback_url: input.callbackUrl,
          customer_name: input.customerName,
          metadata: { reference: input.reference },
        },
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      if (answer.kind === 'answer' && answer.status >= 200 && answer.status < 300 && typeof answer.json?.data?.checkout_url === 'string') {
        return { kind: 'created', checkoutUrl: answer.json.data.checkout_url as string };
      }
      if (answer.kind === 'answer' && answer.status >= 400 && answer.status < 500) return { kind: 'rejected', detail: describeAnswer(answer) };
      return { kind: 'unavailable', detail: describeAnswer(answer) };
    },

    async verify(reference) {
      const secret = await key();
      if (!secret) return { kind: 'unavailable', detail: 'no Squad secret key configured' };
      const answer = await callProvider({
        method: 'GET',
        url: joinUrl(options.baseUrl, `/transaction/verify/${encodeURIComponent(reference)}`),
        headers: { authorization: `Bearer ${secret}` },
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      if (answer.kind === 'answer' && answer.status === 404) return { kind: 'not_found' };
      const data = answer.kind === 'answer' ? answer.json?.data : undefined;
      if (answer.kind !== 'answer' || answer.status < 200 || answer.status >= 300 || typeof data !== 'object' || data === null) {
        return { kind: 'unavailable', detail: describeAnswer(answer) };
      }
      const amount = Number(data.transaction_amount);
      return {
        kind: 'found',
        payment: {
          status: squadStatus(data.transaction_status),
          reference: String(data.transaction_ref ?? ''),
          amountKobo: Number.isSafeInteger(amount) ? amount : Number.NaN,
          currency: String(data.transaction_currency_id ?? data.currency ?? ''),
          providerReference: data.gateway_transaction_ref ? String(data.gateway_transaction_ref) : undefined,
        },
      };
    },
  };
}
