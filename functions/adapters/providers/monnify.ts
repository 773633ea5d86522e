/**
 * Monnify (reserved bank accounts, integrations.md): `POST /api/v1/auth/login` with Basic
 * apiKey:secretKey → a bearer token (cached until shortly before it expires);
 * `POST /api/v2/bank-transfer/reserved-accounts` with getAllAvailableBanks → one account per bank
 * (when the reference already holds accounts, `GET .../reserved-accounts/{reference}` returns
 * them); `GET /api/v2/transactions/{transactionReference}` confirms a payment before any credit.
 */
import { monnifyStatus, providerNairaToKobo, type ReservedAccount } from '../../domain/money/funding.js';
import type { ReservedAccounts } from '../../domain/money/payments-port.js';
import { callProvider, describeAnswer, joinUrl, type ProviderAnswer } from './http.js';

export interface MonnifyOptions {
  baseUrl: string;
  contractCode: string;
  apiKey(): Promise<string>;
  secretKey(): Promise<string>;
  timeoutMs: number;
  fetch?: typeof fetch;
  now?: () => number;
}

const ok = (answer: ProviderAnswer) => answer.kind === 'answer' && answer.status >= 200 && answer.status < 300 && answer.json?.requestSuccessful === true;

// biome-ignore lint/suspicious/noExplicitAny: a provider's JSON is untyped; every field read is checked with typeof first
function accountsOf(body: any): ReservedAccount[] {
  const accounts = Array.isArray(body?.accounts) ? body.accounts : [];
  return (
    accounts
      // biome-ignore lint/suspicious/noExplicitAny: a provider's JSON is untyped; every field read is checked with typeof first
      .filter((a: any) => typeof a?.accountNumber === 'string' && typeof a?.bankName === 'string')
      // biome-ignore lint/suspicious/noExplicitAny: a provider's JSON is untyped; every field read is checked with typeof first
      .map((a: any) => ({ bankName: a.bankName as string, accountNumber: a.accountNumber as string }))
  );
}

export function monnifyReservedAccounts(options: MonnifyOptions): ReservedAccounts {
  const now = options.now ?? Date.now;
  let cached: { token: string; expiresAt: number } | undefined;

  async function token(refresh = false): Promise<{ token: string } | { detail: string }> {
    if (!refresh && cached && cached.expiresAt > now()) return { token: cached.token };
    let apiKey: string;
    let secretKey: string;
    try {
      [apiKey, secretKey] = await Promise.all([options.apiKey(), options.secretKey()]);
    } catch (error) {
      return { detail: `Monnify credentials missing: ${String(error)}` };
    }
    const answer = await callProvider({
      method: 'POST',
      url: joinUrl(options.baseUrl, '/api/v1/auth/login'),
      headers: { authorization: `Basic ${Buffer.from(`${apiKey}:${secretKey}`).toString('base64')}` },
      timeoutMs: options.timeoutMs,
      fetch: options.fetch,
    });
    const accessToken = answer.kind === 'answer' ? answer.json?.responseBody?.accessToken : undefined;
    if (!ok(answer) || typeof accessToken !== 'string') return { detail: `Monnify login failed: ${describeAnswer(answer)}` };
    const expiresInSeconds = Number(answer.kind === 'answer' ? answer.json?.responseBody?.expiresIn : 0) || 300;
    cached = { token: accessToken, expiresAt: now() + Math.max(30, expiresInSeconds - 60) * 1000 };
    return { token: accessToken };
  }

  /** A call with the bearer token; one fresh login when the token was refused. */
  async function authorised(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ProviderAnswer> {
    for (const refresh of [false, true]) {
      const bearer = await token(refresh);
      if (!('token' in bearer)) return { kind: 'no_answer', detail: bearer.detail };
      const answer = await callProvider({
        method,
        url: joinUrl(options.baseUrl, path),
        headers: { authorization: `Bearer ${bearer.token}` },
        body,
        timeoutMs: options.timeoutMs,
        fetch: options.fetch,
      });
      if (answer.kind === 'answer' && answer.status === 401 && !refresh) continue;
      return answer;
    }
    return { kind: 'no_answer', detail: 'unreachable' };
  }

  return {
    async reserve(input) {
      const body = {
        accountReference: input.accountReference,
        accountName: input.accountName,
        currencyCode: 'NGN',
        contractCode: options.contractCode,
        customerEmail: input.customerEmail,
        customerName: input.customerName,
        ...(input.bvn ? { bvn: input.bvn } : {}),
        ...(input.nin ? { nin: input.nin } : {}),
        getAllAvailableBanks: true,
      };
      const created = await authorised('POST', '/api/v2/bank-transfer/reserved-accounts', body);
      if (ok(created) && created.kind === 'answer') {
        const accounts = accountsOf(created.json.responseBody);
        if (accounts.length) return { kind: 'reserved', accounts };
      }
      // Already reserved under this reference (a retry, or a concurrent request): read them back.
      if (created.kind === 'answer' && created.status < 500) {
        const existing = await authorised('GET', `/api/v2/bank-transfer/reserved-accounts/${encodeURIComponent(input.accountReference)}`);
        if (ok(existing) && existing.kind === 'answer') {
          const accounts = accountsOf(existing.json.responseBody);
          if (accounts.length) return { kind: 'reserved', accounts };
        }
        if (created.status >= 400) return { kind: 'rejected', detail: describeAnswer(created) };
      }
      return { kind: 'unavailable', detail: describeAnswer(created) };
    },

    async verifyTransaction(transactionReference) {
      const answer = await authorised('GET', `/api/v2/transactions/${encodeURIComponent(transactionReference)}`);
      if (answer.kind === 'answer' && answer.status === 404) return { kind: 'not_found' };
      const body = answer.kind === 'answer' ? answer.json?.responseBody : undefined;
      if (!ok(answer) || typeof body !== 'object' || body === null) return { kind: 'unavailable', detail: describeAnswer(answer) };
      return {
        kind: 'found',
        transfer: {
          status: monnifyStatus(body.paymentStatus),
          transactionReference: String(body.transactionReference ?? ''),
          amountKobo: providerNairaToKobo(body.amountPaid),
          currency: String(body.currency ?? body.currencyCode ?? ''),
          productType: String(body.product?.type ?? ''),
          accountReference: String(body.product?.reference ?? ''),
          destinationAccountNumber:
            typeof body.destinationAccountInformation?.accountNumber === 'string' ? body.destinationAccountInformation.accountNumber : undefined,
        },
      };
    },
  };
}
