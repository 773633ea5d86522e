import { useMutation } from '@tanstack/react-query';
import type { ContactResponse } from '@shared/api/contacts.js';
import { api } from '@/lib/api-client.js';
import type { ContactFormValues } from '../lib/contact-form.js';
import { storeContactList } from '../lib/contact-list-cache.js';

/** PATCH /auth/contact/{id}: the contact's fields. */
export function updateContact({ id, ...body }: ContactFormValues & { id: string }): Promise<ContactResponse> {
  return api<ContactResponse>('updateContact', { params: { id }, body });
}

export function useUpdateContact() {
  return useMutation({ mutationFn: updateContact, onSuccess: storeContactList });
}
