import { useMutation } from '@tanstack/react-query';
import { ROUTES, type Operation } from '../../../../../shared/routes.js';
import { api } from '../../../lib/api-client.js';

/**
 * Saving a number to the contact list needs the contacts endpoint (POST /auth/contact).
 * Until the route table has it, the add-to-contacts option stays hidden rather than pretending to save.
 */
const addContactRoute = (ROUTES as ReadonlyArray<{ operation: string; method: string; path: string }>).find(
  (route) => route.method === 'POST' && route.path === '/auth/contact',
);

export const contactsAvailable = addContactRoute !== undefined;

export interface AddContactInput {
  contactName: string;
  contactNumber: string;
  contactNetwork: string;
}

export function addContact(body: AddContactInput): Promise<unknown> {
  if (!addContactRoute) return Promise.resolve(undefined);
  return api<unknown>(addContactRoute.operation as Operation, { body });
}

export function useAddContact() {
  return useMutation({ mutationFn: addContact });
}
