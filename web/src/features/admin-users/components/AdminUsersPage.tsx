import { useState } from 'react';
import { Link } from 'react-router';
import { nextUserType, USER_PAGE_BUTTONS, type UserRow } from '@shared/api/admin-users.js';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { showNaira } from '@/lib/money.js';
import { saveFile } from '@/lib/save-file.js';
import { rolesOf, useSession } from '@/lib/session.js';
import { useSearchFilters } from '@/lib/use-search-filters.js';
import { Button, ConfirmModal, Input, ListCard, notify, num, Pagination, SearchForm, Select, TableHead } from '@/ui/index.js';
import { downloadUsers, useResetUserPassword, useSetUserType, useUsers } from '../api/users.js';
import { EMPTY_FILTERS, fallbackCsvName, USER_TYPE_OPTIONS, userFiltersForm, usersQuery } from '../lib/user-filters.js';

const articleFor = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString('en-NG', { dateStyle: 'medium' }) : '—');

/**
 * "my users": admins list, filter, download and act on users; agents see the same list
 * filtered by user name only, with no actions.
 */
export function AdminUsersPage() {
  const { isAdmin } = rolesOf(useSession()?.user);
  const { form, filters, page, setPage, onSearch } = useSearchFilters(userFiltersForm, EMPTY_FILTERS);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  // A type change moves the user's prices (and an API user's access): asked before it is made.
  const [retyping, setRetyping] = useState<UserRow | null>(null);
  const [downloading, setDownloading] = useState(false);
  const query = usersQuery(filters, page);
  const list = useUsers(query);
  const setType = useSetUserType();
  const reset = useResetUserPassword();
  const users = list.data?.users ?? [];

  const onDownload = async () => {
    setDownloading(true);
    try {
      const file = await downloadUsers(query);
      saveFile(file.text, file.fileName ?? fallbackCsvName(page, users.length), 'text/csv');
    } catch (error) {
      notify.error(errorMessage(error, MSG.somethingWentWrong));
    } finally {
      setDownloading(false);
    }
  };

  const onConfirmType = () => {
    if (!retyping) return;
    setType.mutate(
      { userId: retyping.userId, userType: nextUserType(retyping.userType) },
      {
        onSuccess: (answer) => notify.success(answer.msg),
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
        onSettled: () => setRetyping(null),
      },
    );
  };

  const onConfirmReset = () => {
    if (!resetting) return;
    reset.mutate(resetting.userId, {
      onSuccess: (answer) => notify.success(answer.msg),
      onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      onSettled: () => setResetting(null),
    });
  };

  return (
    <section className="page">
      <header className="page-header page-header-row">
        <div>
          <h1>My users</h1>
          <p className="muted" data-testid="users-summary">
            {list.data ? `${list.data.totalUsers.toLocaleString('en-NG')} users · ${showNaira(list.data.totalBalance)} on this page` : 'Registered users'}
          </p>
        </div>
        {isAdmin ? (
          <Button variant="secondary" onClick={onDownload} loading={downloading} disabled={!list.data} data-testid="download-csv">
            Download CSV
          </Button>
        ) : null}
      </header>

      <SearchForm onSubmit={onSearch}>
        <Input label="User name" type="search" autoComplete="off" {...form.register('userName')} />
        {isAdmin ? (
          <>
            <Input label="Phone number" type="search" inputMode="numeric" {...form.register('phoneNumber')} />
            <Select label="Type" options={USER_TYPE_OPTIONS} {...form.register('type')} />
          </>
        ) : null}
      </SearchForm>

      <ListCard
        pending={list.isPending}
        error={list.isError ? errorMessage(list.error, MSG.somethingWentWrong) : null}
        empty={users.length === 0}
        loadingLabel="Loading users…"
        emptyText="No users match these filters"
        emptyTestId="no-users"
      >
        <table className="table table-users" data-testid="users-table">
          <TableHead headings={['User', 'Phone', 'Type', num('Balance'), 'KYC', 'Joined · last login', isAdmin && 'Actions']} />
          <tbody>
            {users.map((user) => (
              <tr key={user.userId} data-testid={`user-${user.userName}`}>
                <td>
                  <strong>{user.userName}</strong>
                  <br />
                  <span className="muted user-email">{user.email}</span>
                </td>
                <td className="nowrap">{user.phoneNumber}</td>
                <td className="nowrap" data-testid="user-type">
                  {user.userType}
                </td>
                <td className="num nowrap">{showNaira(user.balance)}</td>
                <td>{user.kyc}</td>
                <td className="nowrap">
                  {day(user.createdAt)}
                  <br />
                  <span className="muted">{day(user.lastLogin)}</span>
                </td>
                {isAdmin ? (
                  <td>
                    <div className="row-actions">
                      <Button
                        className="btn-sm"
                        variant="secondary"
                        onClick={() => setRetyping(user)}
                        loading={setType.isPending && setType.variables?.userId === user.userId}
                        data-testid="cycle-type"
                      >
                        Make {nextUserType(user.userType)}
                      </Button>
                      <Button className="btn-sm" variant="ghost" onClick={() => setResetting(user)} data-testid="reset-password">
                        Reset password
                      </Button>
                      {/* An admin's transfer credits from the house account: the transfer screen with this user filled in. */}
                      <Link className="btn btn-sm btn-ghost" to={`/profile/transfer?to=${encodeURIComponent(user.userName)}`} data-testid="fund-user">
                        Fund this user
                      </Link>
                    </div>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </ListCard>

      <Pagination page={page} totalPages={list.data?.totalPages ?? 1} maxButtons={USER_PAGE_BUTTONS} onChange={setPage} />

      <ConfirmModal
        open={retyping !== null}
        title="Change user type"
        busy={setType.isPending}
        onCancel={() => setRetyping(null)}
        onConfirm={onConfirmType}
        confirmTestId="confirm-type"
      >
        <p data-testid="confirm-type-text">
          Make <strong>{retyping?.userName}</strong> {retyping ? `${articleFor(nextUserType(retyping.userType))} ${nextUserType(retyping.userType)}` : ''} (now{' '}
          {retyping?.userType})? Their prices change on their next purchase.
        </p>
      </ConfirmModal>

      <ConfirmModal
        open={resetting !== null}
        title="Reset password"
        busy={reset.isPending}
        onCancel={() => setResetting(null)}
        onConfirm={onConfirmReset}
        confirmTestId="confirm-reset"
      >
        <p>
          Reset the password of <strong>{resetting?.userName}</strong>? Their password and every session stop working, and they are e-mailed a link to choose a
          new one.
        </p>
      </ConfirmModal>
    </section>
  );
}
