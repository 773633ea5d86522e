import { useState } from 'react';
import type { BillProductView } from '@shared/api/bills.js';
import { BILL_MSG, MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { showNaira } from '@/lib/money.js';
import { Button, Checkbox, Input, Modal, Spinner, Switch, TableHead, notify, unseen } from '@/ui/index.js';
import { useBillLocks, useBillProductList, useSetBillLock, useUpdateBillProduct } from '../api/bill-products.js';
import { AvailabilityBadge, PRICE_HEADINGS, PriceCells } from './PriceCells.js';

type PriceField = 'my_price' | 'resellerPrice' | 'apiPrice' | 'costPrice';
const FIELDS: [PriceField, string][] = [
  ['my_price', 'Price (₦)'],
  ['resellerPrice', 'Reseller (₦)'],
  ['apiPrice', 'API (₦)'],
  ['costPrice', 'Cost (₦)'],
];

/**
 * Cable bouquets and exam PINs on the plan manager: the same tiers and cost price as a
 * data plan. An exam's price above the exam body's approved price is refused by the server (shown as its message).
 */
export function BillProductsCard() {
  const list = useBillProductList();
  const locks = useBillLocks();
  const setLock = useSetBillLock();
  const update = useUpdateBillProduct();
  const [editing, setEditing] = useState<BillProductView | null>(null);
  const [values, setValues] = useState<Record<PriceField, string>>({ my_price: '', resellerPrice: '', apiPrice: '', costPrice: '' });
  const [available, setAvailable] = useState(true);

  const open = (product: BillProductView) => {
    setEditing(product);
    setValues({
      my_price: String(product.my_price),
      resellerPrice: String(product.resellerPrice),
      apiPrice: String(product.apiPrice),
      costPrice: String(product.costPrice),
    });
    setAvailable(product.isAvailable);
  };
  const save = () => {
    if (!editing) return;
    update.mutate(
      { code: editing.code, ...values, isAvailable: available },
      {
        onSuccess: (answer) => {
          notify.success(answer?.msg ?? BILL_MSG.productUpdated);
          setEditing(null);
        },
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      },
    );
  };

  const products = list.data?.products ?? [];
  return (
    <div className="card card-flush" data-testid="bill-products-card">
      <h2 className="card-title">Cable TV, exam PINs and recharge cards</h2>
      {/* A locked provider or exam service refuses purchases before any money moves. */}
      <div className="form-row" data-testid="bill-locks">
        {(locks.data ?? []).map((lock) => (
          <Switch
            key={lock._id}
            label={`${lock.serviceName} ${lock.isAvailable ? 'on' : 'locked'}`}
            aria-label={`${lock.serviceName} ${lock.serviceType}`}
            checked={lock.isAvailable}
            disabled={setLock.isPending}
            data-testid={`lock-${lock.serviceType}-${lock.serviceName}`}
            onChange={(event) =>
              setLock.mutate(
                {
                  serviceName: lock.serviceName,
                  serviceType: lock.serviceType as 'cable' | 'exam',
                  serviceStatus: event.target.checked ? 'available' : 'locked',
                },
                { onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)) },
              )
            }
          />
        ))}
      </div>
      {list.isPending ? (
        <div className="table-empty">
          <Spinner label="Loading products…" />
        </div>
      ) : (
        <div className="table-wrap">
          <table className="table table-stack" data-testid="bill-product-table">
            <TableHead headings={['Product', ...PRICE_HEADINGS, 'Status', unseen('Actions')]} />
            <tbody>
              {products.map((p) => (
                <tr key={p.code} data-testid="bill-product-row" data-code={p.code}>
                  <td className="cell-title">
                    {p.name} <span className="muted cell-id">{p.serviceID}</span>
                    {p.approvedPrice ? <span className="muted cell-sub"> · approved {showNaira(p.approvedPrice)}</span> : null}
                  </td>
                  <PriceCells prices={[p.my_price, p.resellerPrice, p.apiPrice, p.costPrice]} />
                  <td className="cell-status">
                    <AvailabilityBadge available={p.isAvailable} />
                  </td>
                  <td className="cell-actions">
                    <Button variant="secondary" className="btn-sm" onClick={() => open(p)} aria-label={`Edit ${p.name}`}>
                      Edit
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Modal
        open={editing !== null}
        title={editing ? `Edit ${editing.name}` : 'Edit'}
        onClose={() => setEditing(null)}
        footer={
          <Button onClick={save} loading={update.isPending}>
            Save
          </Button>
        }
      >
        <div className="form">
          {FIELDS.map(([field, label]) => (
            <Input
              key={field}
              label={label}
              type="text"
              inputMode="decimal"
              value={values[field]}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
            />
          ))}
          <Checkbox label="Available" checked={available} onChange={(event) => setAvailable(event.target.checked)} />
        </div>
      </Modal>
    </div>
  );
}
