import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { BeneficiaryView } from '@shared/api/withdrawals.js';
import { WITHDRAWAL_FEE_KOBO } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import { formatNaira } from '@shared/money.js';
import { errorMessage, refusedForGood } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { newRequestId } from '@/lib/ids.js';
import { apiNairaToKobo, showNaira } from '@/lib/money.js';
import { typedNairaInKobo } from '@/lib/typed-naira.js';
import { useSession } from '@/lib/session.js';
import { BalanceHeader, Button, ConfirmModal, DetailRow, Input, Modal, Select, Spinner, notify } from '@/ui/index.js';
import { useAddBeneficiary } from '../api/add-beneficiary.js';
import { useBankCodes } from '../api/list-bank-codes.js';
import { useBeneficiaries } from '../api/list-beneficiaries.js';
import { useValidateBankAccount } from '../api/validate-bank-account.js';
import { useWithdraw } from '../api/withdraw.js';
import {
  ACCOUNT_FIELD_ORDER,
  accountForm,
  amountToReceiveKobo,
  withdrawAmountForm,
  withdrawBody,
  type AccountFormValues,
  type ValidatedAccount,
  type WithdrawAmountFormValues,
  type WithdrawBody,
} from '../lib/withdraw-form.js';

/** Withdraw to a bank account in two steps: bank + account number → validate → amount → confirm. */
export function WithdrawPage() {
  const navigate = useNavigate();
  const session = useSession();
  const banks = useBankCodes();
  const beneficiaries = useBeneficiaries();
  const validate = useValidateBankAccount();
  const withdraw = useWithdraw();
  const addBeneficiary = useAddBeneficiary();
  const [validated, setValidated] = useState<ValidatedAccount | null>(null);
  const [pending, setPending] = useState<WithdrawBody | null>(null);
  // After a payout to an account not saved yet: offer to keep it as a beneficiary.
  const [offer, setOffer] = useState<ValidatedAccount | null>(null);
  const balanceKobo = apiNairaToKobo(session?.user.balance ?? 0);
  const account = useForm({ resolver: zodResolver(accountForm), defaultValues: { bankName: '', accountNumber: '' } });
  const amount = useForm({ resolver: zodResolver(withdrawAmountForm(balanceKobo)), defaultValues: { amount: '' } });

  const bankList = banks.data ?? [];
  const amountKobo = typedNairaInKobo(amount.watch('amount'));
  const saved = beneficiaries.data?.beneficiaryList ?? [];
  const isSaved = !!validated && saved.some((b) => b.bankCode === validated.bankCode && b.accountNumber === validated.accountNumber);

  const unvalidate = { onChange: () => setValidated(null) };

  const onValidate = account.handleSubmit(({ bankName, accountNumber }) => {
    validate.mutate(
      { bankName, accountNumber },
      {
        onSuccess: (answer) => {
          setValidated({
            bankName: answer.bankName || bankName,
            bankCode: answer.code,
            accountNumber: answer.accountNumber || accountNumber,
            accountName: answer.name,
          });
          notify.success(answer.msg);
        },
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      },
    );
  }, warnFirstError<AccountFormValues>(ACCOUNT_FIELD_ORDER));

  const onWithdraw = amount.handleSubmit(
    (values) => {
      if (validated) setPending(withdrawBody(validated, values.amount, newRequestId()));
    },
    warnFirstError<WithdrawAmountFormValues>(['amount']),
  );

  const confirm = () => {
    if (!pending) return;
    withdraw.mutate(pending, {
      onSuccess: (answer) => {
        setPending(null);
        const paidTo = validated;
        setValidated(null);
        account.reset({ bankName: '', accountNumber: '' });
        amount.reset({ amount: '' });
        notify.success(answer.msg);
        if (paidTo && !isSaved) setOffer(paidTo);
        else navigate('/profile');
      },
      onError: (error) => {
        if (refusedForGood(error)) setPending(null);
        notify.error(errorMessage(error, MSG.somethingWentWrong));
      },
    });
  };

  const pick = (beneficiary: BeneficiaryView) => {
    account.setValue('bankName', beneficiary.bankName);
    account.setValue('accountNumber', beneficiary.accountNumber);
    setValidated({
      bankName: beneficiary.bankName,
      bankCode: beneficiary.bankCode,
      accountNumber: beneficiary.accountNumber,
      accountName: beneficiary.accountName,
    });
  };

  const saveAccount = (target: ValidatedAccount | null, after?: () => void) => {
    if (!target) return;
    addBeneficiary.mutate(
      {
        bankName: target.bankName,
        bankCode: target.bankCode,
        accountNumber: target.accountNumber,
        accountName: target.accountName,
        bankAccountName: target.accountName,
      },
      {
        onSuccess: (answer) => {
          notify.success(answer.msg);
          after?.();
        },
        onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
      },
    );
  };
  const save = () => saveAccount(validated);
  const closeOffer = () => {
    setOffer(null);
    navigate('/profile');
  };

  return (
    <section className="page page-narrow">
      <BalanceHeader title="Withdraw" />

      <form onSubmit={validated ? onWithdraw : onValidate} noValidate className="card form">
        <Select
          label="Bank"
          options={[{ value: '', label: banks.isPending ? 'Loading banks…' : 'Select a bank' }, ...bankList.map((name) => ({ value: name, label: name }))]}
          {...account.register('bankName', unvalidate)}
        />
        <Input
          label="Account number"
          type="text"
          inputMode="numeric"
          maxLength={10}
          placeholder="0123456789"
          autoComplete="off"
          {...account.register('accountNumber', unvalidate)}
        />
        {validated ? (
          <>
            <p className="notice notice-success" data-testid="account-name">
              Account name: <strong>{validated.accountName}</strong>
            </p>
            <Input label="Amount (₦)" type="text" inputMode="decimal" placeholder="1000" {...amount.register('amount')} />
            <div className="charge-preview" aria-live="polite" data-testid="withdraw-preview">
              <span>You receive</span>
              <strong>{amountKobo === null ? '—' : formatNaira(amountToReceiveKobo(amountKobo))}</strong>
              <small>A {formatNaira(WITHDRAWAL_FEE_KOBO)} fee is taken from each withdrawal</small>
            </div>
          </>
        ) : null}
        <Button type="submit" block loading={validate.isPending}>
          {validated ? 'Withdraw' : 'Validate account'}
        </Button>
        {validated && !isSaved ? (
          <Button variant="secondary" block onClick={save} loading={addBeneficiary.isPending}>
            Save as beneficiary
          </Button>
        ) : null}
      </form>

      <div className="card">
        <h2 className="card-title">Beneficiaries</h2>
        {beneficiaries.isPending ? (
          <Spinner label="Loading beneficiaries" />
        ) : saved.length === 0 ? (
          <p className="table-empty" data-testid="no-beneficiary">
            {MSG.noBeneficiary}
          </p>
        ) : (
          <ul className="row-list" data-testid="beneficiaries">
            {saved.map((b) => (
              <li key={`${b.bankCode}:${b.accountNumber}`} className="row-item">
                <div className="row-text">
                  <strong>{b.accountName}</strong>
                  <small className="muted">
                    {b.bankName} · {b.accountNumber}
                  </small>
                </div>
                <Button variant="secondary" className="btn-sm" onClick={() => pick(b)} aria-label={`Use ${b.accountName} ${b.accountNumber}`}>
                  Use
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <Modal
        open={offer !== null}
        title="Save this account?"
        onClose={addBeneficiary.isPending ? undefined : closeOffer}
        footer={
          <>
            <Button variant="ghost" onClick={closeOffer} disabled={addBeneficiary.isPending}>
              Not now
            </Button>
            <Button onClick={() => saveAccount(offer, closeOffer)} loading={addBeneficiary.isPending} data-testid="save-beneficiary-offer">
              Save beneficiary
            </Button>
          </>
        }
      >
        {offer ? (
          <p data-testid="beneficiary-offer">
            Your withdrawal to <strong>{offer.accountName}</strong> ({offer.bankName} · {offer.accountNumber}) is on its way. Save this account to pick it next
            time instead of typing it?
          </p>
        ) : null}
      </Modal>

      <ConfirmModal
        open={pending !== null}
        title="Confirm withdrawal"
        busy={withdraw.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
        confirmTestId="confirm-withdraw"
      >
        {pending ? (
          <dl className="details">
            <DetailRow label="Bank">{pending.bankName}</DetailRow>
            <DetailRow label="Account">
              {pending.accountNumber} · {pending.accountName}
            </DetailRow>
            <DetailRow label="Amount">{showNaira(pending.amount)}</DetailRow>
            <DetailRow label="Fee">{formatNaira(WITHDRAWAL_FEE_KOBO)}</DetailRow>
            <DetailRow label="You receive">
              <strong>{formatNaira(amountToReceiveKobo(apiNairaToKobo(pending.amount)))}</strong>
            </DetailRow>
          </dl>
        ) : null}
      </ConfirmModal>
    </section>
  );
}
