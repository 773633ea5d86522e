import type { SalesRow } from '@shared/api/admin.js';
import { showNaira } from '@/lib/money.js';
import { TableHead, num } from '@/ui/index.js';
import { typeName } from '@/lib/transaction-labels.js';

/** Sales and profit per product × network over one period, each product by its registry name. */
export function SalesTable({ title, rows }: { title: string; rows: readonly SalesRow[] }) {
  return (
    <div className="card card-flush">
      <h2 className="card-title">{title}</h2>
      {rows.length === 0 ? (
        <p className="table-empty">No sales yet.</p>
      ) : (
        <div className="table-wrap">
          <table className="table sales-table">
            {/* Four columns, the network under its product: five pushed Sales and Profit off a phone's screen. */}
            <TableHead headings={['Product', num('Sold'), num('Sales'), num('Profit')]} />
            <tbody>
              {rows.map((row) => (
                <tr key={`${row.product}-${row.network}`} data-testid="sales-row">
                  <td>
                    {typeName(row.product)} <span className="sales-network muted">{row.network}</span>
                  </td>
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
