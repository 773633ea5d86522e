import { useMutation } from '@tanstack/react-query';
import type { ContactResponse } from '@shared/api/contacts.js';
import { api } from '@/lib/api-client.js';
import { storeContactList } from '../lib/contact-list-cache.js';

/** DELETE /auth/contact/{id}. */
export function deleteContact(id: string): Promise<ContactResponse> {
  return api<ContactResponse>('deleteContact', { params: { id } });
}

export function useDeleteContact() {
  return useMutation({ mutationFn: deleteContact, onSuccess: storeContactList });
}
