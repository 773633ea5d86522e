import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { MSG } from '@shared/messages.js';
import { formatNaira } from '@shared/money.js';
import { errorMessage } from '@/lib/api-client.js';
import { newRequestId } from '@/lib/ids.js';
import { apiNairaToKobo, koboToApiNaira, parseNairaInput, showNaira } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
import { Button, ConfirmModal, DetailRow, Input, notify } from '@/ui/index.js';
import { useTransferFund, type TransferFundInput } from '../api/transfer-fund.js';
import { useValidateUser } from '../api/validate-user.js';

interface TransferForm {
  userName: string;
  amount: string;
}

const EMPTY: TransferForm = { userName: '', amount: '' };

/** Two-step transfer (spec §4): validate the receiver's user name, then the amount; confirm; → /profile. */
export function TransferPage() {
  const navigate = useNavigate();
  const session = useSession();
  const validate = useValidateUser();
  const transfer = useTransferFund();
  const [validated, setValidated] = useState<{ userName: string; fullName: string } | null>(null);
  const [pending, setPending] = useState<TransferFundInput | null>(null);
  const { register, handleSubmit, reset, setValue } = useForm<TransferForm>({ defaultValues: EMPTY });

  const isAdmin = !!session?.user.isAdmin;
  const balanceKobo = apiNairaToKobo(session?.user.balance ?? 0);

  const onSubmit = handleSubmit((values) => {
    const userName = values.userName.trim();
    if (!userName) return void notify.warn(MSG.enterUsername);
    if (!validated) {
      validate.mutate(userName, {
        onSuccess: (answer) => {
          setValidated({ userName: answer.userName, fullName: answer.fullName });
          setValue('userName', answer.userName);
          notify.success(answer.msg);
        },
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      });
      return;
    }
    const amountKobo = parseNairaInput(values.amount);
    if (amountKobo === null || amountKobo <= 0) return void notify.warn(MSG.enterValidAmount);
    if (!isAdmin && amountKobo > balanceKobo) return void notify.warn(MSG.insufficientBalance);
    setPending({ userName: validated.userName, amount: koboToApiNaira(amountKobo), request_id: newRequestId() });
  });

  const confirm = () => {
    if (!pending) return;
    transfer.mutate(pending, {
      onSuccess: (answer) => {
        setPending(null);
        setValidated(null);
        reset(EMPTY);
        notify.success(answer.msg);
        navigate('/profile');
      },
      onError: (error) => {
        setPending(null);
        setValidated(null);
        notify.error(errorMessage(error, MSG.somethingWentWrong));
      },
    });
  };

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <h1>Transfer</h1>
        <p className="muted">
          Wallet balance: <strong>{showNaira(session?.user.balance)}</strong>
        </p>
      </header>
      <form onSubmit={onSubmit} noValidate className="card form">
        <Input
          label="Receiver's user name"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          readOnly={validated !== null}
          hint={validated ? `Sending to ${validated.fullName || validated.userName}` : undefined}
          {...register('userName')}
        />
        {validated ? (
          <>
            <p className="notice" data-testid="validated-receiver">
              Receiver: <strong>{validated.fullName || validated.userName}</strong>
            </p>
            <Input label="Amount (₦)" type="text" inputMode="decimal" placeholder="500" autoFocus {...register('amount')} />
          </>
        ) : null}
        <Button type="submit" block loading={validate.isPending}>
          {validated ? 'Transfer' : 'Validate user'}
        </Button>
        {validated ? (
          <Button
            variant="ghost"
            block
            onClick={() => {
              setValidated(null);
              reset(EMPTY);
            }}
          >
            Change receiver
          </Button>
        ) : null}
      </form>

      <ConfirmModal open={pending !== null} title="Confirm transfer" busy={transfer.isPending} onCancel={() => setPending(null)} onConfirm={confirm} confirmTestId="confirm-transfer">
        {pending ? (
          <dl className="details">
            <DetailRow label="To">{pending.userName}</DetailRow>
            <DetailRow label="Amount">
              <strong>{showNaira(pending.amount)}</strong>
            </DetailRow>
            <DetailRow label="Balance after">{formatNaira(balanceKobo - apiNairaToKobo(pending.amount))}</DetailRow>
          </dl>
        ) : null}
      </ConfirmModal>
    </section>
  );
}
