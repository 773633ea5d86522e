import type { ContactResponse } from '@shared/api/contacts.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';

/** Every contacts answer carries the whole list: it replaces the cached one (no second call). */
export function storeContactList(answer: ContactResponse | undefined): void {
  if (Array.isArray(answer?.contactList)) queryClient.setQueryData(queryKeys.contacts, { contactList: answer.contactList });
  else void queryClient.invalidateQueries({ queryKey: queryKeys.contacts });
}
