/**
 * The fulfilment message carries the purchase's type and network, so the consumer claims it
 * without reading it first. At-most-once submission must hold exactly as on the reading path.
 */
import { describe, expect, it } from 'vitest';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { fulfilPurchase, type FulfilmentDeps } from '../../../functions/domain/purchases/fulfilment.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { FakeSupplier, placedAirtime } from './fakes.js';

useDynamoDb({ stream: true });

const MTN_AIRTIME = { type: 'airtime', network: 'MTN' };

async function setup() {
  const supplier = new FakeSupplier(
    'ALARO',
    () => 'delivered',
    () => 'delivered',
  );
  const { h, id } = await placedAirtime(supplier);
  const reads: string[] = [];
  const fulfilment: FulfilmentDeps = {
    ...h.fulfilment,
    transactions: { ...h.fulfilment.transactions, get: (id) => (reads.push(id), dynamoTransactions.get(id)) },
  };
  return { h, supplier, id, fulfilment, reads };
}

describe('claiming from the message, without reading the purchase first', () => {
  it('a placed purchase sends its type and network with the fulfilment message', async () => {
    const { h, id } = await setup();
    await h.drainOutbox();
    expect(h.queue.sent).toEqual([id]);
    expect(h.queue.options).toEqual([{ purchase: MTN_AIRTIME }]);
  });

  it('delivers and settles with no read of the purchase before the claim', async () => {
    const { supplier, id, fulfilment, reads } = await setup();
    expect(await fulfilPurchase(id, fulfilment, MTN_AIRTIME)).toBe('success');
    expect(reads).toEqual([]);
    expect(supplier.submissionsOf(id)).toBe(1);
    expect(await dynamoTransactions.get(id)).toMatchObject({ trans_Status: 'success', supplier: 'ALARO' });
  });

  it('a second delivery of the message is refused by the claim: no second submission, already final', async () => {
    const { supplier, id, fulfilment } = await setup();
    await fulfilPurchase(id, fulfilment, MTN_AIRTIME);
    expect(await fulfilPurchase(id, fulfilment, MTN_AIRTIME)).toBe('already_final');
    expect(supplier.submissionsOf(id)).toBe(1);
  });

  it('a purchase claimed elsewhere is left alone', async () => {
    const { supplier, id, fulfilment } = await setup();
    await dynamoTransactions.claimSubmission(id, 'ALARO', new Date());
    expect(await fulfilPurchase(id, fulfilment, MTN_AIRTIME)).toBe('claimed_elsewhere');
    expect(supplier.submissionsOf(id)).toBe(0);
  });

  it('a message that contradicts its purchase sends nothing', async () => {
    const { supplier, id, fulfilment } = await setup();
    expect(await fulfilPurchase(id, fulfilment, { type: 'airtime', network: 'GLO' })).toBe('unsupported');
    expect(supplier.submissionsOf(id)).toBe(0);
  });

  it('an unknown purchase is not found', async () => {
    const { fulfilment } = await setup();
    expect(await fulfilPurchase('01UNKNOWNPURCHASE000000000', fulfilment, MTN_AIRTIME)).toBe('not_found');
  });
});
