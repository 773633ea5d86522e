import type { TransactionListResponse } from '@shared/api/transactions.js';
import { showNaira } from '@/lib/money.js';
import { Button, Modal } from '@/ui/index.js';
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
                <thead>
                  <tr>
                    <th>Network</th>
                    <th>Product</th>
                    <th>Volume sold</th>
                    <th>Profit</th>
                  </tr>
                </thead>
                <tbody>
                  {data.stat.map((row) => (
                    <tr key={`${row.network}:${row.type}`}>
                      <td>{row.network}</td>
                      <td>{row.type}</td>
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
