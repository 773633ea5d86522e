import type { UserView } from '@shared/api/accounts.js';
import { MONEY_MSG, MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { Button } from '@/ui/Button.js';
import { notify } from '@/ui/notify.js';
import { ReservedAccountCards } from '@/ui/ReservedAccountCards.js';
import { useGenerateReservedAccounts } from '../api/generate-reserved-accounts.js';

/**
 * The reserved bank accounts a transfer to funds the wallet; a "generate account" action while
 * there are none, once the user's BVN or NIN is verified (until then, a pointer to Update KYC).
 */
export function PaymentAccounts({ user }: { user: UserView }) {
  const generate = useGenerateReservedAccounts();
  const accounts = user.accountNumbers ?? [];

  return (
    <div className="card">
      <h2 className="card-title">Payment accounts</h2>
      {accounts.length === 0 && !user.bvn && !user.nin ? (
        // Monnify reserves accounts only under a BVN or NIN: KYC first, with the Update KYC button above.
        <p className="notice" role="status" data-testid="accounts-need-kyc">
          {MONEY_MSG.kycRequiredForAccounts}
        </p>
      ) : accounts.length === 0 ? (
        <>
          <p className="muted">Get bank accounts of your own: any transfer to them funds your wallet.</p>
          <Button
            loading={generate.isPending}
            onClick={() =>
              generate.mutate(undefined, {
                onSuccess: (answer) => notify.success(answer.msg),
                onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
              })
            }
          >
            Generate account
          </Button>
        </>
      ) : (
        <ReservedAccountCards user={user} testId="payment-accounts" />
      )}
    </div>
  );
}
