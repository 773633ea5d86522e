/**
 * HTTP: GET /transaction, the transaction listing, and GET /transaction/{id}, one transaction
 * (who sees what: domain/transaction-listing).
 */
import { listTransactionsQuery, transactionParams, type TransactionResponse } from '../../../shared/api/transactions.js';
import type { TransactionStatus, TransactionType, UserType } from '../../../shared/constants.js';
import { ENV_GROUPS, loadEnv } from '../../adapters/environment.js';
import { dynamoTransactions } from '../../adapters/dynamo/transactions/transactions.js';
import { getUserByUserName } from '../../adapters/dynamo/accounts/users.js';
import { REFUND_MSG } from '../../../shared/messages.js';
import { listTransactionsFor, transactionFor, type TransactionListingDeps, type TransactionLookup } from '../../domain/transactions/transaction-listing.js';
import { listingBounds } from '../../domain/transactions/transactions.js';
import { answerWith, httpService, ok, parseInput, refuse, type UserOperation } from '../../middleware/http.js';
import { edge } from './edge.js';

export const listTransactionsOperation =
  (deps: TransactionListingDeps): UserOperation =>
  async ({ principal, query }) => {
    const input = parseInput(listTransactionsQuery, query);
    const filter = {
      type: input.type as TransactionType | undefined,
      status: input.status as TransactionStatus | undefined,
      userType: input.userType as UserType | undefined,
      phoneNumber: input.phoneNumber || undefined,
      ...listingBounds(input.from, input.to),
    };
    return ok(await listTransactionsFor(principal, { filter, userName: input.userName, page: input.page }, deps));
  };

const transactionAnswer = answerWith<TransactionLookup>({
  found: ({ transaction }) => ok({ transaction } satisfies TransactionResponse),
  not_found: refuse(404, REFUND_MSG.transactionNotFound),
});

export const getTransactionOperation =
  (deps: TransactionListingDeps): UserOperation =>
  async ({ principal, params }) => {
    const { id } = parseInput(transactionParams, params);
    return transactionAnswer(await transactionFor(principal, id, deps));
  };

// Cold start: the variables this function is given, parsed once; a missing one stops it here, named.
loadEnv([...ENV_GROUPS.table, ...ENV_GROUPS.session]);

const deps: TransactionListingDeps = { transactions: dynamoTransactions, findUserByUserName: getUserByUserName };

export const handler = httpService(
  'transactions',
  {
    listTransactions: listTransactionsOperation(deps),
    getTransaction: getTransactionOperation(deps),
  },
  edge,
);
