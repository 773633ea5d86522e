/**
 * What an MSORG panel says of its account's float: `balance_before` / `balance_after` on a purchase
 * answer (what it charged is their difference), `user.Account_Balance` on `GET /api/user/`, and
 * its listing of a day's transactions where it has one.
 */
import type { Kobo } from '../../../../shared/money.js';
import type { SupplierListedCharge } from '../../../domain/purchases/suppliers-port.js';
import { field, parseBody, statedNairaInKobo as kobo, type SupplierAnswer } from '../http-answer.js';

/** The float after a purchase answer, and what it charged (before − after), when the answer says. */
export function msorgBalances(body: unknown): { balanceAfterKobo?: Kobo; chargedKobo?: Kobo } {
  const after = kobo(field(body, 'balance_after'));
  const before = kobo(field(body, 'balance_before'));
  return {
    ...(after === undefined ? {} : { balanceAfterKobo: after }),
    ...(after === undefined || before === undefined ? {} : { chargedKobo: before - after }),
  };
}

/** `GET /api/user/` → the balance in kobo, or why there is none. */
export function msorgAccountBalanceKobo(answer: SupplierAnswer): Kobo | string {
  if (answer.kind !== 'http') return answer.kind;
  if (answer.status < 200 || answer.status >= 300) return `http_${answer.status}`;
  const body = parseBody(answer.bodyText);
  const user = field(body, 'user');
  const balance = kobo(field(user, 'Account_Balance', 'wallet_balance', 'balance') ?? field(body, 'Account_Balance', 'balance'));
  return balance === undefined ? 'no_balance' : balance;
}

/** One page of `GET /api/history/`: `{results: [record…], next: <page>|null}`; undefined when the panel has no listing. */
export function msorgHistoryPage(answer: SupplierAnswer, page: number): { charges: SupplierListedCharge[]; next?: string } | undefined {
  if (answer.kind !== 'http' || answer.status === 404) return undefined;
  if (answer.status < 200 || answer.status >= 300) throw new Error(`history listing answered ${answer.status}`);
  const body = parseBody(answer.bodyText);
  const results = field(body, 'results');
  if (!Array.isArray(results)) throw new Error('history listing without results');
  const charges = results.map((record): SupplierListedCharge => {
    const status = String(field(record, 'Status', 'status') ?? '').toLowerCase();
    const { chargedKobo } = msorgBalances(record);
    const requestId = field(record, 'request_id');
    return {
      requestId: typeof requestId === 'string' && requestId ? requestId : null,
      supplierReference: String(field(record, 'id', 'ident') ?? ''),
      status: status === 'successful' ? 'charged' : status === 'failed' ? 'not_charged' : 'open',
      ...(chargedKobo === undefined ? {} : { chargedKobo }),
    };
  });
  return { charges, ...(field(body, 'next') ? { next: String(page + 1) } : {}) };
}
