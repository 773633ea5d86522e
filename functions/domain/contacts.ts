/**
 * Contacts, pure (spec §3 "Contact", §9 "deleted after 30 days of inactivity"): a contact lives
 * 30 days from its last use — saving, editing, or buying airtime or data for its number. The
 * table's TTL attribute (`expiresAt`, epoch seconds) removes it after that; because TTL deletion
 * may lag, anything past its expiry is treated as gone already.
 */
import type { ContactView } from '../../shared/api/contacts.js';
import { CONTACT_INACTIVE_DAYS, type NetworkName } from '../../shared/constants.js';

export interface Contact {
  contactId: string;
  userId: string;
  contactName: string;
  contactNumber: string;
  contactNetwork: NetworkName;
  createdAt: string;
  lastUsedAt: string;
  /** Epoch seconds: the table's TTL attribute. */
  expiresAt: number;
}

export const CONTACT_LIFETIME_SECONDS = CONTACT_INACTIVE_DAYS * 24 * 60 * 60;

/** When a contact used at `now` expires (epoch seconds). */
export function contactExpiry(now: Date): number {
  return Math.floor(now.getTime() / 1000) + CONTACT_LIFETIME_SECONDS;
}

export function isExpired(contact: Pick<Contact, 'expiresAt'>, now: Date): boolean {
  return contact.expiresAt <= Math.floor(now.getTime() / 1000);
}

export function toContactView(contact: Contact): ContactView {
  return {
    _id: contact.contactId,
    contactName: contact.contactName,
    contactNumber: contact.contactNumber,
    contactNetwork: contact.contactNetwork,
    createdAt: contact.createdAt,
    lastUsedAt: contact.lastUsedAt,
    expiresAt: new Date(contact.expiresAt * 1000).toISOString(),
  };
}

/** Most recently used first, then by name. */
export function sortContacts(contacts: readonly Contact[]): Contact[] {
  return [...contacts].sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt) || a.contactName.localeCompare(b.contactName));
}
