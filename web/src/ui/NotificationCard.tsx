import { zodResolver } from '@hookform/resolvers/zod';
import { useLayoutEffect } from 'react';
import { useForm } from 'react-hook-form';
import { setNotificationRequest, type SetNotificationRequest } from '@shared/api/notification.js';
import { MSG, NOTIFICATION_MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { useNotification, useSetNotification } from '@/lib/notification-api.js';
import { Button } from './Button.js';
import { Input } from './Input.js';
import { notify } from './notify.js';

/**
 * The notice every user sees once: admins
 * set it in admin settings, agents in the Update screen, so it lives here rather than in either.
 */
export function NotificationCard() {
  const current = useNotification(true);
  const save = useSetNotification();
  const { register, handleSubmit, reset } = useForm<SetNotificationRequest>({ resolver: zodResolver(setNotificationRequest), defaultValues: { msg: '' } });
  const currentMsg = current.data?.msg;
  // Before paint, so the field never turns editable while still showing the empty default.
  useLayoutEffect(() => {
    // A later refetch never overwrites what the operator has typed since.
    if (currentMsg !== undefined) reset({ msg: currentMsg }, { keepDirtyValues: true });
  }, [currentMsg, reset]);
  const onSubmit = handleSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: (answer) => notify.success(answer?.msg ?? NOTIFICATION_MSG.updated),
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      }),
    warnFirstError<SetNotificationRequest>(['msg']),
  );
  return (
    <div className="card" data-testid="notification-card">
      <h2 className="card-title">Notification</h2>
      <p className="muted">Every user sees it once, until they press OK; a new message shows again. Leave it empty for none.</p>
      <form onSubmit={onSubmit} noValidate className="form">
        {/* Read-only until the current notice arrives, so a late answer never races what the operator types. */}
        <Input label="Message" maxLength={1000} readOnly={current.isPending} data-testid="notification-input" {...register('msg')} />
        <Button type="submit" loading={save.isPending} data-testid="notification-save">
          Save notification
        </Button>
      </form>
    </div>
  );
}
