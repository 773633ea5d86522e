import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { MSG } from '@shared/messages.js';
import { errorMessage } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { showNaira } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
import { Button, Input, notify } from '@/ui/index.js';
import { useFundWithCoupon } from '../api/fund-with-coupon.js';
import { couponForm, type CouponFormValues } from '../lib/funding-form.js';

export function FundWithCouponPage() {
  const navigate = useNavigate();
  const session = useSession();
  const fund = useFundWithCoupon();
  const { register, handleSubmit } = useForm({ resolver: zodResolver(couponForm), defaultValues: { coupon: '' } });

  const onSubmit = handleSubmit(
    ({ coupon }) =>
      fund.mutate(
        { userName: session?.user.userName ?? '', coupon },
        {
          onSuccess: (answer) => {
            notify.success(answer?.msg ?? MSG.walletFunded);
            navigate('/profile');
          },
          onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
        },
      ),
    warnFirstError<CouponFormValues>(['coupon']),
  );

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <h1>Fund wallet with a coupon</h1>
        <p className="muted">
          Current balance: <strong>{showNaira(session?.user.balance)}</strong>
        </p>
      </header>
      <form onSubmit={onSubmit} noValidate className="card form">
        <Input label="Coupon code" autoComplete="off" autoCapitalize="characters" spellCheck={false} placeholder="e.g. 7KX2-9QPL" {...register('coupon')} />
        <Button type="submit" block loading={fund.isPending}>
          Redeem coupon
        </Button>
      </form>
    </section>
  );
}
