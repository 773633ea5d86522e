import { priceTierFor } from '@shared/pricing.js';
import { showNaira } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
import { useServicePrices } from '../api/service-prices.js';

const TIERS = [
  { tier: 'my_price', label: 'Smart earner' },
  { tier: 'resellerPrice', label: 'Reseller' },
  { tier: 'apiPrice', label: 'API' },
] as const;

/** The price list's configured services (Smile, Spectranet …): each plan on sale, every tier; a free amount as a share of it. */
export function ServicePriceTable() {
  const session = useSession();
  const prices = useServicePrices();
  const rows = (prices.data?.services ?? []).flatMap((service) =>
    service.plans.map((plan) => ({ ...plan, serviceID: service.serviceID, service: service.name })),
  );
  if (rows.length === 0) return null;
  const ownTier = session ? priceTierFor(session.user.userType) : null;
  return (
    <>
      <h2>Internet &amp; more</h2>
      <div className="card card-flush">
        <div className="table-wrap">
          <table className="table table-prices" data-testid="service-price-table">
            <thead>
              <tr>
                <th>Service</th>
                <th>Plan</th>
                {TIERS.map(({ tier, label }) => (
                  <th key={tier} className={`num ${ownTier === tier ? 'col-own' : ''}`}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.serviceID}:${row.variation_code}`} data-testid="service-price-row" data-service={row.serviceID}>
                  <td>{row.service}</td>
                  <td className="nowrap">
                    <strong>{row.name}</strong>
                  </td>
                  {TIERS.map(({ tier, label }) => (
                    <td key={tier} className={`num col-tier ${ownTier === tier ? 'col-own' : ''}`} data-label={label}>
                      {row.fixedPrice ? showNaira(row[tier]) : `${row[tier]}% of amount`}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </>
  );
}
