import { useQuery } from '@tanstack/react-query';
import type { UserView } from '@shared/api/accounts.js';
import { api } from '@/lib/api-client.js';
import { queryKeys } from '@/lib/query-client.js';
import { updateUser } from '@/lib/session.js';

export async function fetchCurrentUser(): Promise<UserView> {
  const answer = await api<{ user: UserView }>('currentUser');
  // The fresh copy also refreshes the balance shown in the sidebar.
  updateUser(answer.user);
  return answer.user;
}

export function useCurrentUser() {
  return useQuery({ queryKey: queryKeys.currentUser, queryFn: fetchCurrentUser, staleTime: 5_000 });
}
