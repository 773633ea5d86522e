/** What VTpass says of its account's float: `GET /api/balance` → `contents.balance` (naira), and a re-query's `total_amount`. */
import type { Kobo } from '../../../../shared/money.js';
import { field, parseBody, statedNairaInKobo as kobo, type SupplierAnswer } from '../http-answer.js';

/** The balance in kobo, or why there is none. */
export function vtpassBalanceKobo(answer: SupplierAnswer): Kobo | string {
  if (answer.kind !== 'http') return answer.kind;
  if (answer.status < 200 || answer.status >= 300) return `http_${answer.status}`;
  const balance = kobo(field(field(parseBody(answer.bodyText), 'contents', 'content'), 'balance'));
  return balance === undefined ? 'no_balance' : balance;
}

/** A re-query body's `content.transactions.total_amount`, in kobo. */
export function vtpassChargedKobo(body: unknown): Kobo | undefined {
  return kobo(field(field(field(body, 'content'), 'transactions'), 'total_amount', 'amount'));
}
