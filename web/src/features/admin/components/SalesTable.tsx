import type { SalesRow } from '@shared/api/admin.js';
import { showNaira } from '@/lib/money.js';

/** Sales and profit per product × network over one period. */
export function SalesTable({ title, rows }: { title: string; rows: readonly SalesRow[] }) {
  return (
    <div className="card card-flush">
      <h2 className="card-title">{title}</h2>
      {rows.length === 0 ? (
        <p className="table-empty">No sales yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th>Product</th>
                <th>Network</th>
                <th className="num">Sold</th>
                <th className="num">Sales</th>
                <th className="num">Profit</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.product}-${row.network}`}>
                  <td>{row.product}</td>
                  <td>{row.network}</td>
                  <td className="num">{row.count}</td>
                  <td className="num">{showNaira(row.sales)}</td>
                  <td className="num">{showNaira(row.profit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
