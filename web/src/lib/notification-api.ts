/**
 * The notice to users (GET/POST /admin/notification): the shell shows it, admins set it in admin
 * settings and agents in the Update screen. In lib because the shell and two features use it.
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AcknowledgeNotificationResponse, NotificationResponse, SetNotificationRequest, SetNotificationResponse } from '@shared/api/notification.js';
import { api } from './api-client.js';
import { queryClient } from './query-client.js';

const notificationKey = ['notification'] as const;

/** GET /admin/notification. A failed fetch is silent: no data, no toast, no retry. */
export function useNotification(enabled: boolean) {
  return useQuery({ queryKey: notificationKey, queryFn: () => api<NotificationResponse>('getNotification'), enabled, staleTime: 60_000 });
}

/** POST /admin/notification {msg}: replaces the notice; everyone sees the new one once. */
export function useSetNotification() {
  return useMutation({
    mutationFn: (request: SetNotificationRequest) => api<SetNotificationResponse>('setNotification', { body: request }),
    onSuccess: (answer) => queryClient.setQueryData(notificationKey, answer.notification),
  });
}

/** POST /admin/notification/ack {id}: the caller pressed OK; the server remembers it for every device. */
export function useAcknowledgeNotification() {
  return useMutation({
    mutationFn: (id: string) => api<AcknowledgeNotificationResponse>('acknowledgeNotification', { body: { id } }),
    onSuccess: (answer) => queryClient.setQueryData(notificationKey, answer.notification),
  });
}
