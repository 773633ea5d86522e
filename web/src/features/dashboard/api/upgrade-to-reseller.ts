import { useMutation } from '@tanstack/react-query';
import type { UpdateUserTypeResponse } from '@shared/api/profile.js';
import { api } from '@/lib/api-client.js';

/** PATCH /auth/user/{id} {userType: 'reseller'}: the one-time self-upgrade. */
export function upgradeToReseller(userId: string): Promise<UpdateUserTypeResponse> {
  return api<UpdateUserTypeResponse>('updateUserType', { params: { id: userId }, body: { userType: 'reseller' } });
}

export function useUpgradeToReseller() {
  return useMutation({ mutationFn: upgradeToReseller });
}
