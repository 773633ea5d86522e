import type { TransactionListResponse } from '@shared/api/transactions.js';
import { showNaira } from '@/lib/money.js';
import { typeName } from '@/lib/transaction-labels.js';
import { Button, Modal, TableHead } from '@/ui/index.js';
import { formatDataVolume, formatVolumeSold } from '../lib/sales-volume.js';

export function SalesStatsModal({ open, data, onClose }: { open: boolean; data: TransactionListResponse | undefined; onClose: () => void }) {
  return (
    <Modal open={open} title="Sales statistics" onClose={onClose} wide footer={<Button onClick={onClose}>Close</Button>}>
      {data ? (
        <>
          <div className="stat-grid">
            <div className="stat">
              <span>Transactions</span>
              <strong>{data.noOfTransaction.toLocaleString('en-NG')}</strong>
            </div>
            <div className="stat">
              <span>Total sales</span>
              <strong>{showNaira(data.totalSalesNaira)}</strong>
            </div>
            <div className="stat">
              <span>Data sold</span>
              <strong>{formatDataVolume(data.totalSales)}</strong>
            </div>
            <div className="stat">
              <span>Total profit</span>
              <strong>{showNaira(data.totalProfit)}</strong>
            </div>
            <div className="stat">
              <span>Total debit</span>
              <strong>{showNaira(data.totalDebit)}</strong>
            </div>
            <div className="stat">
              <span>Total credit</span>
              <strong>{showNaira(data.totalCredit)}</strong>
            </div>
          </div>
          {data.stat?.length ? (
            <div className="table-wrap">
              <table className="table">
                <TableHead headings={['Network', 'Product', 'Volume sold', 'Profit']} />
                <tbody>
                  {data.stat.map((row) => (
                    <tr key={`${row.network}:${row.type}`}>
                      <td>{row.network}</td>
                      <td>{typeName(row.type)}</td>
                      <td>{formatVolumeSold(row)}</td>
                      <td>{showNaira(row.profit)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </>
      ) : null}
    </Modal>
  );
}
