import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@shared/messages.js';
import { formatNaira } from '@shared/money.js';
import { errorMessage, refusedForGood } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { newRequestId } from '@/lib/ids.js';
import { apiNairaToKobo, showNaira } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
import { foundUserText, userBalance, useValidateUser } from '@/lib/users-api.js';
import { BalanceHeader, Button, ConfirmModal, DetailRow, Input, notify } from '@/ui/index.js';
import { useTransferFund } from '../api/transfer-fund.js';
import {
  receiverFormFor,
  transferAmountForm,
  transferFundBody,
  type ReceiverFormValues,
  type TransferAmountFormValues,
  type TransferFundBody,
} from '../lib/transfer-form.js';

/**
 * Two-step transfer: validate the receiver's user name, then the amount; confirm; → /profile. An
 * admin's transfer credits from the house account, not from their own wallet: its confirmation shows
 * the receiver's balance after, and it ends back in the back office. `?to=<user name>` (the users
 * list's "Fund this user") fills the receiver in and validates it.
 */
export function TransferPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const session = useSession();
  const validate = useValidateUser();
  const transfer = useTransferFund();
  const [validated, setValidated] = useState<{ userName: string; fullName: string; balance?: number } | null>(null);
  const [pending, setPending] = useState<TransferFundBody | null>(null);

  const isAdmin = !!session?.user.isAdmin;
  const balanceKobo = apiNairaToKobo(session?.user.balance ?? 0);
  const receiver = useForm({ resolver: zodResolver(receiverFormFor(session?.user.userName)), defaultValues: { userName: '' } });
  const amount = useForm({ resolver: zodResolver(transferAmountForm(isAdmin ? null : balanceKobo)), defaultValues: { amount: '' } });

  const startOver = () => {
    setValidated(null);
    receiver.reset({ userName: '' });
    amount.reset({ amount: '' });
  };

  const onValidate = receiver.handleSubmit(
    ({ userName }) =>
      validate.mutate(userName, {
        onSuccess: (answer) => {
          setValidated({ userName: answer.userName, fullName: answer.fullName });
          receiver.setValue('userName', answer.userName);
          notify.success(`User found: ${foundUserText(answer)}`);
          // The admin's confirmation shows what the receiver will hold (their own wallet does not pay).
          if (isAdmin)
            userBalance(answer.userName)
              .then((balance) => setValidated((current) => (current?.userName === answer.userName ? { ...current, balance } : current)))
              .catch(() => undefined);
        },
        onError: (error) => {
          // The server's refusal of this name (nobody by that name, or the sender) belongs under the field.
          const message = errorMessage(error, MSG.somethingWentWrong);
          receiver.setError('userName', { message });
          notify.error(message);
        },
      }),
    warnFirstError<ReceiverFormValues>(['userName']),
  );

  // "Fund this user": the receiver from the address, validated once.
  const prefilled = useRef(false);
  useEffect(() => {
    const to = search.get('to');
    if (!to || prefilled.current) return;
    prefilled.current = true;
    receiver.setValue('userName', to);
    void onValidate();
  }, [search, receiver, onValidate]);

  const onTransfer = amount.handleSubmit(
    (values) => {
      if (validated) setPending(transferFundBody(validated.userName, values.amount, newRequestId()));
    },
    warnFirstError<TransferAmountFormValues>(['amount']),
  );

  const confirm = () => {
    if (!pending) return;
    transfer.mutate(pending, {
      onSuccess: (answer) => {
        setPending(null);
        startOver();
        notify.success(answer.msg);
        navigate(isAdmin ? '/admin' : '/profile');
      },
      onError: (error) => {
        // A lost answer may hide a transfer the server made: the confirmation stays, same request_id.
        if (refusedForGood(error)) {
          setPending(null);
          setValidated(null);
        }
        notify.error(errorMessage(error, MSG.somethingWentWrong));
      },
    });
  };

  return (
    <section className="page page-narrow">
      <BalanceHeader title="Transfer" />
      <form onSubmit={validated ? onTransfer : onValidate} noValidate className="card form">
        <Input
          label="Receiver's user name"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          readOnly={validated !== null}
          hint={validated ? `Sending to ${validated.fullName || validated.userName}` : undefined}
          error={validated ? undefined : receiver.formState.errors.userName?.message}
          {...receiver.register('userName')}
        />
        {validated ? (
          <>
            <p className="notice" data-testid="validated-receiver">
              Receiver: <strong>{validated.fullName || validated.userName}</strong>
            </p>
            <Input
              label="Amount (₦)"
              type="text"
              inputMode="decimal"
              placeholder="500"
              autoFocus
              error={amount.formState.errors.amount?.message}
              {...amount.register('amount')}
            />
          </>
        ) : null}
        <Button type="submit" block loading={validate.isPending}>
          {validated ? 'Transfer' : 'Validate user'}
        </Button>
        {validated ? (
          <Button variant="ghost" block onClick={startOver}>
            Change receiver
          </Button>
        ) : null}
      </form>

      <ConfirmModal
        open={pending !== null}
        title="Confirm transfer"
        busy={transfer.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
        confirmTestId="confirm-transfer"
      >
        {pending ? (
          <dl className="details">
            <DetailRow label="To">{pending.userName}</DetailRow>
            <DetailRow label="Amount">
              <strong>{showNaira(pending.amount)}</strong>
            </DetailRow>
            {isAdmin ? (
              validated?.balance !== undefined ? (
                <DetailRow label={`${pending.userName}'s balance after`}>
                  {formatNaira(apiNairaToKobo(validated.balance) + apiNairaToKobo(pending.amount))}
                </DetailRow>
              ) : (
                <DetailRow label="Paid from">the house account</DetailRow>
              )
            ) : (
              <DetailRow label="Balance after">{formatNaira(balanceKobo - apiNairaToKobo(pending.amount))}</DetailRow>
            )}
          </dl>
        ) : null}
      </ConfirmModal>
    </section>
  );
}
