/** The audit log of operator actions: appended to once per action, never changed, listed by day or by operator. */
import type { AuditEntry } from './audit.js';

export interface AuditFilter {
  /** A Lagos day (YYYY-MM-DD); with an actor, optional (every day). */
  day?: string;
  /** An operator's user name (case-insensitive). */
  actor?: string;
  operation?: string;
}

export interface AuditTrail {
  /** Writes a new entry; `exists` when an entry with its key is already there (nothing is overwritten). */
  append(entry: AuditEntry): Promise<'appended' | 'exists'>;
  /** The matching entries, newest first, at most `limit`. */
  list(filter: AuditFilter, limit: number): Promise<AuditEntry[]>;
}
