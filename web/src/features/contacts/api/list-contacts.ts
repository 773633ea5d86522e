import { useQuery } from '@tanstack/react-query';
import type { ContactListResponse } from '@shared/api/contacts.js';
import { api } from '@/lib/api-client.js';
import { queryKeys } from '@/lib/query-client.js';

/** GET /auth/contact: the user's contacts. */
export function listContacts(signal?: AbortSignal): Promise<ContactListResponse> {
  return api<ContactListResponse>('listContacts', { signal });
}

export function useContacts() {
  return useQuery({ queryKey: queryKeys.contacts, queryFn: ({ signal }) => listContacts(signal) });
}
