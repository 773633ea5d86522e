import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { Button, Input, PasswordInput, PhoneInput, notify } from '@/ui/index.js';
import { useRegister } from '../api/register.js';
import { PASSWORD_RULES, registerForm } from '../lib/auth-forms.js';
import { AuthCard } from './AuthCard.js';

export function RegisterPage() {
  const navigate = useNavigate();
  const { referralId } = useParams();
  const registerUser = useRegister();
  const { register, handleSubmit, formState } = useForm({
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
    // Every field's problem at once, under the field: no toast for what the form already shows.
    () => undefined,
  );
  const errors = formState.errors;

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
        <Input label="User name" autoComplete="username" error={errors.userName?.message} {...register('userName')} />
        <Input label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
        <PhoneInput autoComplete="tel" error={errors.phoneNumber?.message} {...register('phoneNumber')} />
        <PasswordInput label="Password" autoComplete="new-password" hint={PASSWORD_RULES} error={errors.password?.message} {...register('password')} />
        <PasswordInput label="Confirm password" autoComplete="new-password" error={errors.passwordCheck?.message} {...register('passwordCheck')} />
        <Button type="submit" block loading={registerUser.isPending}>
          Register
        </Button>
      </form>
    </AuthCard>
  );
}
