import { useQuery } from '@tanstack/react-query';
import type { ContactListResponse } from '@shared/api/contacts.js';
import { api } from '@/lib/api-client.js';
import { queryKeys } from '@/lib/query-client.js';

/** GET /auth/contact: the user's contacts, for the phone number picker. */
export function listContacts(signal?: AbortSignal): Promise<ContactListResponse> {
  return api<ContactListResponse>('listContacts', { signal });
}

/** Loaded when the picker first opens. */
export function useContacts(enabled: boolean) {
  return useQuery({ queryKey: queryKeys.contacts, queryFn: ({ signal }) => listContacts(signal), enabled });
}
