import { useMutation } from '@tanstack/react-query';
import type { UpdateKycResponse } from '@shared/api/profile.js';
import { api } from '@/lib/api-client.js';
import { updateUser } from '@/lib/session.js';
import type { KycBody } from '../lib/kyc-form.js';

/** POST /auth/updateKyc: exactly one of nin or bvn. */
export function updateKyc(body: KycBody): Promise<UpdateKycResponse> {
  return api<UpdateKycResponse>('updateKyc', { body });
}

export function useUpdateKyc() {
  return useMutation({
    mutationFn: updateKyc,
    onSuccess: (answer) => {
      if (answer.user) updateUser(answer.user);
    },
  });
}
