/**
 * The transaction outbox, read from the table's stream: what follows from one change of a
 * transaction record, decided from the record before and after the write alone.
 *
 * Because the stream carries every committed change exactly once (per change, in order per item),
 * whoever made the write — the purchase or withdrawal handler, fulfilment, the sweeper, an
 * operator's refund, a provider's webhook, the payout consumer — needs neither to send, publish nor
 * mark anything: a purchase (a withdrawal) cannot be written without being handed to fulfilment
 * (to the payout queue), nor settled without being
 * announced, and a refund raced by a late supplier answer is announced once (only one of the two
 * writes changes the status). A consumer that fails is retried from the same record, so each
 * action is at least once and safe to repeat: fulfilment claims before it calls a supplier, and a
 * settled event carries a stable webhook id.
 */
import type { TransactionSettled } from '../../../shared/events.js';
import type { ContactStore, SavedDecoderStore } from '../accounts/contacts-port.js';
import { decoderPaidBy, type SavedDecoder } from '../products/saved-decoders.js';
import type { FulfilmentQueue, SettlementPublisher } from '../purchases/messaging-port.js';
import type { PayoutQueue } from '../money/payments-port.js';
import { isFinal } from '../purchases/purchase-state.js';
import type { Logger } from '../logger.js';
import { settledEvent } from '../purchases/settlement.js';
import { isPurchase, type TransactionRecord } from './transactions.js';

export type OutboxAction =
  /** A new purchase, paid and open: fulfilment delivers it (its type and network let it claim at once); a new bulk batch: fulfilment writes its lines. */
  | { kind: 'fulfil'; transactionId: string; purchase: { type: string; network: string } }
  /** A new withdrawal, debited and open: the payout consumer pays it out. */
  | { kind: 'pay_out'; transactionId: string }
  /** A new airtime or data purchase: the buyer's saved contacts of that number live on. */
  | { kind: 'touch_contacts'; userId: string; phoneNumber: string; at: Date }
  /** A cable TV payment was delivered: its decoder is remembered beside the buyer's contacts. */
  | { kind: 'remember_decoder'; userId: string; decoder: SavedDecoder }
  /** A transaction became final (or a success was reversed): TransactionSettled on the bus. */
  | { kind: 'announce'; event: TransactionSettled };

/**
 * Settlements API users hear of: purchases, withdrawals and wallet fundings paid through a
 * provider. Coupons, transfers, admin credits, refunds' own records and the like are not announced.
 */
function isAnnounced(record: TransactionRecord): boolean {
  return isPurchase(record.trans_Type) || record.trans_Type === 'withdrawal' || (record.trans_Type === 'wallet' && record.funding !== undefined);
}

/** Airtime and data go to a phone number a contact may hold; electricity goes to a meter. */
const reachesAContact = (record: TransactionRecord) =>
  (record.trans_Type === 'airtime' || record.trans_Type === 'data') && record.phone_number !== '' && record.toSavedContact !== false;

export function outboxActions(before: TransactionRecord | undefined, after: TransactionRecord): OutboxAction[] {
  const actions: OutboxAction[] = [];
  if (!before && isPurchase(after.trans_Type)) {
    if (after.trans_Status === 'processing' && !after.submittedAt) {
      actions.push({ kind: 'fulfil', transactionId: after.id, purchase: { type: after.trans_Type, network: after.trans_Network } });
    }
    if (reachesAContact(after)) actions.push({ kind: 'touch_contacts', userId: after.userId, phoneNumber: after.phone_number, at: new Date(after.createdAt) });
  }
  if (!before && after.trans_Type === 'withdrawal' && after.trans_Status === 'processing') actions.push({ kind: 'pay_out', transactionId: after.id });
  // A bulk purchase's debit: the fulfilment consumer expands it into its lines (domain/bulk.ts), each then handed over as above.
  if (!before && after.trans_Type === 'bulk')
    actions.push({ kind: 'fulfil', transactionId: after.id, purchase: { type: 'bulk', network: after.trans_Network } });
  const newlySettled = isFinal(after.trans_Status) && before?.trans_Status !== after.trans_Status;
  const decoder = newlySettled ? decoderPaidBy(after) : undefined;
  if (decoder) actions.push({ kind: 'remember_decoder', userId: after.userId, decoder });
  if (newlySettled && isAnnounced(after)) actions.push({ kind: 'announce', event: settledEvent(after) });
  return actions;
}

/** Whether a user has a webhook URL now (a settled event that does not carry it from its record). */
export interface OwnerWebhooks {
  hasWebhook(userId: string): Promise<boolean>;
}

export interface OutboxDeps {
  queue: FulfilmentQueue;
  payouts: PayoutQueue;
  events: SettlementPublisher;
  contacts: Pick<ContactStore, 'touchNumber'>;
  decoders: Pick<SavedDecoderStore, 'remember'>;
  /** Fills `ownerWebhook` on a settled event whose record does not carry it (all but purchases). */
  owners: OwnerWebhooks;
  log: Logger;
}

/**
 * The settled event with its owner's webhook flag, which the bus rule to the webhook queue matches on
 * (only `true` goes there): a purchase copied it from its buyer when placed; any other record is looked up.
 */
export async function withOwnerWebhook(event: TransactionSettled, owners: OwnerWebhooks): Promise<TransactionSettled> {
  return event.ownerWebhook === undefined ? { ...event, ownerWebhook: await owners.hasWebhook(event.userId) } : event;
}

/** One look-up per user for a batch of records (a stream batch): concurrent callers share the answer. */
export function perBatchOwnerWebhooks(owners: OwnerWebhooks): OwnerWebhooks {
  const known = new Map<string, Promise<boolean>>();
  return {
    hasWebhook(userId) {
      let answer = known.get(userId);
      if (!answer) {
        answer = owners.hasWebhook(userId);
        // A failed look-up is asked again by the record's retry, not remembered.
        answer.catch(() => known.delete(userId));
        known.set(userId, answer);
      }
      return answer;
    },
  };
}

/**
 * Carries the actions out, in order. A refused hand-off or publish throws, so the stream record is
 * retried; refreshing contacts and remembering decoders are courtesies and never hold the outbox up.
 */
export async function runOutboxActions(actions: readonly OutboxAction[], deps: OutboxDeps): Promise<void> {
  for (const action of actions) {
    switch (action.kind) {
      case 'fulfil':
        await deps.queue.enqueue(action.transactionId, { purchase: action.purchase });
        break;
      case 'pay_out':
        await deps.payouts.enqueue(action.transactionId);
        break;
      case 'touch_contacts':
        try {
          await deps.contacts.touchNumber(action.userId, action.phoneNumber, action.at);
        } catch (error) {
          deps.log.warn('contacts of the number not refreshed', { userId: action.userId, error: String(error) });
        }
        break;
      case 'remember_decoder':
        try {
          await deps.decoders.remember(action.userId, action.decoder);
        } catch (error) {
          deps.log.warn('decoder not remembered', { userId: action.userId, error: String(error) });
        }
        break;
      case 'announce':
        await deps.events.transactionSettled(await withOwnerWebhook(action.event, deps.owners));
        break;
    }
  }
}
