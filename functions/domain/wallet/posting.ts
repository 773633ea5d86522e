/**
 * The rules of posting a balance change, whatever stores the wallet: the store only reads and
 * writes (ports/ledger.ts `WalletStore`); what an answer means is decided here.
 * - A record's id is its idempotency key: when it exists already, the same request answers its
 *   receipt (a replay), another request under the same id a named mismatch; nothing moves twice.
 * - A retry of a debit that went through sees its receipt, never "insufficient balance" nor
 *   "service locked", though the balance or the lock changed since.
 * - A purchase's debit refuses a locked service before any money moves.
 * - Only a purchase's debit may wait in its wallet's queue for a group commit when another writer
 *   holds the wallet (bursts by one reseller); every other change retries on its own.
 */
import type { Ledger, PostResult, PurchaseDebitOptions, PurchaseDebitResult, WalletStore, WalletWriteResult } from './ledger-port.js';
import { compareReplay } from './ledger.js';
import type { TransactionDraft } from '../transactions/transactions.js';
import { lockedServiceFromRead } from '../purchases/service-locks.js';

/** What an existing record with the draft's id answers: its receipt, a mismatch, or nothing when there is none. */
async function replayOf(draft: TransactionDraft, store: WalletStore): Promise<PostResult | undefined> {
  const existing = await store.existing(draft.id);
  if (!existing) return undefined;
  switch (compareReplay(existing, draft)) {
    case 'same':
      return { kind: 'replayed', record: existing };
    case 'different_amount':
      return { kind: 'exists_with_different_amount', existing };
    case 'different_details':
      return { kind: 'exists_with_different_details', existing };
  }
}

async function answerOf(outcome: WalletWriteResult, draft: TransactionDraft, store: WalletStore): Promise<PostResult> {
  switch (outcome.kind) {
    case 'written':
      return { kind: 'posted', record: outcome.record };
    case 'record_exists': {
      const replay = await replayOf(draft, store);
      if (!replay) throw new Error(`transaction ${draft.id} reported as existing but not found`);
      return replay;
    }
    case 'insufficient_balance':
      return (await replayOf(draft, store)) ?? { kind: 'insufficient_balance', balanceKobo: outcome.balanceKobo };
  }
}

async function debitPurchase(draft: TransactionDraft, options: PurchaseDebitOptions, store: WalletStore): Promise<PurchaseDebitResult> {
  const { unlessLocked } = options;
  // Read just before the debit: with the caller, when the request read its locks ahead; else here.
  const fromRead = unlessLocked ? lockedServiceFromRead(options.knownLocks, unlessLocked.serviceType, unlessLocked.names) : undefined;
  const locked = fromRead === 'unknown' ? await store.lockedService(unlessLocked!.serviceType, unlessLocked!.names) : fromRead;
  if (locked !== undefined) return (await replayOf(draft, store)) ?? { kind: 'service_locked', serviceName: locked };
  return answerOf(await store.write('debit', draft, { knownWallet: options.knownWallet, queueable: true }), draft, store);
}

/** The ledger the domain uses, over a store that only reads and writes. */
export function ledgerOver(store: WalletStore): Ledger {
  return {
    getWallet: (userId) => store.getWallet(userId),
    debit: async (draft) => answerOf(await store.write('debit', draft, {}), draft, store),
    credit: async (draft) => answerOf(await store.write('credit', draft, {}), draft, store),
    debitPurchase: (draft, options) => debitPurchase(draft, options, store),
    refundPurchase: (purchaseId, input) => store.refundPurchase(purchaseId, input),
  };
}
