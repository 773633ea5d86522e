import { useState } from 'react';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { showNaira } from '@/lib/money.js';
import { Button, Spinner, notify } from '@/ui/index.js';
import { useReferrals } from '../api/referrals.js';
import { useWithdrawEarning } from '../api/withdraw-earning.js';

/** Earnings: earning balance, totals, the referral list page by page, and withdraw to the wallet. */
export function EarningsPage() {
  const [page, setPage] = useState(1);
  const referrals = useReferrals(page);
  const withdraw = useWithdrawEarning();
  const data = referrals.data;
  const totalPages = Math.max(1, data?.totalPages ?? 1);

  const onWithdraw = () =>
    withdraw.mutate(undefined, {
      onSuccess: (answer) => notify.success(answer.msg),
      onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
    });

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <h1>Earnings</h1>
        <p className="muted">Earn when people you refer upgrade to reseller.</p>
      </header>

      {referrals.isPending ? (
        <Spinner label="Loading your earnings" />
      ) : referrals.isError && !data ? (
        <div className="card table-empty">
          <p>We could not load your earnings.</p>
          <Button variant="secondary" onClick={() => void referrals.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <div className="card">
            <div className="stat-grid">
              <div className="stat">
                <span className="muted">Earning balance</span>
                <strong data-testid="earning-balance">{showNaira(data?.earningBalance)}</strong>
              </div>
              <div className="stat">
                <span className="muted">Total referred</span>
                <strong data-testid="total-referred">{data?.totalReferred ?? 0}</strong>
              </div>
              <div className="stat">
                <span className="muted">Total earned</span>
                <strong data-testid="total-earned">{showNaira(data?.totalEarned)}</strong>
              </div>
            </div>
            <div className="action-row">
              <Button onClick={onWithdraw} loading={withdraw.isPending} disabled={!data?.earningBalance}>
                Withdraw earnings
              </Button>
            </div>
          </div>

          <div className="card">
            <h2 className="card-title">Referrals</h2>
            {!data || data.referralList.length === 0 ? (
              <p className="table-empty" data-testid="no-referral">
                {MSG.noReferral}
              </p>
            ) : (
              <ul className="row-list" data-testid="referral-list">
                {/* A user name belongs to one user, and a user is referred once: it names the row. */}
                {data.referralList.map((referral) => (
                  <li key={referral.userName} className="row-item">
                    <span className="row-text">{referral.userName}</span>
                    <strong>{showNaira(referral.amountEarned)}</strong>
                  </li>
                ))}
              </ul>
            )}
            {totalPages > 1 ? (
              <nav className="pagination" aria-label="Referral pages">
                <button type="button" className="page-btn" onClick={() => setPage(page <= 1 ? totalPages : page - 1)} aria-label="Previous page">
                  ‹
                </button>
                <span className="muted">
                  Page {page} of {totalPages}
                </span>
                <button type="button" className="page-btn" onClick={() => setPage(page >= totalPages ? 1 : page + 1)} aria-label="Next page">
                  ›
                </button>
              </nav>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
