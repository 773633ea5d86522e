import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { Button, Input, notify } from '@/ui/index.js';
import { useRequestPasswordReset } from '../api/request-password-reset.js';
import { requestResetForm, type RequestResetFormValues } from '../lib/auth-forms.js';
import { AuthCard } from './AuthCard.js';

export function RequestPasswordResetPage() {
  const request = useRequestPasswordReset();
  const { register, handleSubmit, reset } = useForm({ resolver: zodResolver(requestResetForm), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(
    (values) =>
      request.mutate(values, {
        onSuccess: (answer) => {
          notify.success(answer?.msg ?? MSG.resetLinkSent);
          reset();
        },
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      }),
    warnFirstError<RequestResetFormValues>(['email']),
  );

  return (
    <AuthCard
      title="Reset your password"
      subtitle="Enter the e-mail on your account and we will send you a reset link."
      footer={
        <p>
          Remembered it? <Link to="/login">Back to login</Link>
        </p>
      }
    >
      {request.isSuccess ? (
        <p className="notice notice-success" role="status">
          {request.data?.msg ?? MSG.resetLinkSent}
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="form">
        <Input label="Email" type="email" autoComplete="email" {...register('email')} />
        <Button type="submit" block loading={request.isPending}>
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}
