import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListAuditQuery, ListAuditResponse } from '@shared/api/audit.js';
import { api } from '@/lib/api-client.js';

export function useAuditLog(query: ListAuditQuery) {
  return useQuery({
    queryKey: ['auditLog', query],
    queryFn: ({ signal }) => api<ListAuditResponse>('listAudit', { query, signal }),
    placeholderData: keepPreviousData,
    // Operators act while the page is open: a fresh read each visit.
    staleTime: 0,
  });
}
