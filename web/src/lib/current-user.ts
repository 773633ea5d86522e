/**
 * The signed-in user, read fresh from the API: the shell keeps the sidebar's balance current, the
 * dashboard polls after a card payment, the account screen shows the details. In lib because the
 * shell and two features share the one query.
 */
import { useQuery } from '@tanstack/react-query';
import type { UserView } from '@shared/api/accounts.js';
import { api } from './api-client.js';
import { queryKeys } from './query-client.js';
import { updateUser } from './session.js';

/** GET the signed-in user; the fresh copy also refreshes the session (the sidebar's balance). */
export async function fetchCurrentUser(): Promise<UserView> {
  const answer = await api<{ user: UserView }>('currentUser');
  updateUser(answer.user);
  return answer.user;
}

/**
 * While `poll` is set (back from the checkout page), re-reads every 2 s so the credit shows up:
 * a card payment is credited by the provider's webhook, after the redirect.
 */
export function useCurrentUser({ poll = false }: { poll?: boolean } = {}) {
  return useQuery({ queryKey: queryKeys.currentUser, queryFn: fetchCurrentUser, staleTime: 5_000, refetchInterval: poll ? 2_000 : false });
}
