/**
 * The money desk's adapters put together for its three functions (the HTTP service, the schedule,
 * the reconciliation consumer) and for fulfilment's float guard (which only reads): the alerts (a mail to every admin
 * on the bus, the alarm's metric), the reconciliation queue, our purchases by id, and the known
 * float read before each purchase call (cached for a few seconds: a purchase costs one read of it
 * at most every FLOAT_CACHE_MS per supplier and function instance, not one each).
 */
import { SendMessageBatchCommand } from '@aws-sdk/client-sqs';
import { formatNaira } from '../../shared/money.js';
import { EVENT_TYPES, type EmailRequested } from '../../shared/events.js';
import { ENV } from '../../shared/runtime-env.js';
import type { FloatAlerts, FloatState } from '../domain/money-desk/floats-port.js';
import type { FloatGuardDeps } from '../domain/money-desk/floats-guard.js';
import type { ReconciliationQueue } from '../domain/money-desk/reconciliation-port.js';
import type { TransactionRecord } from '../domain/transactions/transactions.js';
import { sqsClient } from './aws/sqs-client.js';
import { batchGetItems } from './dynamo/batch-get.js';
import { stored } from './dynamo/items.js';
import { keys } from './dynamo/keys.js';
import { adminAddresses } from './dynamo/money-desk/admins.js';
import { knownFloat } from './dynamo/money-desk/floats.js';
import { env } from './environment.js';
import { publishEvents } from './events.js';
import { countFloatLow } from './metrics.js';
import { logger } from './observability.js';

/** Every admin is mailed once per crossing (the mail's id is the crossing's), and the alarm's metric counts it. */
export const floatAlerts: FloatAlerts = {
  async lowFloat(alert) {
    countFloatLow(alert.supplier);
    const hours = alert.hoursLeft === null ? 'no recent spend' : `about ${alert.hoursLeft.toFixed(1)} hours left at the current rate`;
    const admins = await adminAddresses();
    const mails = admins.map(
      (admin): EmailRequested => ({
        to: admin.email,
        subject: `Supplier float low: ${alert.supplier} has ${formatNaira(alert.balanceKobo)}`,
        text:
          `Hello ${admin.userName},\n\nThe ${alert.supplier} account's float is low: ${formatNaira(alert.balanceKobo)}, ${hours}.` +
          ` Your thresholds: ${formatNaira(alert.thresholds.minBalanceKobo)} or ${alert.thresholds.minHoursLeft} hours.\n` +
          'Purchases it cannot cover go to the next supplier for their network until it is topped up.\n' +
          'Top it up and record the top-up on the Supplier floats page of the back office.',
        mailId: `float-low:${alert.supplier}:${alert.crossedAt}`,
      }),
    );
    if (mails.length) await publishEvents(EVENT_TYPES.emailRequested, mails);
    logger.warn('supplier float low: admins told', {
      supplier: alert.supplier,
      balanceKobo: alert.balanceKobo,
      hoursLeft: alert.hoursLeft,
      admins: mails.length,
    });
  },
};

/** The reconciliation's pages as SQS messages, ten a request. */
export function sqsReconciliationQueue(queueUrl: () => string = () => env(ENV.reconciliationQueueUrl)): ReconciliationQueue {
  return {
    async send(work) {
      for (let i = 0; i < work.length; i += 10) {
        const entries = work.slice(i, i + 10).map((message, n) => ({ Id: String(n), MessageBody: JSON.stringify(message) }));
        const answer = await sqsClient().send(new SendMessageBatchCommand({ QueueUrl: queueUrl(), Entries: entries }));
        if (answer.Failed?.length) throw new Error(`reconciliation queue refused ${answer.Failed.length} messages`);
      }
    },
  };
}

/** Our purchases by id (those that exist). */
export async function purchasesById(ids: readonly string[]): Promise<TransactionRecord[]> {
  if (ids.length === 0) return [];
  const items = await batchGetItems(ids.map((id) => keys.transaction(id)));
  return items.map((item) => stored.transaction.read(item));
}

const FLOAT_CACHE_MS = 2_000;
/** A float read slower than this is given up (the supplier is called): the guard must not hold a claimed purchase. */
const FLOAT_READ_TIMEOUT_MS = 1_000;
const cache = new Map<string, { at: number; state: FloatState | undefined }>();

function withinMs<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** What fulfilment's float guard needs (functions/domain/money-desk/floats-guard.ts). */
export function floatGuardDeps(): FloatGuardDeps {
  return {
    async knownFloat(supplier, fresh = false) {
      const cached = cache.get(supplier);
      if (!fresh && cached && Date.now() - cached.at < FLOAT_CACHE_MS) return cached.state;
      const state = await withinMs(knownFloat(supplier), FLOAT_READ_TIMEOUT_MS, 'the float read');
      cache.set(supplier, { at: Date.now(), state });
      return state;
    },
    warn: (message, facts) => logger.warn(message, facts),
  };
}
