import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { InitiateSquadPaymentResponse } from '@shared/api/funding.js';
import { FUND_WALLET_CHARGE_BPS, FUND_WALLET_MIN_KOBO } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import { applyRate, formatNaira } from '@shared/money.js';
import { errorMessage } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { showNaira } from '@/lib/money.js';
import { typedNairaInKobo } from '@/lib/typed-naira.js';
import { useSession } from '@/lib/session.js';
import { Button, Input, notify, ReservedAccountCards } from '@/ui/index.js';
import { useInitiateSquadPayment } from '../api/initiate-squad-payment.js';
import { cardPaymentBody, cardPaymentForm, type CardPaymentFormValues } from '../lib/funding-form.js';

/**
 * Fund the wallet: by card, the amount gives a payment link, then "proceed to pay" goes
 * there; a user with reserved accounts also sees them here as the bank-transfer way to pay.
 */
export function FundWalletPage() {
  const session = useSession();
  const initiate = useInitiateSquadPayment();
  const [payment, setPayment] = useState<InitiateSquadPaymentResponse | null>(null);
  const { register, handleSubmit, watch } = useForm({ resolver: zodResolver(cardPaymentForm), defaultValues: { amount: '' } });

  const amountKobo = typedNairaInKobo(watch('amount'));
  const chargeKobo = amountKobo === null ? null : applyRate(amountKobo, FUND_WALLET_CHARGE_BPS);

  const onSubmit = handleSubmit(
    (values) => {
      if (payment) {
        window.location.assign(payment.link);
        return;
      }
      initiate.mutate(cardPaymentBody(values.amount, session?.user.email || undefined), {
        onSuccess: (answer) => {
          setPayment(answer);
          notify.success(answer.msg);
        },
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      });
    },
    warnFirstError<CardPaymentFormValues>(['amount']),
  );

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <h1>Fund wallet</h1>
        <p className="muted">
          Current balance: <strong>{showNaira(session?.user.balance)}</strong>
        </p>
      </header>
      <form onSubmit={onSubmit} noValidate className="card form">
        <Input
          label="Amount (₦)"
          type="text"
          inputMode="decimal"
          placeholder="1000"
          readOnly={payment !== null}
          {...register('amount', { onChange: () => setPayment(null) })}
        />
        <div className="charge-preview" aria-live="polite" data-testid="funding-charge">
          <span>Charge (1%)</span>
          <strong>{payment ? showNaira(payment.charge) : chargeKobo === null ? '—' : formatNaira(chargeKobo)}</strong>
          <small>
            {payment
              ? `${showNaira(payment.amountToCredit)} reaches your wallet once the payment is confirmed`
              : `A 1% charge applies to each successful payment; minimum ${formatNaira(FUND_WALLET_MIN_KOBO)}`}
          </small>
        </div>
        {payment ? (
          <a href={payment.link} className="btn btn-primary btn-block" data-testid="proceed-to-pay">
            <span>proceed to pay</span>
          </a>
        ) : (
          <Button type="submit" block loading={initiate.isPending}>
            Fund wallet
          </Button>
        )}
        {payment ? (
          <Button variant="ghost" block onClick={() => setPayment(null)}>
            Change amount
          </Button>
        ) : null}
      </form>
      {session && (session.user.accountNumbers ?? []).length > 0 ? (
        <div className="card" data-testid="fund-by-transfer">
          <h2 className="card-title">Pay by bank transfer</h2>
          <p className="muted">Transfer to any of your accounts below from your bank app: your wallet is credited less the 1% charge.</p>
          <ReservedAccountCards user={session.user} testId="fund-wallet-accounts" />
        </div>
      ) : null}
      <p className="muted">
        Have a coupon? <Link to="/profile/fundWallet/coupon">Fund wallet with a coupon</Link>
      </p>
    </section>
  );
}
