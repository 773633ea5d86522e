import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { useCurrentUser } from '@/lib/current-user.js';
import { warnFirstError } from '@/lib/forms.js';
import { showNaira } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
import { lastLoginToShow } from '@/lib/sign-ins.js';
import { Button, CopyButton, DetailList, Input, Spinner, notify } from '@/ui/index.js';
import { useUpdateWebhook } from '../api/update-webhook.js';
import { ApiKeyCard } from './ApiKeyCard.js';
import { WebhookDeliveriesCard } from './WebhookDeliveriesCard.js';
import { webhookForm, type WebhookFormValues } from '../lib/webhook-form.js';

/** The webhook URL our API notifies about the user's transactions (POST /auth/updateWebhook). */
function WebhookForm({ current, secret, onSecret }: { current: string | null; secret: string | null; onSecret: (secret: string) => void }) {
  // Kept by the page: this form is remade when the saved URL changes, and the secret must stay on screen.
  const update = useUpdateWebhook((answer) => {
    notify.success(answer.msg);
    if (answer.webhookSecret) onSecret(answer.webhookSecret);
  });
  const { register, handleSubmit } = useForm({ resolver: zodResolver(webhookForm), defaultValues: { webhookUrl: current ?? '' } });
  const onSubmit = handleSubmit(
    (body) => update.mutate(body, { onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)) }),
    warnFirstError<WebhookFormValues>(['webhookUrl']),
  );
  return (
    <form onSubmit={onSubmit} noValidate className="card form">
      <h2 className="card-title">Webhook</h2>
      <p className="muted">We POST each of your API transactions' final status to this URL.</p>
      <Input
        label="Webhook URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/vtu-webhook"
        {...register('webhookUrl')}
      />
      <Button type="submit" loading={update.isPending}>
        Update webhook
      </Button>
      {secret ? <SigningSecret secret={secret} /> : null}
    </form>
  );
}

/** The webhook signing secret, in the webhook's card: masked until Reveal (someone may be looking at the screen), copyable either way. */
function SigningSecret({ secret }: { secret: string }) {
  const [revealed, setRevealed] = useState(false);
  return (
    <div className="copy-row">
      <code className="code-box" data-testid="webhook-secret">
        Signing secret: {revealed ? secret : `${secret.slice(0, 4)}${'•'.repeat(8)}${secret.slice(-4)}`}
      </code>
      <Button type="button" variant="ghost" onClick={() => setRevealed((shown) => !shown)} data-testid="reveal-webhook-secret">
        {revealed ? 'Hide' : 'Reveal'}
      </Button>
      <CopyButton text={secret} toastMessage={MSG.copied} label="Copy secret" />
    </div>
  );
}

function formatDate(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : date.toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Read-only account details and the API key. */
export function AccountPage() {
  const session = useSession();
  const current = useCurrentUser();
  const user = current.data ?? session?.user;
  const [webhookSecret, setWebhookSecret] = useState<string | null>(null);
  if (!user) return <Spinner label="Loading your account" />;

  const lastLogin = lastLoginToShow(user.userName, user.lastLogin);
  const rows: Array<[string, string]> = [
    ['User name', user.userName],
    ['Full name', user.fullName || '—'],
    ['Email', user.email],
    ['Phone number', user.phoneNumber],
    ['Account type', user.userType],
    ['Balance', showNaira(user.balance)],
    ['Referred by', user.referredBy || '—'],
    ['Identity verified', user.nin || user.bvn ? 'Yes' : 'Not yet'],
    ['Webhook URL', user.webhookUrl || '—'],
    ['Member since', formatDate(user.createdAt)],
    // The sign-in before this one, as the server named it at login; left out at a first sign-in (not "—").
    ...(lastLogin ? ([['Last login', formatDate(lastLogin)]] as Array<[string, string]>) : []),
  ];

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <h1>Account</h1>
        <p className="muted">Your details as we hold them.</p>
      </header>
      <div className="card">
        <DetailList rows={rows} />
      </div>
      <ApiKeyCard />
      <WebhookForm key={user.webhookUrl ?? ''} current={user.webhookUrl} secret={webhookSecret} onSecret={setWebhookSecret} />
      <WebhookDeliveriesCard />
    </section>
  );
}
