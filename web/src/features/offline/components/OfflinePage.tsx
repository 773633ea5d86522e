import { formatNaira } from '@shared/money.js';
import { apiNairaToKobo } from '@/lib/api-naira.js';
import { asOfText, lastBalanceOf } from '@/lib/last-balance.js';
import { useSession } from '@/lib/session.js';
import '../offline.css';

/**
 * What the app shows with no network: that it is offline, and the balance last read from the server
 * with when ("as of"), never as if it were current. Nothing here calls the API; the app comes back
 * by itself when the network does.
 */
export function OfflinePage() {
  const session = useSession();
  const last = lastBalanceOf(session?.user.userName);
  return (
    <section className="page page-narrow offline-page" data-testid="offline-page">
      <div className="card">
        <h1>You are offline</h1>
        <p className="muted">Buying, funding and your transactions need a connection. This page goes back to the app as soon as you are online again.</p>
        {last ? (
          <div className="offline-balance" data-testid="offline-balance">
            <p className="offline-balance-label">Last known balance</p>
            <p className="offline-balance-amount">{formatNaira(apiNairaToKobo(last.balance))}</p>
            <p className="muted" data-testid="offline-balance-as-of">
              as of <time dateTime={last.at}>{asOfText(last.at)}</time>
            </p>
          </div>
        ) : null}
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          Try again
        </button>
      </div>
    </section>
  );
}
