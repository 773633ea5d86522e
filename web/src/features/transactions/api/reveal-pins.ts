import { useMutation } from '@tanstack/react-query';
import type { RevealPinsResponse } from '@shared/api/transactions.js';
import { api } from '@/lib/api-client.js';

/** POST /admin/transaction/{id}/reveal-pins: an admin reads a customer's PINs in full, giving a reason (kept in the audit log). */
export function revealPins({ id, reason }: { id: string; reason: string }): Promise<RevealPinsResponse> {
  return api<RevealPinsResponse>('revealPins', { params: { id }, body: { reason } });
}

export function useRevealPins() {
  return useMutation({ mutationFn: revealPins });
}
