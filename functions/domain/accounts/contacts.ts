/**
 * Contacts, pure: a contact stays until its owner deletes it (deleting it after 30 days unused
 * lost people's numbers; decision 51 (docs/decisions/0051-*)). Its last use — saving, editing, or buying airtime or data for its number — orders the list.
 */
import type { ContactView } from '../../../shared/api/contacts.js';
import type { NetworkName } from '../../../shared/constants.js';

export interface Contact {
  contactId: string;
  userId: string;
  contactName: string;
  contactNumber: string;
  contactNetwork: NetworkName;
  createdAt: string;
  lastUsedAt: string;
}

export function toContactView(contact: Contact): ContactView {
  return {
    _id: contact.contactId,
    contactName: contact.contactName,
    contactNumber: contact.contactNumber,
    contactNetwork: contact.contactNetwork,
    createdAt: contact.createdAt,
    lastUsedAt: contact.lastUsedAt,
  };
}

/** Most recently used first, then by name. */
export function sortContacts(contacts: readonly Contact[]): Contact[] {
  return [...contacts].sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt) || a.contactName.localeCompare(b.contactName));
}
