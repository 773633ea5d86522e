import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { showNaira } from '@/lib/money.js';
import { Button, notify } from '@/ui/index.js';
import { useCancelCoupon, useVendorCoupons } from '../api/vendor-coupons.js';

/** A coupon vendor's unredeemed coupons; cancelling one puts its money back in the vendor's wallet. */
export function VendorCoupons() {
  const coupons = useVendorCoupons(true);
  const cancel = useCancelCoupon();
  const list = coupons.data?.coupons ?? [];

  const onCancel = (code: string) =>
    cancel.mutate(code, {
      onSuccess: (answer) => notify.success(answer.msg),
      onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
    });

  return (
    <div className="card" data-testid="vendor-coupons">
      <h2>Unredeemed coupons</h2>
      {list.length === 0 ? (
        <p className="muted">{coupons.isLoading ? 'Loading…' : 'None: every coupon you paid for was redeemed or cancelled.'}</p>
      ) : (
        <ul className="row-list">
          {list.map((coupon) => (
            <li key={coupon.code} className="row-item">
              <span className="row-text">
                <code>{coupon.code}</code>
                <span className="muted">
                  for <strong>{coupon.owner}</strong>, {showNaira(coupon.amount)}
                </span>
              </span>
              <Button variant="ghost" onClick={() => onCancel(coupon.code)} loading={cancel.isPending && cancel.variables === coupon.code}>
                Cancel
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
