import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TransactionView } from '@shared/api/transactions.js';
import { FILTER_DEBOUNCE_MS, PAGINATION_BUTTONS_ADMIN, PAGINATION_BUTTONS_USER, TRANSACTION_STATUS_FILTERS, USER_TYPES } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import { showNaira } from '@/lib/money.js';
import { rolesOf, useSession } from '@/lib/session.js';
import { useDebouncedState } from '@/lib/use-debounced-state.js';
import { Button, Input, ListCard, Select, TableHead, num, unseen } from '@/ui/index.js';
import { useTransactions, type TransactionFilters } from '../api/list-transactions.js';
import { TYPE_OPTIONS } from '../lib/type-filter.js';
import { direction, formatDateTime, typeLabel } from './format.js';
import { Pagination } from '@/ui/Pagination.js';
import { SalesStatsModal } from './SalesStatsModal.js';
import { StatusBadge } from './StatusBadge.js';
import { TransactionDetailsModal } from './TransactionDetailsModal.js';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const STATUS_OPTIONS = TRANSACTION_STATUS_FILTERS.map((value) => ({ value, label: value === 'all' ? 'All statuses' : capitalise(value) }));
const USER_TYPE_OPTIONS = [{ value: 'all', label: 'All user types' }, ...USER_TYPES.map((value) => ({ value, label: capitalise(value) }))];

