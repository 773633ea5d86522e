/**
 * HTTP: GET /transaction. Ordinary users see only their own transactions (a userName filter
 * naming someone else is ignored); admins and agents see everybody's and may filter by exact
 * user name. Figures are computed over the whole filtered set; profit figures are for admins
 * and agents only.
 */
import { listTransactionsQuery, type TransactionListResponse } from '../../../shared/api/transactions.js';
import { TRANSACTIONS_PAGE_SIZE, type TransactionStatus, type TransactionType, type UserType } from '../../../shared/constants.js';
import { dynamoTransactions } from '../../adapters/dynamo/transactions.js';
import { getUserByUserName, loadPrincipal } from '../../adapters/dynamo/users.js';
import { listingBounds, transactionListPage, type TransactionRecord } from '../../domain/transactions.js';
import type { TransactionFilter, TransactionStore } from '../../ports/transactions.js';
import { httpService, parseInput, type HttpAnswer, type HttpRequest } from '../../middleware/http.js';

export interface TransactionsDeps {
  transactions: Pick<TransactionStore, 'listForUser' | 'listAll'>;
  findUserByUserName(userName: string): Promise<{ userId: string } | undefined>;
}

/** Profit is the platform's margin: only admins and agents see it (spec §2, §6). */
function withoutProfit(page: TransactionListResponse): TransactionListResponse {
  return { ...page, totalProfit: 0, stat: [], transactions: page.transactions.map((t) => ({ ...t, trans_profit: 0 })) };
}

export function listTransactionsOperation(deps: TransactionsDeps) {
  return async (request: HttpRequest): Promise<HttpAnswer> => {
    const principal = request.principal!;
    const query = parseInput(listTransactionsQuery, request.query);
    const filter: TransactionFilter = {
      type: query.type as TransactionType | undefined,
      status: query.status as TransactionStatus | undefined,
      userType: query.userType as UserType | undefined,
      phoneNumber: query.phoneNumber || undefined,
      ...listingBounds(query.from, query.to),
    };
    let records: TransactionRecord[];
    if (principal.isAdmin || principal.isAgent) {
      if (query.userName) {
        const user = await deps.findUserByUserName(query.userName);
        records = user ? await deps.transactions.listForUser(user.userId, filter) : [];
      } else {
        records = await deps.transactions.listAll(filter);
      }
    } else {
      records = await deps.transactions.listForUser(principal.userId, filter);
    }
    const page = transactionListPage(records, query.page, TRANSACTIONS_PAGE_SIZE);
    const body: TransactionListResponse = principal.isAdmin || principal.isAgent ? page : withoutProfit(page);
    return { statusCode: 200, body };
  };
}

export const handler = httpService(
  'transactions',
  { listTransactions: listTransactionsOperation({ transactions: dynamoTransactions, findUserByUserName: getUserByUserName }) },
  { loadPrincipal },
);
