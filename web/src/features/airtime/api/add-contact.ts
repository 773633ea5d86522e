import { useMutation } from '@tanstack/react-query';
import type { ContactResponse } from '@shared/api/contacts.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { api, errorMessage } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';
import { notify } from '@/ui/toast.js';

export interface AddContactInput {
  contactName: string;
  contactNumber: string;
  contactNetwork: string;
}

/** POST /auth/contact: saves the number just bought for under a nickname. */
export function addContact(body: AddContactInput): Promise<ContactResponse> {
  return api<ContactResponse>('addContact', { body });
}

/**
 * Saved after the purchase, while the screen moves on to the dashboard: the outcome is told here
 * (callbacks given to mutate() would be dropped once the screen unmounts).
 */
export function useAddContact() {
  return useMutation({
    mutationFn: addContact,
    onSuccess: (answer) => {
      notify.success(answer?.msg ?? CATALOGUE_MSG.contactSaved);
      // Every contacts answer carries the whole list.
      if (Array.isArray(answer?.contactList)) queryClient.setQueryData(queryKeys.contacts, { contactList: answer.contactList });
      else void queryClient.invalidateQueries({ queryKey: queryKeys.contacts });
    },
    onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
  });
}
