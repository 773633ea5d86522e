import { useQuery } from '@tanstack/react-query';
import type { UserView } from '@shared/api/accounts.js';
import { api } from '@/lib/api-client.js';
import { queryKeys } from '@/lib/query-client.js';
import { updateUser } from '@/lib/session.js';

/** GET the signed-in user: a fresh balance (a card payment is credited by the provider's webhook, after the redirect). */
export async function fetchCurrentUser(): Promise<UserView> {
  const answer = await api<{ user: UserView }>('currentUser');
  updateUser(answer.user);
  return answer.user;
}

/** While `poll` is set (back from the checkout page), re-reads every 2 s so the credit shows up. */
export function useFreshUser(poll: boolean) {
  return useQuery({ queryKey: queryKeys.currentUser, queryFn: fetchCurrentUser, staleTime: 5_000, refetchInterval: poll ? 2_000 : false });
}
