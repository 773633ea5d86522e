import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { newRequestId } from '@/lib/ids.js';
import { Button, ConfirmModal, DetailRow, Input, TextArea, notify } from '@/ui/index.js';
import { useSendMail } from '../api/send-mail.js';
import {
  audienceOf,
  EMPTY_SEND_MAIL_FORM,
  SEND_MAIL_FIELDS,
  sendMailBody,
  sendMailForm,
  type SendMailBody,
  type SendMailFormValues,
} from '../lib/send-mail-form.js';

/** What the last mailing sent from this page was: shown until the next one. */
interface SentMail {
  audience: string;
  subject: string;
  msg: string;
  queued: number;
}

/**
 * The admin's mail to one user or to every user: fill in, confirm, and
 * the server queues it. The admin stays on this page with the result — to whom, what, how many
 * mails queued — and a clean form for the next one (leaving for /profile, as other actions do,
 * would hide the result behind a toast).
 */
export function SendMailPage() {
  const send = useSendMail();
  const [pending, setPending] = useState<SendMailBody | null>(null);
  const [sent, setSent] = useState<SentMail | null>(null);
  const form = useForm({ resolver: zodResolver(sendMailForm), defaultValues: EMPTY_SEND_MAIL_FORM });

  const onSubmit = form.handleSubmit((values) => setPending(sendMailBody(values, newRequestId())), warnFirstError<SendMailFormValues>(SEND_MAIL_FIELDS));

  const confirm = () => {
    if (!pending) return;
    send.mutate(pending, {
      onSuccess: (answer) => {
        setSent({ audience: audienceOf(pending), subject: pending.subject, msg: answer.msg, queued: answer.queued });
        setPending(null);
        form.reset(EMPTY_SEND_MAIL_FORM);
        notify.success(answer.msg);
      },
      // The dialog stays open with the same request_id: confirming again is the same mailing, never a second one.
      onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
    });
  };

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <h1>Send email</h1>
        <p className="muted">Leave the user name empty to mail every user.</p>
      </header>
      {sent ? (
        <div className="card send-mail-result" role="status" data-testid="send-mail-result">
          <h2>{sent.msg}</h2>
          <dl className="details">
            <DetailRow label="To">
              <strong>{sent.audience}</strong>
            </DetailRow>
            <DetailRow label="Subject">{sent.subject}</DetailRow>
            <DetailRow label="Mails queued" testId="send-mail-queued">
              {sent.queued}
            </DetailRow>
          </dl>
        </div>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="card form" aria-label="Send email">
        <Input
          label="User name (optional)"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="Every user"
          {...form.register('userAccount')}
        />
        {/* Every field but the user name is required (the spec's "All fields are required"): each says so. */}
        <Input label="Subject (required)" autoComplete="off" aria-required="true" {...form.register('subject')} />
        <TextArea label="Message (required)" aria-required="true" {...form.register('message')} />
        <Input
          label="Link (required)"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://"
          aria-required="true"
          hint="The mail's button opens this web address"
          {...form.register('url')}
        />
        <Input label="Link text (required)" autoComplete="off" aria-required="true" hint="The words on the mail's button" {...form.register('linkMessage')} />
        <Button type="submit" block>
          Send email
        </Button>
      </form>

      <ConfirmModal
        open={pending !== null}
        title="Send this email?"
        busy={send.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
        confirmTestId="confirm-send-mail"
      >
        {pending ? (
          <dl className="details">
            <DetailRow label="To" testId="send-mail-audience">
              <strong>{audienceOf(pending)}</strong>
            </DetailRow>
            <DetailRow label="Subject">{pending.subject}</DetailRow>
            <DetailRow label="Link">{pending.linkMessage}</DetailRow>
          </dl>
        ) : null}
      </ConfirmModal>
    </section>
  );
}
