import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReferralResponse } from '@shared/api/earnings.js';
import { api } from '@/lib/api-client.js';

export const referralsKey = ['referrals'] as const;

/** GET /auth/referral?page=: earnings and one page of referred users. */
export function fetchReferrals(page: number, signal?: AbortSignal): Promise<ReferralResponse> {
  return api<ReferralResponse>('referrals', { query: { page }, signal });
}

export function useReferrals(page: number) {
  return useQuery({ queryKey: [...referralsKey, page], queryFn: ({ signal }) => fetchReferrals(page, signal), placeholderData: keepPreviousData });
}
