import { Link } from 'react-router';
import { Icon } from '@/ui/index.js';
import { AdminDashboard } from './AdminDashboard.js';

/** The admin area's start page: the dashboard's figures, then the back-office tools. */
export function AdminHomePage() {
  return (
    <section className="page">
      <header className="page-header">
        <h1>Admin</h1>
        <p className="muted">Figures and back-office tools.</p>
      </header>
      <AdminDashboard />
      <div className="tile-grid">
        <Link to="/admin/generateCoupon" className="tile">
          <span className="tile-icon">
            <Icon name="ticket" />
          </span>
          <span>Generate coupon</span>
        </Link>
        <Link to="/admin/sendMail" className="tile">
          <span className="tile-icon">
            <Icon name="mail" />
          </span>
          <span>Send email</span>
        </Link>
        <Link to="/admin/transactions" className="tile">
          <span className="tile-icon">
            <Icon name="chart" />
          </span>
          <span>All transactions</span>
        </Link>
        <Link to="/profile/adminSettings" className="tile">
          <span className="tile-icon">
            <Icon name="sliders" />
          </span>
          <span>Admin settings</span>
        </Link>
        <Link to="/profile/dataPlans" className="tile">
          <span className="tile-icon">
            <Icon name="list" />
          </span>
          <span>Data plans</span>
        </Link>
        <Link to="/profile/updatePrice" className="tile">
          <span className="tile-icon">
            <Icon name="tag" />
          </span>
          <span>Update price</span>
        </Link>
        <Link to="/profile/fundWallet/coupon" className="tile">
          <span className="tile-icon">
            <Icon name="card" />
          </span>
          <span>Fund wallet (coupon)</span>
        </Link>
      </div>
    </section>
  );
}
