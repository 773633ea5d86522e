import { Link } from 'react-router';
import type { TransactionView } from '@shared/api/transactions.js';
import { MSG } from '@shared/messages.js';
import { showNaira } from '@/lib/money.js';
import { amountSign, direction, typeAndItem } from '@/lib/transaction-labels.js';
import { Spinner } from '@/ui/Spinner.js';
import { useRecentTransactions } from '../api/recent-transactions.js';

/** The status in a word a customer reads ("Successful", not "success"). */
const STATUS_WORDS: Record<TransactionView['trans_Status'], string> = {
  success: 'Successful',
  processing: 'Processing',
  pending: 'Pending',
  failed: 'Failed',
  refunded: 'Refunded',
};

function StatusWord({ status }: { status: TransactionView['trans_Status'] }) {
  return <span className={`badge badge-${status}`}>{STATUS_WORDS[status] ?? status}</span>;
}

/**
 * The last five transactions on the dashboard: money in with "+" in green, money out with "−", each
 * named in words; a bulk batch's lines listed under it, without a sign (the batch's debit paid
 * them), so they never read as charges of their own. A way to all of them.
 */
export function RecentTransactions() {
  const recent = useRecentTransactions();
  const groups = recent.data ?? [];
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
      ) : groups.length === 0 ? (
        <p className="muted">{MSG.noTransactions}</p>
      ) : (
        <ul className="row-list">
          {groups.map(({ transaction: t, lines }) => (
            <li key={t._id} className="row-item recent-item" data-testid="recent-transaction" data-status={t.trans_Status} data-direction={direction(t)}>
              <div className="row-text">
                <strong>{typeAndItem(t)}</strong>
                <small className="muted">{lines.length ? `${lines.length} ${lines.length === 1 ? 'number' : 'numbers'}` : t.phone_number || '—'}</small>
              </div>
              <div className="row-end">
                <span className={`num amount-${direction(t)}`} data-testid="recent-amount">
                  {amountSign(t)}
                  {showNaira(t.trans_amount)}
                </span>
                <StatusWord status={t.trans_Status} />
              </div>
              {lines.length ? (
                <ul className="batch-lines" aria-label={`Lines of this ${typeAndItem(t)}`} data-testid="batch-lines">
                  {lines.map((line) => (
                    <li key={line._id} className="batch-line" data-testid="batch-line" data-status={line.trans_Status}>
                      <span>
                        {typeAndItem(line)} · {line.phone_number}
                      </span>
                      <span className="num muted">{showNaira(line.trans_amount)}</span>
                      <StatusWord status={line.trans_Status} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
