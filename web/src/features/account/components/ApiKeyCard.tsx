import { useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { Button, ConfirmModal, CopyButton, PasswordInput, notify } from '@/ui/index.js';
import { useApiKey, useRegenerateApiKey, useRevokeApiKey } from '../api/api-key.js';

type Change = 'generate' | 'regenerate' | 'revoke';

const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : 'never');

/**
 * The API key: we keep only its hash, so the key itself is shown once, right after it is made
 * (with Copy); afterwards its prefix, hint, creation and last use. Every change asks for the
 * password first (a session left open cannot swap or end the key), and says what happens.
 */
export function ApiKeyCard() {
  const current = useApiKey();
  const regenerate = useRegenerateApiKey();
  const revoke = useRevokeApiKey();
  const [change, setChange] = useState<Change | null>(null);
  const [password, setPassword] = useState('');
  const [revoked, setRevoked] = useState(false);
  const summary = current.data?.apiKey;
  const fresh = revoked ? undefined : regenerate.data;
  const hasKey = Boolean(summary ?? fresh);

  const close = () => {
    setChange(null);
    setPassword('');
  };
  const onError = (error: unknown) => notify.error(errorMessage(error, MSG.somethingWentWrong));

  const onConfirm = () => {
    if (!password) {
      notify.error(MSG.allFieldsRequired);
      return;
    }
    if (change === 'revoke') {
      revoke.mutate(
        { password },
        {
          onSuccess: (answer) => {
            close();
            setRevoked(true);
            notify.success(answer.msg);
          },
          onError,
        },
      );
      return;
    }
    regenerate.mutate(
      { password },
      {
        onSuccess: (answer) => {
          close();
          setRevoked(false);
          notify.success(answer.msg);
        },
        onError,
      },
    );
  };

  const titles: Record<Change, string> = { generate: 'Generate API key?', regenerate: 'Regenerate API key?', revoke: 'Revoke API key?' };
  const explanations: Record<Change, string> = {
    generate: 'A new key will be made for your account.',
    regenerate: 'Your current key stops working immediately. Applications using it must be given the new key.',
    revoke: 'Your key stops working immediately. You can generate a new one later.',
  };

  return (
    <div className="card" data-testid="api-key">
      <h2 className="card-title">API key</h2>
      <p className="muted">
        Send it as <code>Authorization: Bearer &lt;key&gt;</code> to use our API from your own application: purchases, balance, transactions and webhook
        settings. Keep it secret.
      </p>
      <p>
        <Link to="/docs">API documentation</Link>: authentication, every route with curl examples, webhooks.
      </p>
      {fresh ? (
        <div className="copy-row">
          <code className="code-box" data-testid="api-key-value">
            {fresh.apiKey}
          </code>
          <CopyButton text={fresh.apiKey} toastMessage={MSG.copied} label="Copy API key" />
        </div>
      ) : summary ? (
        <div data-testid="api-key-facts">
          <p>
            Current key: <code data-testid="api-key-hint">{summary.keyHint}</code>
          </p>
          <p className="muted">
            Created <span data-testid="api-key-created">{when(summary.createdAt)}</span> · last used{' '}
            <span data-testid="api-key-last-used">{when(summary.lastUsedAt)}</span>
          </p>
        </div>
      ) : current.isSuccess ? (
        <p className="muted">You have no API key yet.</p>
      ) : null}
      {fresh ? <p className="notice notice-warning">Copy it now: we show it only this once.</p> : null}
      <div className="action-row">
        <Button variant="ghost" onClick={() => setChange(hasKey ? 'regenerate' : 'generate')} data-testid="regenerate-api-key">
          {hasKey ? 'Regenerate API key' : 'Generate API key'}
        </Button>
        {hasKey ? (
          <Button variant="ghost" onClick={() => setChange('revoke')} data-testid="revoke-api-key">
            Revoke API key
          </Button>
        ) : null}
      </div>
      <ConfirmModal
        open={change !== null}
        title={change ? titles[change] : ''}
        busy={regenerate.isPending || revoke.isPending}
        onCancel={close}
        onConfirm={onConfirm}
        confirmTestId="confirm-regenerate-api-key"
      >
        <p>{change ? explanations[change] : null}</p>
        <PasswordInput
          label="Your password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="api-key-password"
        />
      </ConfirmModal>
    </div>
  );
}
