import { useState, type FormEvent } from 'react';
import { COUPON_MAX_KOBO } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import { nairaToKobo } from '@shared/money.js';
import type { GenerateCouponResponse } from '@shared/api/wallet.js';
import { errorMessage } from '@/lib/api-client.js';
import { koboToApiNaira, showNaira } from '@/lib/money.js';
import { Button, CopyButton, Input, notify } from '@/ui/index.js';
import { useGenerateCoupon } from '../api/generate-coupon.js';
import { useValidateUser } from '../api/validate-user.js';

function amountKobo(text: string): number | null {
  try {
    const kobo = nairaToKobo(text);
    return kobo > 0 ? kobo : null;
  } catch {
    return null;
  }
}

/** Two steps: validate the user name, then generate a coupon for that user (spec §4 two-step flows). */
export function GenerateCouponPage() {
  const validate = useValidateUser();
  const generate = useGenerateCoupon();
  const [userName, setUserName] = useState('');
  const [amount, setAmount] = useState('');
  const [validated, setValidated] = useState<{ userName: string; fullName: string } | null>(null);
  const [coupon, setCoupon] = useState<GenerateCouponResponse['coupon'] | null>(null);

  const onValidate = (event: FormEvent) => {
    event.preventDefault();
    const name = userName.trim();
    if (!name) {
      notify.warn(MSG.enterUsername);
      return;
    }
    validate.mutate(name, {
      onSuccess: (answer) => setValidated({ userName: answer.userName ?? name, fullName: answer.fullName ?? '' }),
      onError: (error) => notify.error(errorMessage(error, MSG.userNotFound)),
    });
  };

  const onGenerate = (event: FormEvent) => {
    event.preventDefault();
    if (!validated) return;
    const kobo = amountKobo(amount.trim());
    if (kobo === null) {
      notify.warn(MSG.enterValidAmount);
      return;
    }
    if (kobo > COUPON_MAX_KOBO) {
      notify.warn(`The largest coupon is ${showNaira(koboToApiNaira(COUPON_MAX_KOBO))}`);
      return;
    }
    generate.mutate(
      { userAccount: validated.userName, amount: koboToApiNaira(kobo) },
      {
        onSuccess: (answer) => {
          notify.success(answer?.msg ?? MSG.couponGenerated);
          setCoupon(answer.coupon);
          // After the action the validation starts over (spec §4).
          setValidated(null);
          setUserName('');
          setAmount('');
        },
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      },
    );
  };

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <h1>Generate coupon</h1>
        <p className="muted">A coupon credits the wallet of the user it is made for when they redeem it.</p>
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
          <Input label="Amount (₦)" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} autoFocus />
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
          <Input label="User name" value={userName} onChange={(e) => setUserName(e.target.value)} autoComplete="off" />
          <Button type="submit" block loading={validate.isPending}>
            Validate user
          </Button>
        </form>
      )}
    </section>
  );
}
