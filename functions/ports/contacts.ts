/** Port to a user's contacts (stored under the user's partition, expiring by TTL). */
import type { NetworkName } from '../../shared/constants.js';
import type { Contact } from '../domain/contacts.js';

export interface ContactChanges {
  contactName?: string;
  contactNumber?: string;
  contactNetwork?: NetworkName;
}

export interface ContactStore {
  /** The user's contacts not yet expired. */
  list(userId: string, now: Date): Promise<Contact[]>;
  create(contact: Contact): Promise<void>;
  /** Applies the changes and refreshes the expiry; undefined when the user has no such (unexpired) contact. */
  update(userId: string, contactId: string, changes: ContactChanges, now: Date): Promise<Contact | undefined>;
  /** False when the user had no such contact. */
  remove(userId: string, contactId: string): Promise<boolean>;
  /** A purchase to `contactNumber` by this user: every contact of that number lives 30 more days. Returns how many. */
  touchNumber(userId: string, contactNumber: string, now: Date): Promise<number>;
}
