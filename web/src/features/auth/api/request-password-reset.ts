import { useMutation } from '@tanstack/react-query';
import type { ErrorBody } from '@shared/api/common.js';
import { api } from '@/lib/api-client.js';

export function requestPasswordReset(body: { email: string }): Promise<ErrorBody> {
  return api<ErrorBody>('requestPasswordReset', { body });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
