import { useMutation, useQuery } from '@tanstack/react-query';
import type { TestWebhookResponse, WebhookDeliveriesResponse } from '@shared/api/webhooks.js';
import { api } from '@/lib/api-client.js';
import { queryClient } from '@/lib/query-client.js';

/** The Account page's own query: no other screen reads the delivery log. */
const deliveriesKey = ['webhookDeliveries'] as const;

/** GET /auth/webhook/deliveries: the last attempts, newest first. */
export function useWebhookDeliveries() {
  return useQuery({ queryKey: deliveriesKey, queryFn: () => api<WebhookDeliveriesResponse>('webhookDeliveries') });
}

/** POST /auth/webhook/test: a signed test delivery now; the log then shows it. */
export function useSendTestWebhook() {
  return useMutation({
    mutationFn: () => api<TestWebhookResponse>('testWebhook', { body: {} }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: deliveriesKey }),
  });
}
