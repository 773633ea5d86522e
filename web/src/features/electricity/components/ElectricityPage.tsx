import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { ValidateMeterResponse } from '@shared/api/purchases.js';
import type { TransactionView } from '@shared/api/transactions.js';
import { ELECTRICITY_FEE_KOBO } from '@shared/constants.js';
import { ELECTRICITY_MSG, MSG } from '@shared/messages.js';
import { formatNaira } from '@shared/money.js';
import { electricityChargeKobo } from '@shared/pricing.js';
import { errorMessage, refusedForGood } from '@/lib/api-client.js';
import { warnFirstError } from '@/lib/forms.js';
import { newRequestId } from '@/lib/ids.js';
import { apiNairaToKobo, koboToApiNaira, showNaira, typedNairaInKobo } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
import { Button, DetailRow, Input, Modal, PurchaseConfirmModal, Select, notify } from '@/ui/index.js';
import { useBuyElectricity } from '../api/buy-electricity.js';
import { useElectricityPurchase } from '../api/electricity-receipt.js';
import { meterErrorText, useValidateMeter } from '../api/validate-meter.js';
import {
  COMPANY_OPTIONS,
  EMPTY_METER_FORM,
  METER_FIELD_ORDER,
  METER_TYPE_OPTIONS,
  buyElectricityBody,
  electricityAmountForm,
  meterForm,
  meterMinimumKobo,
  type AmountFormValues,
  type BuyElectricityBody,
  type MeterFormValues,
} from '../lib/electricity-form.js';
import { ElectricityReceipt } from './ElectricityReceipt.js';

interface PendingPurchase {
  body: BuyElectricityBody;
  meter: ValidateMeterResponse;
  chargeKobo: number;
}

/**
 * Two steps (spec §4): validate the meter (company, type, number → the customer's name, or the
 * error from response.name), then buy with a charge preview (amount + ₦50) and a confirmation.
 * The receipt follows the purchase until the supplier's token arrives; validation starts over
 * after the purchase, and Done goes to /profile.
 */
