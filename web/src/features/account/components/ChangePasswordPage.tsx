import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { Button, NewPasswordInputs, PasswordInput, notify } from '@/ui/index.js';
import { useChangePassword } from '../api/change-password.js';
import { changePasswordForm, type ChangePasswordFormValues } from '../lib/password-form.js';

export function ChangePasswordPage() {
  const navigate = useNavigate();
  const change = useChangePassword();
  const { register, handleSubmit } = useForm({
    resolver: zodResolver(changePasswordForm),
    defaultValues: { oldPassword: '', newPassword: '', newPasswordCheck: '' },
  });

  const onSubmit = handleSubmit(
    (values) =>
      change.mutate(values, {
        onSuccess: (answer) => {
          notify.success(answer?.msg ?? MSG.passwordChanged);
          navigate('/profile');
        },
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      }),
    warnFirstError<ChangePasswordFormValues>(['oldPassword', 'newPassword', 'newPasswordCheck']),
  );

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <h1>Change password</h1>
        <p className="muted">Use at least 8 characters. You stay signed in on this device.</p>
      </header>
      <form onSubmit={onSubmit} noValidate className="card form">
        <PasswordInput label="Old password" autoComplete="current-password" {...register('oldPassword')} />
        <NewPasswordInputs register={register} />
        <Button type="submit" block loading={change.isPending}>
          Change password
        </Button>
      </form>
    </section>
  );
}
