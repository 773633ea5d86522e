import { useState } from 'react';
import { Link } from 'react-router';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { Button, ConfirmModal, CopyButton, notify } from '@/ui/index.js';
import { useApiKey, useRegenerateApiKey } from '../api/api-key.js';

/**
 * The API key: we keep only its hash, so the key itself is shown once, right after it is made
 * (with Copy); afterwards only its hint. Regenerating asks first, because the old key dies at once.
 */
export function ApiKeyCard() {
  const current = useApiKey();
  const regenerate = useRegenerateApiKey();
  const [confirming, setConfirming] = useState(false);
  const hint = current.data?.apiKey;
  const fresh = regenerate.data;

  const onConfirm = () =>
    regenerate.mutate(undefined, {
      onSuccess: (answer) => {
        setConfirming(false);
        notify.success(answer.msg);
      },
      onError: (error) => {
        setConfirming(false);
        notify.error(errorMessage(error, MSG.somethingWentWrong));
      },
    });

  return (
    <div className="card" data-testid="api-key">
      <h2 className="card-title">API key</h2>
      <p className="muted">
        Send it as <code>Authorization: Bearer &lt;key&gt;</code> to use our API from your own application. Keep it secret.
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
      ) : hint ? (
        <p>
          Current key: <code data-testid="api-key-hint">{hint.keyHint}</code>
        </p>
      ) : current.isSuccess ? (
        <p className="muted">You have no API key yet.</p>
      ) : null}
      {fresh ? <p className="notice notice-warning">Copy it now: we show it only this once.</p> : null}
      <Button variant="ghost" onClick={() => setConfirming(true)} data-testid="regenerate-api-key">
        {hint || fresh ? 'Regenerate API key' : 'Generate API key'}
      </Button>
      <ConfirmModal
        open={confirming}
        title="Regenerate API key?"
        busy={regenerate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={onConfirm}
        confirmTestId="confirm-regenerate-api-key"
      >
        <p>{hint || fresh ? 'Your current key stops working immediately. Applications using it must be given the new key.' : 'A new key will be made for your account.'}</p>
      </ConfirmModal>
    </div>
  );
}
