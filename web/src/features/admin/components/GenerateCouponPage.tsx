import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { GenerateCouponResponse } from '@shared/api/wallet.js';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { newRequestId } from '@/lib/ids.js';
import { warnFirstError } from '@/lib/forms.js';
import { showNaira } from '@/lib/money.js';
import { rolesOf, useSession } from '@/lib/session.js';
import { useValidateUser } from '@/lib/users-api.js';
import { Button, CopyButton, Input, notify } from '@/ui/index.js';
import { useGenerateCoupon } from '../api/generate-coupon.js';
import { afterVendorCoupon } from '../api/vendor-coupons.js';
import { couponAmountForm, couponOwnerForm, generateCouponBody, type CouponAmountFormValues, type CouponOwnerFormValues } from '../lib/coupon-form.js';
import { VendorCoupons } from './VendorCoupons.js';

/**
 * Two steps: validate the user name, then generate a coupon for that user.
 * A coupon vendor (not an admin) pays for each coupon from their wallet and sees their unredeemed ones.
 */
export function GenerateCouponPage() {
  const session = useSession();
  const roles = rolesOf(session?.user);
  const paysFromWallet = roles.isCouponVendor && !roles.isAdmin;
  const validate = useValidateUser();
  const generate = useGenerateCoupon();
  const [validated, setValidated] = useState<{ userName: string; fullName: string } | null>(null);
  const [coupon, setCoupon] = useState<GenerateCouponResponse['coupon'] | null>(null);
  const owner = useForm({ resolver: zodResolver(couponOwnerForm), defaultValues: { userAccount: '' } });
  const amount = useForm({ resolver: zodResolver(couponAmountForm), defaultValues: { amount: '' } });

  const onValidate = owner.handleSubmit(
    ({ userAccount }) =>
      validate.mutate(userAccount, {
        onSuccess: (answer) => setValidated({ userName: answer.userName ?? userAccount, fullName: answer.fullName ?? '' }),
        onError: (error) => notify.error(errorMessage(error, MSG.userNotFound)),
      }),
    warnFirstError<CouponOwnerFormValues>(['userAccount']),
  );

  const onGenerate = amount.handleSubmit(
    (values) => {
      if (!validated) return;
      generate.mutate(generateCouponBody(validated.userName, values.amount, paysFromWallet ? newRequestId() : undefined), {
        onSuccess: (answer) => {
          notify.success(answer?.msg ?? MSG.couponGenerated);
          setCoupon(answer.coupon);
          if (paysFromWallet) afterVendorCoupon(answer.balance);
          // After the action the validation starts over.
          setValidated(null);
          owner.reset({ userAccount: '' });
          amount.reset({ amount: '' });
        },
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      });
    },
    warnFirstError<CouponAmountFormValues>(['amount']),
  );

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <h1>Generate coupon</h1>
        <p className="muted">A coupon credits the wallet of the user it is made for when they redeem it.</p>
        {paysFromWallet ? (
          <p className="muted" data-testid="vendor-notice">
            Each coupon is paid from your wallet (balance <strong>{showNaira(session?.user.balance)}</strong>); cancel an unredeemed one to get the money back.
          </p>
        ) : null}
      </header>

      {coupon ? (
        <div className="card coupon-result" data-testid="coupon-result">
          <p className="muted">
            Coupon for <strong>{coupon.owner}</strong> worth <strong>{showNaira(coupon.amount)}</strong>
          </p>
          <div className="copy-row">
            <code className="code-box code-big" data-testid="coupon-code">
              {coupon.code}
            </code>
            <CopyButton text={coupon.code} toastMessage={MSG.copied} />
          </div>
        </div>
      ) : null}

      {validated ? (
        <form onSubmit={onGenerate} noValidate className="card form">
          <div className="validated">
            <span className="badge badge-success">Verified</span>
            <div>
              <strong data-testid="validated-user">{validated.userName}</strong>
              {validated.fullName ? <span className="muted"> — {validated.fullName}</span> : null}
            </div>
          </div>
          <Input label="Amount (₦)" inputMode="decimal" autoFocus {...amount.register('amount')} />
          <div className="form-row">
            <Button variant="ghost" onClick={() => setValidated(null)} disabled={generate.isPending}>
              Change user
            </Button>
            <Button type="submit" loading={generate.isPending}>
              Generate coupon
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={onValidate} noValidate className="card form">
          <Input label="User name" autoComplete="off" {...owner.register('userAccount')} />
          <Button type="submit" block loading={validate.isPending}>
            Validate user
          </Button>
        </form>
      )}
      {paysFromWallet ? <VendorCoupons /> : null}
    </section>
  );
}
