/** Test doubles for the money path's ports (suppliers, queue, bus) and small DynamoDB helpers. */
import { ulid } from 'ulid';
import { drainOutbox } from '../../support/outbox.js';
import type { UserType } from '../../../shared/constants.js';
import type { TransactionSettled } from '../../../shared/events.js';
import { dynamoLedger } from '../../../functions/adapters/dynamo/wallet/ledger.js';
import { dynamoTransactions } from '../../../functions/adapters/dynamo/transactions/transactions.js';
import { createUser } from '../../../functions/adapters/dynamo/accounts/users.js';
import type { FulfilmentDeps } from '../../../functions/domain/purchases/fulfilment.js';
import type { SupplierOutcome } from '../../../functions/domain/purchases/purchase-state.js';
import { silentLogger } from '../../../functions/domain/logger.js';
import type { SweeperDeps, SweeperSettings } from '../../../functions/domain/purchases/sweeper.js';
import { placeAirtimePurchase, type PurchaseDeps } from '../../../functions/domain/purchases/purchases.js';
import type { FulfilmentQueue, SettlementPublisher } from '../../../functions/domain/purchases/messaging-port.js';
import type {
  AirtimeOrder,
  BillOrder,
  DataOrder,
  RequeryKey,
  SupplierCallResult,
  SupplierDirectory,
  SupplierGateway,
} from '../../../functions/domain/purchases/suppliers-port.js';

type Script = (phoneNumber: string, callNumber: number) => SupplierOutcome | Promise<SupplierOutcome>;

/** A supplier whose answers are scripted per phone number; counts submissions per request id. */
export class FakeSupplier implements SupplierGateway {
  readonly submissions = new Map<string, number>();
  readonly requeries = new Map<string, number>();
  private readonly phoneOf = new Map<string, string>();

  constructor(
    readonly name: string,
    private readonly onSubmit: Script,
    private readonly onRequery: Script = () => 'ambiguous',
  ) {}

  submissionsOf(requestId: string): number {
    return this.submissions.get(requestId) ?? 0;
  }

  /** Data orders are scripted and counted like airtime ones (same request ids, same phone rules). */
  buyData(order: DataOrder): Promise<SupplierCallResult> {
    return this.buyAirtime(order as unknown as AirtimeOrder);
  }

  /** Cable and exam orders are scripted by the customer's phone and counted like airtime ones. */
  buyBill(order: BillOrder): Promise<SupplierCallResult> {
    return this.buyAirtime({ requestId: order.requestId, network: 'MTN', phoneNumber: order.phoneNumber, faceValueKobo: order.amountKobo });
  }

  async buyAirtime(order: AirtimeOrder): Promise<SupplierCallResult> {
    const count = (this.submissions.get(order.requestId) ?? 0) + 1;
    this.submissions.set(order.requestId, count);
    this.phoneOf.set(order.requestId, order.phoneNumber);
    const outcome = await this.onSubmit(order.phoneNumber, count);
    return { supplier: this.name, outcome, reason: `fake_${outcome}`, supplierReference: `ref-${order.requestId}`, request: order, response: { outcome } };
  }

  async requery(key: RequeryKey): Promise<SupplierCallResult> {
    const count = (this.requeries.get(key.requestId) ?? 0) + 1;
    this.requeries.set(key.requestId, count);
    const outcome = await this.onRequery(this.phoneOf.get(key.requestId) ?? '', count);
    return { supplier: this.name, outcome, reason: `fake_${outcome}`, request: key, response: { outcome } };
  }
}

export function directoryOf(...suppliers: SupplierGateway[]): SupplierDirectory {
  return {
    forNetwork: async () => suppliers,
    // Electricity goes to the suppliers that sell it, in the order given.
    forElectricity: async () => suppliers.filter((s) => typeof s.buyElectricity === 'function'),
    forBills: async () => suppliers.filter((s) => typeof s.buyBill === 'function'),
    byName: async (name) => suppliers.find((s) => s.name === name),
  };
}

export class RecordingQueue implements FulfilmentQueue {
  readonly sent: string[] = [];
  /** What each message carried besides the id, in the order sent. */
  readonly options: Array<Parameters<FulfilmentQueue['enqueue']>[1]> = [];
  failing = false;
  async enqueue(transactionId: string, options?: Parameters<FulfilmentQueue['enqueue']>[1]): Promise<void> {
    if (this.failing) throw new Error('queue unavailable');
    this.sent.push(transactionId);
    this.options.push(options);
  }
  take(): string[] {
    return this.sent.splice(0, this.sent.length);
  }
}

