import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { Button, Input, PasswordInput, notify } from '@/ui/index.js';
import { useRegister } from '../api/register.js';
import { registerForm, type RegisterFormValues } from '../lib/auth-forms.js';
import { AuthCard } from './AuthCard.js';

export function RegisterPage() {
  const navigate = useNavigate();
  const { referralId } = useParams();
  const registerUser = useRegister();
  const { register, handleSubmit } = useForm({
    resolver: zodResolver(registerForm),
    defaultValues: { userName: '', email: '', phoneNumber: '', password: '', passwordCheck: '' },
  });

  const onSubmit = handleSubmit(
    (values) =>
      registerUser.mutate(
        { ...values, referredBy: referralId ?? null },
        {
          onSuccess: () => navigate('/profile'),
          onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrongAuth)),
        },
      ),
    warnFirstError<RegisterFormValues>(['email']),
  );

  return (
    <AuthCard
      title="Create your account"
      subtitle="Registration is free. Fund your wallet and start selling in minutes."
      footer={
        <p>
          Already have an account? <Link to="/login">Log in</Link>
        </p>
      }
    >
      {referralId ? (
        <p className="pill pill-info" data-testid="referred-by">
          Referred by <strong>{referralId}</strong>
        </p>
      ) : null}
      <form onSubmit={onSubmit} noValidate className="form">
        <Input label="User name" autoComplete="username" {...register('userName')} />
        <Input label="Email" type="email" autoComplete="email" {...register('email')} />
        <Input label="Phone number" type="tel" inputMode="numeric" autoComplete="tel" placeholder="08012345678" {...register('phoneNumber')} />
        <PasswordInput label="Password" autoComplete="new-password" {...register('password')} />
        <PasswordInput label="Confirm password" autoComplete="new-password" {...register('passwordCheck')} />
        <Button type="submit" block loading={registerUser.isPending}>
          Register
        </Button>
      </form>
    </AuthCard>
  );
}
