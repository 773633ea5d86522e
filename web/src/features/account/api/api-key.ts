import { useMutation, useQuery } from '@tanstack/react-query';
import type { ApiKeyChangeRequest, ApiKeyResponse, RegenerateApiKeyResponse } from '@shared/api/api-keys.js';
import { api } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';

/** GET /auth/apiKey: the key's prefix, hint, creation and last use (the key itself is shown only when it is made). */
export function useApiKey() {
  return useQuery({ queryKey: queryKeys.apiKey, queryFn: () => api<ApiKeyResponse>('showApiKey') });
}

/** POST /auth/apiKey/regenerate with the password: the old key stops working at once. */
export function useRegenerateApiKey() {
  return useMutation({
    mutationFn: (body: ApiKeyChangeRequest) => api<RegenerateApiKeyResponse>('regenerateApiKey', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiKey }),
  });
}

/** POST /auth/apiKey/revoke with the password: the key stops working at once. */
export function useRevokeApiKey() {
  return useMutation({
    mutationFn: (body: ApiKeyChangeRequest) => api<{ msg: string }>('revokeApiKey', { body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiKey }),
  });
}
