import type { WebhookDeliveryView } from '@shared/api/webhooks.js';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { Button, TableHead, notify } from '@/ui/index.js';
import { useSendTestWebhook, useWebhookDeliveries } from '../api/webhook-deliveries.js';

function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'medium' });
}

/** What the receiver answered: its status, or why nothing came back. */
function answerOf(delivery: WebhookDeliveryView): string {
  return delivery.httpStatus === null ? `No answer (${delivery.error ?? 'unreachable'})` : String(delivery.httpStatus);
}

const badgeOf = (delivery: WebhookDeliveryView) => (delivery.delivered ? 'badge-success' : 'badge-failed');

/**
 * The last webhook deliveries to the user's URL (time, event, HTTP status) and a "Send test
 * webhook" button: a signed sample transaction marked `isTest`, sent now and logged like the rest.
 */
export function WebhookDeliveriesCard() {
  const deliveries = useWebhookDeliveries();
  const test = useSendTestWebhook();
  const rows = deliveries.data?.deliveries ?? [];

  const onTest = () =>
    test.mutate(undefined, {
      onSuccess: (answer) => (answer.delivery.delivered ? notify.success(answer.msg) : notify.error(answer.msg)),
      onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
    });

  return (
    <div className="card form" data-testid="webhook-deliveries">
      <h2 className="card-title">Webhook deliveries</h2>
      <p className="muted">
        Each settled transaction is POSTed to your webhook URL, signed with the <code>webhook-id</code>, <code>webhook-timestamp</code> and{' '}
        <code>webhook-signature</code> headers. A delivery that fails is retried.
      </p>
      <Button variant="ghost" onClick={onTest} loading={test.isPending} data-testid="send-test-webhook">
        Send test webhook
      </Button>
      {test.data ? (
        <p data-testid="test-webhook-result" className={`notice ${test.data.delivery.delivered ? 'notice-success' : 'notice-warning'}`}>
          {test.data.msg}: {answerOf(test.data.delivery)}
        </p>
      ) : test.error ? (
        <p data-testid="test-webhook-result" className="notice notice-warning">
          {errorMessage(test.error, MSG.somethingWentWrong)}
        </p>
      ) : null}
      {deliveries.isPending ? null : rows.length === 0 ? (
        <p className="table-empty">No deliveries yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table" data-testid="webhook-delivery-log">
            <TableHead headings={['Time', 'Event', 'HTTP status']} />
            <tbody>
              {rows.map((delivery) => (
                <tr key={`${delivery.at}-${delivery.webhookId}`} title={`Transaction ${delivery.transactionId}`}>
                  <td>{formatTime(delivery.at)}</td>
                  <td>{delivery.event}</td>
                  <td>
                    <span className={`badge ${badgeOf(delivery)}`}>{answerOf(delivery)}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
