/**
 * The user's contacts over the API: one module for the contacts screen and the
 * phone pickers of airtime and data. It sits in lib, below the features, because features may not
 * import each other and all three need the same calls and the same cached list.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ContactListResponse, ContactResponse, addContactRequest } from '@shared/api/contacts.js';
import { api } from './api-client.js';
import { queryClient, queryKeys } from './query-client.js';

/** A contact as the API takes it (the network by name, or a network id). */
export type ContactBody = z.input<typeof addContactRequest>;

/** GET /auth/contact. */
export function listContacts(signal?: AbortSignal): Promise<ContactListResponse> {
  return api<ContactListResponse>('listContacts', { signal });
}

/** The contacts; a picker passes `enabled` only once it first opens. */
export function useContacts(enabled = true) {
  return useQuery({ queryKey: queryKeys.contacts, queryFn: ({ signal }) => listContacts(signal), enabled });
}

/** POST /auth/contact {contactName, contactNumber, contactNetwork}. */
export function addContact(body: ContactBody): Promise<ContactResponse> {
  return api<ContactResponse>('addContact', { body });
}

/** PATCH /auth/contact/{id}: the contact's fields. */
export function updateContact({ id, ...body }: ContactBody & { id: string }): Promise<ContactResponse> {
  return api<ContactResponse>('updateContact', { params: { id }, body });
}

/** DELETE /auth/contact/{id}. */
export function deleteContact(id: string): Promise<ContactResponse> {
  return api<ContactResponse>('deleteContact', { params: { id } });
}

/** Every contacts answer carries the whole list: it replaces the cached one (no second call). */
export function storeContactList(answer: ContactResponse | undefined): void {
  if (Array.isArray(answer?.contactList)) queryClient.setQueryData(queryKeys.contacts, { contactList: answer.contactList });
  else void queryClient.invalidateQueries({ queryKey: queryKeys.contacts });
}

/**
 * Outcome callbacks that must run even after the screen that saved has gone (airtime saves the
 * number while it moves on to the dashboard; callbacks given to mutate() die with the screen).
 */
export interface ContactOutcome {
  onSuccess?: (answer: ContactResponse) => void;
  onError?: (error: unknown) => void;
}

export function useAddContact(outcome: ContactOutcome = {}) {
  return useMutation({
    mutationFn: addContact,
    onSuccess: (answer) => {
      storeContactList(answer);
      outcome.onSuccess?.(answer);
    },
    onError: outcome.onError,
  });
}

export function useUpdateContact() {
  return useMutation({ mutationFn: updateContact, onSuccess: storeContactList });
}

export function useDeleteContact() {
  return useMutation({ mutationFn: deleteContact, onSuccess: storeContactList });
}
