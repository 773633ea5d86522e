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

/**
 * `onSaved` runs with the mutation, not with the calling component: saving a new URL changes the
 * session's user, which remakes the form (keyed by the URL) before a callback given to `mutate`
 * would run, and TanStack Query drops those callbacks for an unmounted caller.
 */
export function useUpdateWebhook(onSaved?: (answer: UpdateWebhookResponse) => void) {
  return useMutation({
    mutationFn: updateWebhook,
    onSuccess: (answer) => {
      onSaved?.(answer);
      const user = getSession()?.user;
      if (user) updateUser({ ...user, webhookUrl: answer.webhookUrl });
      void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
    },
  });
}