export class RecordingPublisher implements SettlementPublisher {
  readonly events: TransactionSettled[] = [];
  failing = false;
  /** Refuse this many publishes, then accept again. */
  failNext = 0;
  async transactionSettled(detail: TransactionSettled): Promise<void> {
    if (this.failing || this.failNext-- > 0) throw new Error('bus unavailable');
    this.events.push(detail);
  }
}

export interface Harness {
  queue: RecordingQueue;
  publisher: RecordingPublisher;
  purchase: PurchaseDeps;
  fulfilment: FulfilmentDeps;
  sweeper: SweeperDeps;
  clock: { now: Date };
  /** What the table's stream makes of the writes so far: fulfilment messages on `queue`, settled events on `publisher`. */
  drainOutbox(): Promise<void>;
}

/** Wires the real DynamoDB adapters with fake supplier, queue and bus, and a settable clock. */
export function harness(directory: SupplierDirectory): Harness {
  const queue = new RecordingQueue();
  const publisher = new RecordingPublisher();
  const clock = { now: new Date() };
  const now = () => new Date(Math.max(clock.now.getTime(), Date.now()));
  const fulfilment: FulfilmentDeps = {
    transactions: dynamoTransactions,
    ledger: dynamoLedger,
    suppliers: directory,
    now,
    log: silentLogger,
  };
  return {
    queue,
    publisher,
    clock,
    purchase: { ledger: dynamoLedger, now, newId: () => ulid(), log: silentLogger },
    fulfilment,
    sweeper: { ...fulfilment, queue },
    drainOutbox: () => drainOutbox({ queue, events: publisher }),
  };
}

export const IMMEDIATE_SWEEP: SweeperSettings = {
  staleProcessingMs: 0,
  requeryAfterMs: 0,
  claimStaleMs: 0,
  maxPendingAgeMs: 24 * 60 * 60 * 1000,
  pageSize: 50,
  maxItems: 10_000,
  concurrency: 4,
};

let userCounter = 0;

/** A real user (profile, name claims, empty wallet) through the accounts repository. */
export async function newUser(userType: UserType = 'smart earner', roles: { isAdmin?: boolean; isAgent?: boolean } = {}) {
  const suffix = `${Date.now().toString(36)}${(userCounter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const created = await createUser({
    userName: `u${suffix}`,
    email: `u${suffix}@example.com`,
    phoneNumber: '08000000000',
    passwordHash: 'not-a-real-hash',
    userType,
    ...roles,
  });
  if (!created.ok) throw new Error(`could not create test user: ${created.reason}`);
  return created.user;
}

/** Credits a wallet with a `wallet` transaction (as a funding would). */
export async function fund(user: { userId: string; userName: string }, amountKobo: number): Promise<void> {
  const now = new Date().toISOString();
  const result = await dynamoLedger.credit({
    id: ulid(),
    userId: user.userId,
    trans_UserName: user.userName,
    trans_Type: 'wallet',
    trans_Status: 'success',
    trans_Network: '',
    phone_number: '',
    amountKobo,
    description: 'test funding',
    createdAt: now,
    updatedAt: now,
  });
  if (result.kind !== 'posted') throw new Error(`funding failed: ${result.kind}`);
}

/** Replays a user's chain from their stored records and checks it ends at the wallet. */
export async function chainOf(userId: string) {
  const { verifyChain } = await import('../../../functions/domain/wallet/ledger.js');
  const records = await dynamoTransactions.listForUser(userId, {});
  const wallet = await dynamoLedger.getWallet(userId);
  return { records, wallet, check: verifyChain(records, wallet) };
}

/** A funded user's accepted ₦100 MTN airtime purchase, handed to `supplier` by the harness. */
export async function placedAirtime(supplier: SupplierGateway, phoneNumber = '08011111111') {
  const h = harness(directoryOf(supplier));
  const user = await newUser();
  await fund(user, 1_000_00);
  // Earlier tests' changes go by first, so the harness hears only of this purchase.
  await drainOutbox({ queue: new RecordingQueue(), events: new RecordingPublisher() });
  const placed = await placeAirtimePurchase(
    { userId: user.userId, userName: user.userName, userType: 'smart earner', network: 'MTN', phoneNumber, faceValueKobo: 100_00 },
    h.purchase,
  );
  if (placed.kind !== 'accepted') throw new Error(placed.kind);
  return { h, user, id: placed.record.id };
}
