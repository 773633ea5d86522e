/**
 * Electricity under repetition and contention, through the real fulfilment path (DynamoDB Local,
 * the VTpass adapter and simulator over HTTP): the queue delivering one purchase several times
 * calls the supplier once and charges once; purchases racing on one wallet succeed exactly as
 * often as the balance allows and never take it below zero. Ledger invariants after each.
 */
import { describe, expect, it } from 'vitest';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { RetryLaterError } from '../../../functions/adapters/invocation.js';
import { fulfilPurchase } from '../../../functions/domain/purchases/fulfilment.js';
import { placeElectricityPurchase } from '../../../functions/domain/purchases/purchases.js';
import { VTPASS_SIM_METERS } from '../../../infra/local/simulators/vtpass.js';
import { useDynamoDb } from '../../support/dynamo.js';
import { useSimulatedSuppliers } from '../catalogue/simulated-suppliers.js';
import { fund, harness, newUser } from '../money/fakes.js';
import { expectMoneyInvariants } from '../money-in-out/fakes.js';

useDynamoDb();
const sims = useSimulatedSuppliers({});

/** ₦1,000 of Ikeja prepaid for the meter: ₦1,050 charged. */
const CHARGE = 1_050_00;
const order = (user: { userId: string; userName: string }, meterNumber: string) => ({
  userId: user.userId,
  userName: user.userName,
  userType: 'smart earner' as const,
  meterId: 18,
  company: 'Ikeja',
  meterNumber,
  meterType: 'prepaid' as const,
  amountKobo: 1_000_00,
  customerPhone: '08012345678',
});

describe('electricity: duplicates and contention', () => {
  it('a duplicate queue delivery calls the supplier once and charges once; the token is stored', async () => {
    const h = harness(sims.directory);
    const user = await newUser();
    await fund(user, 2_000_00);
    const placed = await placeElectricityPurchase(order(user, VTPASS_SIM_METERS.valid), h.purchase);
    if (placed.kind !== 'accepted') throw new Error(placed.kind);
    const id = placed.record.id;
    const results = await Promise.all(Array.from({ length: 5 }, () => fulfilPurchase(id, h.fulfilment)));
    expect(results.filter((r) => r === 'success')).toHaveLength(1);
    expect(results.filter((r) => r !== 'success').every((r) => r === 'claimed_elsewhere' || r === 'already_final')).toBe(true);
    expect(await fulfilPurchase(id, h.fulfilment)).toBe('already_final');
    expect(await sims.submissions(id)).toEqual({ vtpass: 1, panel: 0 });
    expect((await dynamoTransactions.get(id))!.electricity?.token).toMatch(/^\d{20}$/);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(2_000_00 - CHARGE);
    await expectMoneyInvariants([user.userId]);
  });

  it('concurrent purchases on one wallet: exactly as many succeed as the balance allows, the rest are refused, never negative', async () => {
    const h = harness(sims.directory);
    const user = await newUser();
    const affordable = 3;
    await fund(user, affordable * CHARGE + 500_00);
    const meters = Array.from({ length: 8 }, (_, i) => `4507000000${i}`);
    // A placement that met the others on the wallet past its retry budget wrote nothing (RetryLaterError): placed again.
    const placeUntilAnswered = async (meter: string) => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await placeElectricityPurchase(order(user, meter), h.purchase);
        } catch (error) {
          if (!(error instanceof RetryLaterError) || attempt >= 20) throw error;
        }
      }
    };
    const placed = await Promise.all(meters.map(placeUntilAnswered));
    const accepted = placed.flatMap((p) => (p.kind === 'accepted' ? [p.record.id] : []));
    expect(accepted).toHaveLength(affordable);
    expect(placed.filter((p) => p.kind === 'insufficient_balance')).toHaveLength(meters.length - affordable);
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(500_00);
    expect(await Promise.all(accepted.map((id) => fulfilPurchase(id, h.fulfilment)))).toEqual(accepted.map(() => 'success'));
    for (const id of accepted) expect(await sims.submissions(id)).toEqual({ vtpass: 1, panel: 0 });
    expect((await dynamoLedger.getWallet(user.userId)).balanceKobo).toBe(500_00);
    await expectMoneyInvariants([user.userId]);
  });
});
