import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { UserView } from '@shared/api/accounts.js';
import { RESELLER_UPGRADE_FEE_KOBO } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import { formatNaira } from '@shared/money.js';
import { errorMessage } from '@/lib/api-client.js';
import { apiNairaToKobo } from '@/lib/money.js';
import { updateUser } from '@/lib/session.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';

const refreshCurrentUser = () => queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
import { Button } from '@/ui/Button.js';
import { Modal } from '@/ui/Modal.js';
import { notify } from '@/ui/notify.js';
import { useUpgradeToReseller } from '../api/upgrade-to-reseller.js';

/** The one-time upgrade to reseller: confirm, pay ₦1,000, and carry on as a reseller in the same session (it is not logged out). */
export function UpgradeOffer({ user }: { user: UserView }) {
  const navigate = useNavigate();
  const upgrade = useUpgradeToReseller();
  const [confirming, setConfirming] = useState(false);
  const fee = formatNaira(RESELLER_UPGRADE_FEE_KOBO);

  const start = () => {
    if (apiNairaToKobo(user.balance) < RESELLER_UPGRADE_FEE_KOBO) return void notify.warn(MSG.insufficientBalance);
    setConfirming(true);
  };

  const confirm = () =>
    upgrade.mutate(user._id, {
      onSuccess: (answer) => {
        setConfirming(false);
        notify.success(answer.msg);
        // The session stays: every request reads the caller's type afresh, so the same token now acts as a reseller.
        if (answer.user) updateUser(answer.user);
        else void refreshCurrentUser();
        navigate('/profile', { replace: true });
      },
      onError: (error) => {
        setConfirming(false);
        notify.error(errorMessage(error, MSG.somethingWentWrong));
      },
    });

  return (
    <div className="card card-offer">
      <h2 className="card-title">Become a reseller</h2>
      <p>
        Pay a one-time {fee} and buy airtime and data at reseller prices — 98% of airtime value instead of 99%, and cheaper data plans — so every sale to your
        customers earns you more.
      </p>
      <Button onClick={start}>Upgrade to reseller for {fee}</Button>
      <Modal
        open={confirming}
        title="Upgrade to reseller"
        onClose={upgrade.isPending ? undefined : () => setConfirming(false)}
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={upgrade.isPending}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={upgrade.isPending} data-testid="confirm-upgrade">
              Pay {fee}
            </Button>
          </>
        }
      >
        <p>{fee} will be taken from your wallet. You stay signed in, and reseller prices apply from your next purchase.</p>
      </Modal>
    </div>
  );
}
