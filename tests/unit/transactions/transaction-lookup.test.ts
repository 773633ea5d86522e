/**
 * GET /transaction/{id} (the web follows an open purchase by reading it alone): the
 * owner reads their own without the margin, admins and agents read anybody's with it, and anybody
 * else's — or an unknown id — is "not found", so an id tells nobody it exists.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import type { TransactionListingDeps } from '../../../functions/domain/transactions/transaction-listing.js';
import { HttpError } from '../../../functions/middleware/errors.js';
import type { Principal } from '../../../functions/middleware/http.js';
import { getTransactionOperation } from '../../../functions/handlers/http/transactions.js';
import { REFUND_MSG } from '../../../shared/messages.js';
import { routeByOperation } from '../../../shared/routes.js';
import { airtimePurchaseRecord } from '../../support/transaction-record.js';
import { listingFigures } from '../../../functions/domain/transactions/transactions.js';

const ada: Principal = { userId: 'U1', userName: 'ada', userType: 'smart earner', isAdmin: false, isAgent: false, isCouponVendor: false };
const bola: Principal = { ...ada, userId: 'U2', userName: 'bola' };
const admin: Principal = { ...ada, userId: 'A1', userName: 'boss', isAdmin: true };
const agent: Principal = { ...ada, userId: 'G1', userName: 'desk', isAgent: true };

const purchase = airtimePurchaseRecord({ id: '01JD7Q4M2X8V3K9T6R5N1B0C2A', userId: ada.userId, trans_UserName: ada.userName });

const deps: TransactionListingDeps = {
  transactions: {
    get: async (id) => (id === purchase.id ? purchase : undefined),
    listForUser: async () => [],
    listAll: async () => [],
    listingTotals: async () => ({ count: 0, figures: listingFigures([]) }),
    listingPage: async () => [],
  },
  findUserByUserName: async () => undefined,
};

async function lookUp(principal: Principal, id: string) {
  try {
    const answer = await getTransactionOperation(deps)({
      event: {} as APIGatewayProxyEventV2,
      route: routeByOperation('getTransaction'),
      headers: {},
      body: undefined,
      query: {},
      params: { id },
      sourceIp: '127.0.0.1',
      principal,
    });
    return {
      status: answer.statusCode ?? 200,
      body: answer.body as { transaction?: { _id: string; trans_Status: string; trans_profit: number }; msg?: string },
    };
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, body: { msg: error.message } };
    throw error;
  }
}

describe('GET /transaction/{id}: who reads one transaction', () => {
  it('the owner reads their own transaction and its status, without the platform margin', async () => {
    const { status, body } = await lookUp(ada, purchase.id);
    expect(status).toBe(200);
    expect(body.transaction).toMatchObject({ _id: purchase.id, trans_Status: 'success', trans_profit: 0 });
  });

  it('admins and agents read anybody’s, with the margin', async () => {
    for (const operator of [admin, agent]) {
      const { status, body } = await lookUp(operator, purchase.id);
      expect(status).toBe(200);
      expect(body.transaction).toMatchObject({ _id: purchase.id, trans_profit: 2 });
    }
  });

  it('somebody else’s transaction is not found, exactly like an unknown id', async () => {
    expect(await lookUp(bola, purchase.id)).toEqual({ status: 404, body: { msg: REFUND_MSG.transactionNotFound } });
    expect(await lookUp(ada, '01JD7Q4M2X8V3K9T6R5N1B0ZZZ')).toEqual({ status: 404, body: { msg: REFUND_MSG.transactionNotFound } });
  });

  it('an id that is not an id is refused before any read', async () => {
    expect((await lookUp(ada, 'a b;c')).status).toBe(400);
  });
});
