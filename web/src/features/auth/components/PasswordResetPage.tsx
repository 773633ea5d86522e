import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { Button, NewPasswordInputs, notify } from '@/ui/index.js';
import { useResetPassword } from '../api/reset-password.js';
import { resetForm, type ResetFormValues } from '../lib/auth-forms.js';
import { AuthCard } from './AuthCard.js';

export function PasswordResetPage() {
  const navigate = useNavigate();
  const { token = '', userId = '' } = useParams();
  const resetPassword = useResetPassword();
  const { register, handleSubmit } = useForm({ resolver: zodResolver(resetForm), defaultValues: { newPassword: '', newPasswordCheck: '' } });

  const onSubmit = handleSubmit(
    (values) =>
      resetPassword.mutate(
        { token, userId, ...values },
        {
          onSuccess: (answer) => {
            notify.success(answer?.msg ?? MSG.passwordReset);
            // Straight to the login screen, to sign in with the new password.
            navigate('/login');
          },
          onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
        },
      ),
    warnFirstError<ResetFormValues>(['newPassword', 'newPasswordCheck']),
  );

  return (
    <AuthCard title="Choose a new password" subtitle="Enter your new password twice.">
      <form onSubmit={onSubmit} noValidate className="form">
        <NewPasswordInputs register={register} />
        <Button type="submit" block loading={resetPassword.isPending}>
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}
