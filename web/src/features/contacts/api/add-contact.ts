import { useMutation } from '@tanstack/react-query';
import type { ContactResponse } from '@shared/api/contacts.js';
import { api } from '@/lib/api-client.js';
import type { ContactFormValues } from '../lib/contact-form.js';
import { storeContactList } from '../lib/contact-list-cache.js';

/** POST /auth/contact {contactName, contactNumber, contactNetwork}. */
export function addContact(body: ContactFormValues): Promise<ContactResponse> {
  return api<ContactResponse>('addContact', { body });
}

export function useAddContact() {
  return useMutation({ mutationFn: addContact, onSuccess: storeContactList });
}
