import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { Button, Input, PasswordInput, notify } from '@/ui/index.js';
import { isLoginCodeRequired, useLogin } from '../api/login.js';
import { loginForm, type LoginFormValues } from '../lib/auth-forms.js';
import { landingAfterLogin } from '../lib/landing.js';
import { AuthCard } from './AuthCard.js';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // Shown in place of a protected page (a deep link opened signed out): after login, that page.
  // A deep link opened while signed out is where the user goes back to; else the role's own home.
  const deepLink = location.pathname === '/login' ? undefined : `${location.pathname}${location.search}`;
  const login = useLogin();
  const { register, handleSubmit, formState } = useForm({ resolver: zodResolver(loginForm), defaultValues: { userName: '', password: '' } });
  // After many failed sign-ins on the account, a browser it does not know is asked for the code e-mailed to the owner.
  const [codeAsked, setCodeAsked] = useState<string | null>(null);
  const [code, setCode] = useState('');

  const onSubmit = handleSubmit(
    (values) =>
      login.mutate(codeAsked && code.trim() ? { ...values, code: code.trim() } : values, {
        onSuccess: (session) => navigate(deepLink ?? landingAfterLogin(session.user), { replace: true }),
        onError: (error) => {
          if (isLoginCodeRequired(error)) {
            setCodeAsked(errorMessage(error, MSG.somethingWentWrongAuth));
            return;
          }
          notify.error(errorMessage(error, MSG.somethingWentWrongAuth));
        },
      }),
    warnFirstError<LoginFormValues>(['userName', 'password']),
  );

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Log in to buy airtime, data and pay bills from your wallet."
      footer={
        <>
          <p>
            New here? <Link to="/register">Create an account</Link>
          </p>
          <p>
            <Link to="/requestPasswordReset">Forgot your password?</Link>
          </p>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="form">
        <Input
          label="User name, email or business name"
          autoComplete="username"
          aria-invalid={formState.errors.userName ? true : undefined}
          {...register('userName')}
        />
        <PasswordInput label="Password" autoComplete="current-password" aria-invalid={formState.errors.password ? true : undefined} {...register('password')} />
        {codeAsked ? (
          <>
            <p className="notice notice-warning" data-testid="login-code-notice">
              {codeAsked}
            </p>
            <Input
              label="Sign-in code from your e-mail"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={12}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              data-testid="login-code"
            />
          </>
        ) : null}
        <Button type="submit" block loading={login.isPending}>
          Login
        </Button>
      </form>
    </AuthCard>
  );
}
