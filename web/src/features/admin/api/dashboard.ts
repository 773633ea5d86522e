import { useQuery } from '@tanstack/react-query';
import type { DashboardResponse } from '@shared/api/admin.js';
import { api } from '@/lib/api-client.js';

export const dashboardKey = ['admin', 'dashboard'] as const;

/** GET /admin: the newest users, service locks and the figures. */
export function fetchDashboard(signal?: AbortSignal): Promise<DashboardResponse> {
  return api<DashboardResponse>('adminDashboard', { signal });
}

export function useAdminDashboard() {
  // A failure sends the screen away to the profile: one try is enough.
  return useQuery({ queryKey: dashboardKey, queryFn: ({ signal }) => fetchDashboard(signal), retry: false });
}
