import { useMutation } from '@tanstack/react-query';
import type { UpdateWebhookResponse } from '@shared/api/profile.js';
import { api } from '@/lib/api-client.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';
import { getSession, updateUser } from '@/lib/session.js';
import type { WebhookBody } from '../lib/webhook-form.js';

/** POST /auth/updateWebhook {webhookUrl}. */
export function updateWebhook(body: WebhookBody): Promise<UpdateWebhookResponse> {
  return api<UpdateWebhookResponse>('updateWebhook', { body });
}

export function useUpdateWebhook() {
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: (answer) => {
      const user = getSession()?.user;
      if (user) updateUser({ ...user, webhookUrl: answer.webhookUrl });
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}
