import { useState } from 'react';
import { Link } from 'react-router';
import { NETWORK_NAMES } from '@shared/constants.js';
import { priceTierFor, type PriceTier } from '@shared/pricing.js';
import { showNaira } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
import { Spinner } from '@/ui/index.js';
import { ServicePriceTable } from './ServicePriceTable.js';
import { usePrices } from '../api/list-prices.js';

const TIERS: ReadonlyArray<{ tier: PriceTier; label: string }> = [
  { tier: 'my_price', label: 'Smart earner' },
  { tier: 'resellerPrice', label: 'Reseller' },
  { tier: 'apiPrice', label: 'API' },
];

/**
 * The public price list: every available plan with the price for each account type. While the
 * list is empty a loading indicator shows; a failed fetch is only logged.
 */
export function PriceListPage() {
  const session = useSession();
  const prices = usePrices();
  const [network, setNetwork] = useState<string>('all');
  const rows = prices.data ?? [];
  const shown = network === 'all' ? rows : rows.filter((row) => row.plan_network === network);
  // A signed-in user's own column is marked.
  const ownTier = session ? priceTierFor(session.user.userType) : null;

  return (
    <main className="container page-public">
      <p>
        <Link to="/">← Home</Link>
      </p>
      <h1>Price list</h1>
      <p className="muted">Data plan prices by network and account type.</p>

      <fieldset className="chips-group" aria-label="Network">
        <div className="chips chips-filter">
          {['all', ...NETWORK_NAMES].map((name) => (
            <button
              key={name}
              type="button"
              className={`chip ${network === name ? 'selected' : ''}`}
              aria-pressed={network === name}
              onClick={() => setNetwork(name)}
            >
              {name === 'all' ? 'All networks' : name}
            </button>
          ))}
        </div>
      </fieldset>

      <div className="card card-flush">
        <div className="table-wrap">
          <table className="table table-prices" data-testid="price-table">
            <thead>
              <tr>
                <th className="col-network">Network</th>
                <th>Type</th>
                <th>Plan</th>
                {TIERS.map(({ tier, label }) => (
                  <th key={tier} className={`num ${ownTier === tier ? 'col-own' : ''}`}>
                    {label}
                    {ownTier === tier ? <span className="sr-only"> (your price)</span> : null}
                  </th>
                ))}
                <th>Validity</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.id} data-testid="price-row" data-plan-id={row.id}>
                  <td className="col-network">{row.plan_network}</td>
                  <td className="col-type">{row.plan_type}</td>
                  <td className="col-plan nowrap">
                    <strong>{row.plan}</strong>
                  </td>
                  {TIERS.map(({ tier, label }) => (
                    <td key={tier} className={`num col-tier col-${tier} ${ownTier === tier ? 'col-own' : ''}`} data-tier={tier} data-label={label}>
                      {showNaira(row[tier])}
                    </td>
                  ))}
                  <td className="col-validity nowrap">{row.month_validate}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {rows.length === 0 ? (
          <div className="table-empty">
            <Spinner label="Loading prices…" />
          </div>
        ) : shown.length === 0 ? (
          <p className="table-empty">No {network} plans at the moment.</p>
        ) : null}
      </div>
      <ServicePriceTable />
    </main>
  );
}
