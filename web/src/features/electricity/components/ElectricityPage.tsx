import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { ValidateMeterResponse } from '@shared/api/purchases.js';
import { ELECTRICITY_FEE_KOBO } from '@shared/constants.js';
import { ELECTRICITY_MSG } from '@shared/messages.js';
import { formatNaira } from '@shared/money.js';
import { electricityChargeKobo } from '@shared/pricing.js';
import { warnFirstError } from '@/lib/forms.js';
import { koboToApiNaira, showNaira } from '@/lib/money.js';
import { typedNairaInKobo } from '@/lib/typed-naira.js';
import { Button, DetailRow, Input, Select, notify } from '@/ui/index.js';
import { ChargePreview, PurchasePage, Verified, VerificationError, usePurchaseFlow, useVerification } from '@/ui/purchase/index.js';
import { buyElectricity, validateMeter } from '../api/buy-electricity.js';
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
  type MeterFormValues,
} from '../lib/electricity-form.js';

/**
 * Two steps: validate the meter (company, type, number → the customer's name, or the
 * error from response.name), then buy with a charge preview (amount + ₦50) and a confirmation.
 * The receipt follows the purchase until the supplier's token arrives; validation starts over
 * after the purchase.
 */
export function ElectricityPage() {
  const meterCheck = useVerification(validateMeter, ELECTRICITY_MSG.invalidMeter);
  const validated = meterCheck.verified;
  const flow = usePurchaseFlow({ send: buyElectricity, processingMsg: ELECTRICITY_MSG.electricityProcessing, announce: true });
  const meter = useForm({ resolver: zodResolver(meterForm), defaultValues: EMPTY_METER_FORM });
  // The amount's rules follow the meter just validated (its minimum); the resolver is read on each submit.
  const amount = useForm({ resolver: zodResolver(electricityAmountForm(validated?.minAmount)), defaultValues: { amount: '' } });
  const amountKobo = typedNairaInKobo(amount.watch('amount'));
  const clearError = { onChange: meterCheck.clearError };

  const onValidate = meter.handleSubmit(
    (body) => meterCheck.verify(body, () => amount.reset({ amount: '' })),
    warnFirstError<MeterFormValues>(METER_FIELD_ORDER),
  );

  const review = (checked: ValidateMeterResponse, amountKobo: number) =>
    flow.review({
      body: (requestId) => buyElectricityBody(checked, amountKobo, requestId),
      chargeKobo: electricityChargeKobo(amountKobo),
      details: (
        <>
          <DetailRow label="Company">{checked.company} Electric</DetailRow>
          <DetailRow label="Meter">
            {checked.meterNumber} ({checked.meterType})
          </DetailRow>
          <DetailRow label="Customer">{checked.name}</DetailRow>
          <DetailRow label="Token value">{formatNaira(amountKobo)}</DetailRow>
        </>
      ),
      // After the purchase the validation starts over.
      onAccepted: () => {
        meterCheck.forget();
        amount.reset({ amount: '' });
        meter.reset(EMPTY_METER_FORM);
      },
    });
  const onContinue = amount.handleSubmit(
    (values) => (validated ? review(validated, values.amount) : notify.warn(ELECTRICITY_MSG.validateMeterFirst)),
    warnFirstError<AmountFormValues>(['amount']),
  );

  return (
    <PurchasePage
      title="Electricity payment"
      balanceTestId="electricity-balance"
      flow={flow}
      receiptTitle="Electricity receipt"
      receiptTestId="electricity-receipt"
    >
      {validated ? (
        <form onSubmit={onContinue} noValidate className="card form" data-testid="electricity-buy-form">
          <Verified>
            <div>
              <strong data-testid="meter-customer">{validated.name}</strong>
              <div className="muted">
                {validated.company} Electric · {validated.meterType} · meter {validated.meterNumber}
              </div>
              {validated.address ? <div className="muted">{validated.address}</div> : null}
            </div>
          </Verified>
          <Input
            label="Amount (₦)"
            type="text"
            inputMode="decimal"
            placeholder={String(validated.minAmount)}
            hint={`Minimum ${showNaira(koboToApiNaira(meterMinimumKobo(validated.minAmount)))}`}
            autoFocus
            {...amount.register('amount')}
          />
          <ChargePreview
            testId="charge-preview"
            charge={amountKobo === null ? null : formatNaira(electricityChargeKobo(amountKobo))}
            note={`Token value plus a ${formatNaira(ELECTRICITY_FEE_KOBO)} service charge`}
          />
          <div className="form-row">
            <Button variant="ghost" onClick={meterCheck.forget} disabled={flow.busy}>
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
            aria-invalid={meterCheck.error ? true : undefined}
            {...meter.register('meterNumber', clearError)}
          />
          <VerificationError error={meterCheck.error} testId="meter-error" />
          <Button type="submit" block loading={meterCheck.checking}>
            Validate meter
          </Button>
        </form>
      )}
    </PurchasePage>
  );
}
