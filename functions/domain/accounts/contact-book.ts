/**
 * The caller's own contacts: saved up to CONTACTS_MAX, edited, deleted. Keys
 * carry the owner's id, so another user's contact is simply not found. Every outcome that
 * changed the book carries the book as it is now, so the screen never needs a second call.
 */
import { CONTACTS_MAX, type NetworkName } from '../../../shared/constants.js';
import type { ContactChanges, ContactStore } from './contacts-port.js';
import { sortContacts, type Contact } from './contacts.js';

export interface ContactBookDeps {
  contacts: ContactStore;
  now(): Date;
  newId(): string;
}

export type ContactBookResult =
  | { kind: 'saved'; contact: Contact; contacts: Contact[] }
  | { kind: 'updated'; contact: Contact; contacts: Contact[] }
  | { kind: 'deleted'; contacts: Contact[] }
  | { kind: 'too_many_contacts' }
  | { kind: 'nothing_to_change' }
  | { kind: 'contact_not_found' };

export async function contactsOf(userId: string, deps: Pick<ContactBookDeps, 'contacts' | 'now'>): Promise<Contact[]> {
  return sortContacts(await deps.contacts.list(userId));
}

export async function saveContact(
  userId: string,
  input: { contactName: string; contactNumber: string; contactNetwork: NetworkName },
  deps: ContactBookDeps,
): Promise<ContactBookResult> {
  const now = deps.now();
  if ((await deps.contacts.list(userId)).length >= CONTACTS_MAX) return { kind: 'too_many_contacts' };
  const contact: Contact = {
    contactId: deps.newId(),
    userId,
    contactName: input.contactName,
    contactNumber: input.contactNumber,
    contactNetwork: input.contactNetwork,
    createdAt: now.toISOString(),
    lastUsedAt: now.toISOString(),
  };
  await deps.contacts.create(contact);
  return { kind: 'saved', contact, contacts: await contactsOf(userId, deps) };
}

export async function updateContact(userId: string, contactId: string, changes: ContactChanges, deps: ContactBookDeps): Promise<ContactBookResult> {
  if (Object.keys(changes).length === 0) return { kind: 'nothing_to_change' };
  const updated = await deps.contacts.update(userId, contactId, changes, deps.now());
  if (!updated) return { kind: 'contact_not_found' };
  return { kind: 'updated', contact: updated, contacts: await contactsOf(userId, deps) };
}

export async function deleteContact(userId: string, contactId: string, deps: ContactBookDeps): Promise<ContactBookResult> {
  if (!(await deps.contacts.remove(userId, contactId))) return { kind: 'contact_not_found' };
  return { kind: 'deleted', contacts: await contactsOf(userId, deps) };
}