export function ElectricityPage() {
  const navigate = useNavigate();
  const session = useSession();
  const validate = useValidateMeter();
  const buy = useBuyElectricity();
  const [validated, setValidated] = useState<ValidateMeterResponse | null>(null);
  const [validationError, setValidationError] = useState<string | null>(null);
  const [pending, setPending] = useState<PendingPurchase | null>(null);
  const [accepted, setAccepted] = useState<TransactionView | null>(null);
  const receipt = useElectricityPurchase(accepted);
  const meter = useForm({ resolver: zodResolver(meterForm), defaultValues: EMPTY_METER_FORM });
  // The amount's rules follow the meter just validated (its minimum); the resolver is read on each submit.
  const amount = useForm({ resolver: zodResolver(electricityAmountForm(validated?.minAmount)), defaultValues: { amount: '' } });

  const balanceKobo = apiNairaToKobo(session?.user.balance ?? 0);
  const amountKobo = typedNairaInKobo(amount.watch('amount'));
  const clearError = { onChange: () => setValidationError(null) };

  const onValidate = meter.handleSubmit((body) => {
    setValidationError(null);
    validate.mutate(body, {
      onSuccess: (answer) => {
        setValidated(answer);
        amount.reset({ amount: '' });
      },
      onError: (error) => {
        // The spec shows the response's name field as the error (§8).
        const text = meterErrorText(error, ELECTRICITY_MSG.invalidMeter);
        setValidationError(text);
        notify.error(text);
      },
    });
  }, warnFirstError<MeterFormValues>(METER_FIELD_ORDER));

  const onContinue = amount.handleSubmit((values) => {
    if (!validated) {
      notify.warn(ELECTRICITY_MSG.validateMeterFirst);
      return;
    }
    setPending({ body: buyElectricityBody(validated, values.amount, newRequestId()), meter: validated, chargeKobo: electricityChargeKobo(values.amount) });
  }, warnFirstError<AmountFormValues>(['amount']));

  const confirm = () => {
    if (!pending) return;
    buy.mutate(pending.body, {
      onSuccess: (answer) => {
        setPending(null);
        notify.success(answer?.msg ?? ELECTRICITY_MSG.electricityProcessing);
        setAccepted(answer.receipt);
        // After the action the validation starts over (spec §4).
        setValidated(null);
        amount.reset({ amount: '' });
        meter.reset(EMPTY_METER_FORM);
      },
      onError: (error) => {
        if (refusedForGood(error)) setPending(null);
        notify.error(errorMessage(error, MSG.purchaseFallback));
      },
    });
  };

  const done = () => {
    setAccepted(null);
    navigate('/profile');
  };

  const shown = receipt.data ?? accepted;

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <h1>Electricity payment</h1>
        <p className="muted">
          Wallet balance: <strong data-testid="electricity-balance">{showNaira(session?.user.balance)}</strong>
        </p>
      </header>

      {validated ? (
        <form onSubmit={onContinue} noValidate className="card form" data-testid="electricity-buy-form">
          <div className="validated">
            <span className="badge badge-success">Verified</span>
            <div>
              <strong data-testid="meter-customer">{validated.name}</strong>
              <div className="muted">
                {validated.company} Electric · {validated.meterType} · meter {validated.meterNumber}
              </div>
              {validated.address ? <div className="muted">{validated.address}</div> : null}
            </div>
          </div>
          <Input
            label="Amount (₦)"
            type="text"
            inputMode="decimal"
            placeholder={String(validated.minAmount)}
            hint={`Minimum ${showNaira(koboToApiNaira(meterMinimumKobo(validated.minAmount)))}`}
            autoFocus
            {...amount.register('amount')}
          />
          <div className="charge-preview" aria-live="polite" data-testid="charge-preview">
            <span>You pay</span>
            <strong>{amountKobo === null ? '—' : formatNaira(electricityChargeKobo(amountKobo))}</strong>
            <small>Token value plus a {formatNaira(ELECTRICITY_FEE_KOBO)} service charge</small>
          </div>
          <div className="form-row">
            <Button variant="ghost" onClick={() => setValidated(null)} disabled={buy.isPending}>
              Change meter
            </Button>
            <Button type="submit">Continue</Button>
          </div>
        </form>
      ) : (
        <form onSubmit={onValidate} noValidate className="card form" data-testid="electricity-meter-form">
          <Select label="Electricity company" options={COMPANY_OPTIONS} {...meter.register('meterId', clearError)} />
          <Select label="Meter type" options={METER_TYPE_OPTIONS} {...meter.register('meterType', clearError)} />
          <Input
            label="Meter number"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 45011111111"
            aria-invalid={validationError ? true : undefined}
            {...meter.register('meterNumber', clearError)}
          />
          {validationError ? (
            <p className="notice notice-warning" role="alert" data-testid="meter-error">
              {validationError}
            </p>
          ) : null}
          <Button type="submit" block loading={validate.isPending}>
            Validate meter
          </Button>
        </form>
      )}

      <PurchaseConfirmModal
        purchase={
          pending && {
            chargeKobo: pending.chargeKobo,
            details: (
              <>
                <DetailRow label="Company">{pending.meter.company} Electric</DetailRow>
                <DetailRow label="Meter">
                  {pending.meter.meterNumber} ({pending.meter.meterType})
                </DetailRow>
                <DetailRow label="Customer">{pending.meter.name}</DetailRow>
                <DetailRow label="Token value">{showNaira(pending.body.amount)}</DetailRow>
              </>
            ),
          }
        }
        balanceKobo={balanceKobo}
        busy={buy.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />

      <Modal open={shown !== null} title="Electricity receipt" onClose={done} footer={<Button onClick={done}>Done</Button>}>
        {shown ? <ElectricityReceipt purchase={shown} /> : null}
      </Modal>
    </section>
  );
}
