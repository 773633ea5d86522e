import { Link, Navigate } from 'react-router';
import { ApiError } from '@/lib/api-client.js';
import { Icon } from '@/ui/index.js';
import { NotificationCard } from '@/ui/NotificationCard.js';
import { useCostPrices } from '../api/list-cost-prices.js';
import { useSuppliers } from '../api/list-suppliers.js';
import { useServices } from '../api/check-services.js';
import { CostPricesCard } from './CostPricesCard.js';
import { ServiceLocksCard } from './ServiceLocksCard.js';
import { SuppliersCard } from './SuppliersCard.js';

const refused = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/** The admin's settings: supplier per network, service locks, cost prices and the notification. */
export function AdminSettingsPage() {
  const suppliers = useSuppliers();
  const services = useServices();
  const costPrices = useCostPrices();

  // A refused admin fetch sends the user back to the profile.
  if (refused(suppliers.error) || refused(services.error) || refused(costPrices.error)) return <Navigate to="/profile" replace />;

  return (
    <section className="page">
      <header className="page-header page-header-row">
        <div>
          <h1>Admin settings</h1>
          <p className="muted">Who delivers each network, what is on sale, and what plans cost us.</p>
        </div>
        <div className="header-actions">
          <Link to="/profile/dataPlans" className="btn btn-secondary">
            <Icon name="list" size={18} />
            Data plans
          </Link>
          <Link to="/profile/updatePrice" className="btn btn-secondary">
            <Icon name="tag" size={18} />
            Update price
          </Link>
        </div>
      </header>

      <div className="settings-grid">
        <div className="settings-col">
          <SuppliersCard query={suppliers} />
          <ServiceLocksCard query={services} />
        </div>
        <div className="settings-col">
          <CostPricesCard query={costPrices} />
          <NotificationCard />
        </div>
      </div>
    </section>
  );
}