/** A calendar day in the user's time zone → the instant it starts or ends. */
function dayBoundary(day: string, end: boolean): string | undefined {
  if (!day) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function TransactionsPage() {
  const session = useSession();
  // A contact's shortcut opens the list filtered by its number (`?phoneNumber=`).
  const [params] = useSearchParams();
  const initialPhone = params.get('phoneNumber') ?? '';
  const { isAdmin, isAgent } = rolesOf(session?.user);
  const staff = isAdmin || isAgent;

  const [page, setPage] = useState(1);
  const [type, setType] = useState('all');
  const [status, setStatus] = useState('all');
  const [userType, setUserType] = useState('all');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const phone = useDebouncedState(initialPhone, FILTER_DEBOUNCE_MS);
  const userName = useDebouncedState('', FILTER_DEBOUNCE_MS);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [statsOpen, setStatsOpen] = useState(false);

  // A new debounced text value starts the list again from page 1.
  const [settledText, setSettledText] = useState({ phone: initialPhone, userName: '' });
  if (settledText.phone !== phone.debounced || settledText.userName !== userName.debounced) {
    setSettledText({ phone: phone.debounced, userName: userName.debounced });
    setPage(1);
  }

  const filters: TransactionFilters = {
    page,
    type,
    status,
    phoneNumber: phone.debounced.trim() || undefined,
    ...(staff ? { userName: userName.debounced.trim() || undefined, userType, from: dayBoundary(from, false), to: dayBoundary(to, true) } : {}),
  };
  const list = useTransactions(filters);
  const data = list.data;
  const transactions = data?.transactions ?? [];
  const totalPages = Math.max(1, data?.totalPages ?? 1);
  // Looked up on every render so an open details view follows a status change.
  const selected: TransactionView | null = selectedId ? (transactions.find((t) => t._id === selectedId) ?? null) : null;

  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
  };
  const filtersActive = type !== 'all' || status !== 'all' || userType !== 'all' || from !== '' || to !== '' || phone.value !== '' || userName.value !== '';
  const clearFilters = () => {
    setType('all');
    setStatus('all');
    setUserType('all');
    setFrom('');
    setTo('');
    phone.setNow('');
    userName.setNow('');
    setPage(1);
  };

  return (
    <section className="page">
      <header className="page-header page-header-row">
        <div>
          <h1>Transactions</h1>
          <p className="muted">
            {data ? `${data.noOfTransaction.toLocaleString('en-NG')} in total` : 'Your purchases, funding and refunds'}
            {data?.countsUpdating ? (
              <span className="counts-updating" data-testid="counts-updating" role="status">
                {' '}
                · updating…
              </span>
            ) : null}
          </p>
        </div>
        {staff ? (
          <Button variant="secondary" onClick={() => setStatsOpen(true)} disabled={!data}>
            Sales statistics
          </Button>
        ) : null}
      </header>

      <search className="card filters">
        <Select label="Type" value={type} options={TYPE_OPTIONS} onChange={(e) => changeFilter(() => setType(e.target.value))} />
        <Select label="Status" value={status} options={STATUS_OPTIONS} onChange={(e) => changeFilter(() => setStatus(e.target.value))} />
        <Input label="Phone number" type="search" inputMode="numeric" value={phone.value} onChange={(e) => phone.set(e.target.value)} placeholder="080…" />
        {staff ? (
          <>
            <Input label="User name" type="search" value={userName.value} onChange={(e) => userName.set(e.target.value)} />
            <Select label="User type" value={userType} options={USER_TYPE_OPTIONS} onChange={(e) => changeFilter(() => setUserType(e.target.value))} />
            <Input label="From" type="date" value={from} onChange={(e) => changeFilter(() => setFrom(e.target.value))} />
            <Input label="To" type="date" value={to} onChange={(e) => changeFilter(() => setTo(e.target.value))} />
          </>
        ) : null}
        <div className="filters-actions">
          <Button variant="ghost" onClick={clearFilters} disabled={!filtersActive}>
            Clear filters
          </Button>
        </div>
      </search>

      <ListCard
        pending={list.isPending}
        error={list.isError && !data ? 'We could not load your transactions.' : null}
        onRetry={() => void list.refetch()}
        empty={transactions.length === 0}
        loadingLabel="Loading transactions…"
        emptyText={MSG.noTransactions}
        emptyTestId="no-transactions"
        footer={<Pagination page={page} totalPages={totalPages} maxButtons={isAdmin ? PAGINATION_BUTTONS_ADMIN : PAGINATION_BUTTONS_USER} onChange={setPage} />}
      >
        <table className="table table-hover table-transactions" data-testid="transactions-table">
          <TableHead headings={['Date', 'Type', 'Network', 'Phone', num('Amount'), staff && 'User', staff && num('Profit'), 'Status', unseen('Details')]} />
          <tbody>
            {transactions.map((t) => {
              const flow = direction(t);
              return (
                <tr key={t._id} data-testid="transaction-row" data-phone={t.phone_number} data-status={t.trans_Status} onClick={() => setSelectedId(t._id)}>
                  <td className="col-date nowrap">{formatDateTime(t.createdAt)}</td>
                  <td className="col-type" data-testid="transaction-type">
                    {typeLabel(t)}
                    {!t.isWithdrawal && t.trans_Network ? <span className="mobile-only"> · {t.trans_Network}</span> : null}
                  </td>
                  <td className="col-network">{t.trans_Network || '—'}</td>
                  <td className="col-phone">{t.phone_number || '—'}</td>
                  <td className={`col-amount num amount-${flow}`}>
                    {flow === 'credit' ? '+' : flow === 'debit' ? '−' : ''}
                    {showNaira(t.trans_amount)}
                  </td>
                  {staff ? <td className="col-user">{t.trans_UserName}</td> : null}
                  {staff ? (
                    <td className="col-profit num">
                      <span className="mobile-only">Profit </span>
                      {showNaira(t.trans_profit)}
                    </td>
                  ) : null}
                  <td className="col-status">
                    <StatusBadge status={t.trans_Status} />
                  </td>
                  <td className="col-details">
                    <button
                      type="button"
                      className="link-btn"
                      onClick={(event) => {
                        event.stopPropagation();
                        setSelectedId(t._id);
                      }}
                    >
                      Details
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ListCard>

      <TransactionDetailsModal transaction={selected} showProfit={staff} canCheckStatus={isAdmin} canRefund={staff} onClose={() => setSelectedId(null)} />
      {staff ? <SalesStatsModal open={statsOpen} data={data} onClose={() => setStatsOpen(false)} /> : null}
    </section>
  );
}
