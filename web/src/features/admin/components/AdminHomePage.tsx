import { TileGrid, type TileLink } from '@/ui/index.js';
import { AdminDashboard } from './AdminDashboard.js';

/** The back-office tools. */
const TOOLS: TileLink[] = [
  { to: '/admin/generateCoupon', label: 'Generate coupon', icon: 'ticket' },
  { to: '/admin/sendMail', label: 'Send email', icon: 'mail' },
  { to: '/admin/transactions', label: 'All transactions', icon: 'chart' },
  { to: '/profile/adminSettings', label: 'Admin settings', icon: 'sliders' },
  { to: '/profile/dataPlans', label: 'Data plans', icon: 'list' },
  { to: '/profile/updatePrice', label: 'Update price', icon: 'tag' },
  { to: '/profile/fundWallet/coupon', label: 'Fund wallet (coupon)', icon: 'card' },
];

/** The admin area's start page: the dashboard's figures, then the back-office tools. */
export function AdminHomePage() {
  return (
    <section className="page">
      <header className="page-header">
        <h1>Admin</h1>
        <p className="muted">Figures and back-office tools.</p>
      </header>
      <AdminDashboard />
      <TileGrid tiles={TOOLS} />
    </section>
  );
}
