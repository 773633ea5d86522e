import { Link } from 'react-router';
import { showNaira } from '../../../lib/money.js';
import { Spinner } from '../../../ui/index.js';

export interface PriceRow {
  id: string | number;
  plan_network: string;
  plan_type: string;
  plan: string;
  my_price: number;
  resellerPrice: number;
  apiPrice: number;
  month_validate: string;
}

/**
 * The public price list. The table is fed by the prices endpoint once it exists;
 * until the list has rows a loading indicator shows (spec §7).
 */
export function PriceListPage({ rows = [] }: { rows?: PriceRow[] }) {
  return (
    <main className="container page-public">
      <p>
        <Link to="/">← Home</Link>
      </p>
      <h1>Price list</h1>
      <p className="muted">Data plan prices by network and account type.</p>
      <div className="card card-flush">
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>Network</th>
                <th>Type</th>
                <th>Plan</th>
                <th>Smart earner</th>
                <th>Reseller</th>
                <th>API</th>
                <th>Validity</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>{row.plan_network}</td>
                  <td>{row.plan_type}</td>
                  <td>{row.plan}</td>
                  <td>{showNaira(row.my_price)}</td>
                  <td>{showNaira(row.resellerPrice)}</td>
                  <td>{showNaira(row.apiPrice)}</td>
                  <td>{row.month_validate}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {rows.length === 0 ? (
          <div className="table-empty">
            <Spinner label="Loading prices…" />
          </div>
        ) : null}
      </div>
    </main>
  );
}
