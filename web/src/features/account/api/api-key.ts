import { useMutation, useQuery } from '@tanstack/react-query';
import type { ApiKeyResponse, RegenerateApiKeyResponse } from '@shared/api/api-keys.js';
import { api } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';

/** GET /auth/apiKey: the key's hint (the key itself is shown only when it is made). */
export function useApiKey() {
  return useQuery({ queryKey: queryKeys.apiKey, queryFn: () => api<ApiKeyResponse>('showApiKey') });
}

/** POST /auth/apiKey/regenerate: the old key stops working at once. */
export function useRegenerateApiKey() {
  return useMutation({
    mutationFn: () => api<RegenerateApiKeyResponse>('regenerateApiKey', { body: {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.apiKey }),
  });
}
