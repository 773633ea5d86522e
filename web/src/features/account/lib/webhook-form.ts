/**
 * The webhook URL form: POST /auth/updateWebhook's own field (shared/api/profile.ts), which must
 * also be an http(s) address here; whether the server may call it is the server's check.
 */
import { z } from 'zod';
import { updateWebhookRequest } from '@shared/api/profile.js';
import { MONEY_MSG } from '@shared/messages.js';

export const webhookForm = updateWebhookRequest.extend({
  webhookUrl: updateWebhookRequest.shape.webhookUrl.pipe(z.string().regex(/^https?:\/\/\S+$/i, MONEY_MSG.invalidWebhookUrl)),
});
export type WebhookFormValues = z.input<typeof webhookForm>;
export type WebhookBody = z.output<typeof webhookForm>;
