/**
 * An admin's reveal of a customer's PINs. Everyone but the buyer reads PINs masked
 * (transaction-views.ts); an admin who must read them in full for support gives a reason, and the
 * audit entry — who, which purchase, why — is written before the PINs are answered: no entry, no
 * PINs. The entry keeps the reason, never the PINs.
 */
import type { RevealPinsResponse } from '../../../shared/api/transactions.js';
import type { AuditTrail } from '../back-office/audit-port.js';
import type { TransactionStore } from './transactions-port.js';
import { auditEntry, type AuditedRequest } from '../back-office/audit.js';
import { revealedPins } from './transaction-views.js';

export interface PinRevealDeps {
  transactions: Pick<TransactionStore, 'get'>;
  audit: Pick<AuditTrail, 'append'>;
  now(): Date;
  newId(): string;
}

export type PinRevealResult = { kind: 'revealed'; answer: RevealPinsResponse } | { kind: 'not_found' | 'no_pins' };

/** `request` is the admin's call as the audit log keeps it (its body carries the reason). */
export async function revealPins(id: string, request: AuditedRequest, deps: PinRevealDeps): Promise<PinRevealResult> {
  const record = await deps.transactions.get(id);
  if (!record) return { kind: 'not_found' };
  const pins = revealedPins(record);
  if (!pins?.length) return { kind: 'no_pins' };
  await deps.audit.append(auditEntry(request, 200, deps.now(), deps.newId()));
  return { kind: 'revealed', answer: { transactionId: record.id, pins } };
}
