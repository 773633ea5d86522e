import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { ListUsersQuery, ListUsersResponse } from '@shared/api/admin-users.js';
import type { UpdateUserTypeResponse } from '@shared/api/profile.js';
import type { UserType } from '@shared/constants.js';
import { api, apiFile } from '@/lib/api-client.js';
import { queryClient } from '@/lib/query-client.js';

const USERS_KEY = ['adminUsers'] as const;

export function useUsers(query: ListUsersQuery) {
  return useQuery({
    queryKey: [...USERS_KEY, query],
    queryFn: ({ signal }) => api<ListUsersResponse>('listUsers', { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function downloadUsers(query: ListUsersQuery) {
  return apiFile('downloadUsers', { query });
}

const refreshUsers = () => queryClient.invalidateQueries({ queryKey: USERS_KEY });

export function useSetUserType() {
  return useMutation({
    mutationFn: ({ userId, userType }: { userId: string; userType: UserType }) =>
      api<UpdateUserTypeResponse>('adminUpgradeUser', { params: { userId, userType } }),
    onSuccess: refreshUsers,
  });
}

export function useResetUserPassword() {
  return useMutation({ mutationFn: (userId: string) => api<{ msg: string }>('resetUserPassword', { body: { userId } }) });
}
