import { Link } from 'react-router';
import { MSG } from '@shared/messages.js';
import { showNaira } from '@/lib/money.js';
import { typeAndItem } from '@/lib/transaction-labels.js';
import { Spinner } from '@/ui/index.js';
import { useRecentTransactions } from '../api/recent-transactions.js';

/** The last five transactions on the dashboard, each with its status, and a way to all of them. */
export function RecentTransactions() {
  const recent = useRecentTransactions();
  const rows = recent.data ?? [];
  return (
    <div className="card" data-testid="recent-transactions">
      <div className="card-title-row">
        <h2 className="card-title">Recent transactions</h2>
        <Link to="/profile/transactions" className="link-btn">
          See all
        </Link>
      </div>
      {recent.isPending ? (
        <Spinner label="Loading…" />
      ) : rows.length === 0 ? (
        <p className="muted">{MSG.noTransactions}</p>
      ) : (
        <ul className="row-list">
          {rows.map((t) => (
            <li key={t._id} className="row-item" data-testid="recent-transaction" data-status={t.trans_Status}>
              <div className="row-text">
                <strong>{typeAndItem(t)}</strong>
                <small className="muted">{t.phone_number || '—'}</small>
              </div>
              <div className="row-end">
                <span className="num">{showNaira(t.trans_amount)}</span>
                <span className={`badge badge-${t.trans_Status}`}>{t.trans_Status}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
