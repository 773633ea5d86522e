import { useMutation } from '@tanstack/react-query';
import type { SendMailResponse } from '@shared/api/send-mail.js';
import { api } from '@/lib/api-client.js';
import type { SendMailBody } from '../lib/send-mail-form.js';

/** POST /admin/sendMail: queues the mailing and answers how many mails it holds. */
export function sendMail(body: SendMailBody): Promise<SendMailResponse> {
  return api<SendMailResponse>('sendMail', { body });
}

export function useSendMail() {
  return useMutation({ mutationFn: sendMail });
}
