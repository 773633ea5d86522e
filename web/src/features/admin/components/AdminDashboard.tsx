import { Navigate } from 'react-router';
import type { DashboardResponse } from '@shared/api/admin.js';
import { showNaira } from '@/lib/money.js';
import { Spinner, TableHead, num } from '@/ui/index.js';
import { useAdminDashboard } from '../api/dashboard.js';
import { SalesChart } from './SalesChart.js';
import { SalesTable } from './SalesTable.js';

const total = (rows: DashboardResponse['figures']['today'], pick: 'sales' | 'profit') => rows.reduce((sum, row) => sum + row[pick], 0);

/** The back office's figures: users, money held, sales and profit, refunds, newest users. */
export function AdminDashboard() {
  const dashboard = useAdminDashboard();
  // Any failed fetch sends the screen to the profile.
  if (dashboard.isError) return <Navigate to="/profile" replace />;
  if (!dashboard.data) return <Spinner label="Loading figures…" />;
  const { figures, allUsers } = dashboard.data;

  return (
    <div className="admin-dashboard" data-testid="admin-dashboard">
      {/* The platform's figures are summed from the table's stream, off the purchases' own writes. */}
      <p className="muted" data-testid="figures-lag-note">
        Figures update within a few seconds.
      </p>
      <div className="stat-grid">
        <Stat label="Users" value={String(figures.totalUsers)} />
        <Stat label="Total balance" value={showNaira(figures.totalBalance)} />
        <Stat label="Sales today" value={showNaira(total(figures.today, 'sales'))} />
        <Stat label="Profit today" value={showNaira(total(figures.today, 'profit'))} />
        <Stat label="Sales, 30 days" value={showNaira(total(figures.last30Days, 'sales'))} />
        <Stat label="Profit, 30 days" value={showNaira(total(figures.last30Days, 'profit'))} />
        <Stat label="Open purchases" value={String(figures.openPurchases)} />
        <Stat label="Refunds today" value={`${figures.refundsToday.count} · ${showNaira(figures.refundsToday.amount)}`} />
      </div>

      <div className="card">
        <h2 className="card-title">Sales per day</h2>
        <SalesChart days={figures.salesPerDay} />
      </div>

      <SalesTable title="Today" rows={figures.today} />
      <SalesTable title="Last 30 days" rows={figures.last30Days} />

      <div className="card card-flush">
        <h2 className="card-title">Newest users</h2>
        {allUsers.length === 0 ? (
          <p className="table-empty">No users yet.</p>
        ) : (
          <div className="table-wrap">
            <table className="table" data-testid="newest-users">
              <TableHead headings={['User', 'Phone', 'Type', num('Balance')]} />
              <tbody>
                {allUsers.map((user) => (
                  <tr key={user._id}>
                    <td>{user.userName}</td>
                    <td>{user.phoneNumber}</td>
                    <td>{user.userType}</td>
                    <td className="num">{showNaira(user.balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="stat">
      <span>{label}</span>
      <strong>{value}</strong>
    </div>
  );
}
