import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { ValidateMeterResponse } from '@shared/api/purchases.js';
import type { TransactionView } from '@shared/api/transactions.js';
import { ELECTRICITY_FEE_KOBO } from '@shared/constants.js';
import { ELECTRICITY_MSG, MSG } from '@shared/messages.js';
import { formatNaira } from '@shared/money.js';
import { errorMessage } from '@/lib/api-client.js';
import { newRequestId } from '@/lib/ids.js';
import { apiNairaToKobo, koboToApiNaira, showNaira } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
import { Button, CopyButton, DetailRow, Input, Modal, PurchaseConfirmModal, Select, Spinner, notify } from '@/ui/index.js';
import { useBuyElectricity, type BuyElectricityInput } from '../api/buy-electricity.js';
import { isOpenPurchase, useElectricityPurchase } from '../api/electricity-receipt.js';
import { meterErrorText, useValidateMeter } from '../api/validate-meter.js';
import {
  COMPANY_OPTIONS,
  EMPTY_METER_FORM,
  METER_TYPE_OPTIONS,
  amountProblem,
  cleanMeterNumber,
  electricityChargeKobo,
  meterFormProblem,
  minimumKobo,
  parseAmountKobo,
  type MeterFormValues,
} from '../lib/electricity-form.js';

interface PendingPurchase {
  body: BuyElectricityInput;
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
  const [form, setForm] = useState<MeterFormValues>(EMPTY_METER_FORM);
  const [validated, setValidated] = useState<ValidateMeterResponse | null>(null);
  const [validationError, setValidationError] = useState<string | null>(null);
  const [amount, setAmount] = useState('');
  const [pending, setPending] = useState<PendingPurchase | null>(null);
  const [accepted, setAccepted] = useState<TransactionView | null>(null);
  const receipt = useElectricityPurchase(accepted);

  const balanceKobo = apiNairaToKobo(session?.user.balance ?? 0);
  const amountKobo = parseAmountKobo(amount);
  const change = (field: keyof MeterFormValues) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setValidationError(null);
  };

  const onValidate = (event: FormEvent) => {
    event.preventDefault();
    const problem = meterFormProblem(form);
    if (problem) {
      notify.warn(problem);
      return;
    }
    setValidationError(null);
    validate.mutate(
      { meterNumber: cleanMeterNumber(form.meterNumber), meterId: Number(form.meterId), meterType: form.meterType },
      {
        onSuccess: (answer) => {
          setValidated(answer);
          setAmount('');
        },
        onError: (error) => {
          // The spec shows the response's name field as the error (§8).
          const text = meterErrorText(error, ELECTRICITY_MSG.invalidMeter);
          setValidationError(text);
          notify.error(text);
        },
      },
    );
  };

  const onContinue = (event: FormEvent) => {
    event.preventDefault();
    if (!validated) {
      notify.warn(ELECTRICITY_MSG.validateMeterFirst);
      return;
    }
    const problem = amountProblem(amount, validated.minAmount);
    if (problem) {
      notify.warn(problem);
      return;
    }
    const kobo = parseAmountKobo(amount)!;
    setPending({
      body: { amount: koboToApiNaira(kobo), meterId: validated.meterId, meterNumber: validated.meterNumber, meterType: validated.meterType, request_id: newRequestId() },
      meter: validated,
      chargeKobo: electricityChargeKobo(kobo),
    });
  };

  const confirm = () => {
    if (!pending) return;
    buy.mutate(pending.body, {
      onSuccess: (answer) => {
        setPending(null);
        notify.success(answer?.msg ?? ELECTRICITY_MSG.electricityProcessing);
        setAccepted(answer.receipt);
        // After the action the validation starts over (spec §4).
        setValidated(null);
        setAmount('');
        setForm(EMPTY_METER_FORM);
      },
      onError: (error) => {
        setPending(null);
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
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            hint={`Minimum ${showNaira(koboToApiNaira(minimumKobo(validated.minAmount)))}`}
            autoFocus
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
          <Select label="Electricity company" options={COMPANY_OPTIONS} value={form.meterId} onChange={(e) => change('meterId')(e.target.value)} />
          <Select label="Meter type" options={METER_TYPE_OPTIONS} value={form.meterType} onChange={(e) => change('meterType')(e.target.value)} />
          <Input
            label="Meter number"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 45011111111"
            value={form.meterNumber}
            onChange={(e) => change('meterNumber')(e.target.value)}
            aria-invalid={validationError ? true : undefined}
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
        {shown ? <Receipt purchase={shown} /> : null}
      </Modal>
    </section>
  );
}

function Receipt({ purchase }: { purchase: TransactionView }) {
  const open = isOpenPurchase(purchase.trans_Status);
  return (
    <div data-testid="electricity-receipt" data-status={purchase.trans_Status}>
      {purchase.token ? (
        <div className="copy-row">
          <code className="code-box code-big" data-testid="electricity-token">
            {purchase.token}
          </code>
          <CopyButton text={purchase.token} toastMessage={MSG.copied} label="Copy token" />
        </div>
      ) : open ? (
        <p className="muted">
          <Spinner size="sm" /> Waiting for your token from the electricity company…
        </p>
      ) : purchase.trans_Status === 'success' ? (
        <p className="notice notice-success">Payment delivered. No token applies to this meter.</p>
      ) : (
        <p className="notice notice-warning" role="alert">
          The payment could not be completed; your wallet has been refunded.
        </p>
      )}
      <dl className="details">
        <div className="details-row">
          <dt>Status</dt>
          <dd>
            <span className={`badge badge-${purchase.trans_Status}`}>{purchase.trans_Status}</span>
          </dd>
        </div>
        {purchase.units ? (
          <div className="details-row">
            <dt>Units</dt>
            <dd data-testid="electricity-units">{purchase.units}</dd>
          </div>
        ) : null}
        {purchase.customerName ? (
          <div className="details-row">
            <dt>Customer</dt>
            <dd>{purchase.customerName}</dd>
          </div>
        ) : null}
        <div className="details-row">
          <dt>Meter</dt>
          <dd>
            {purchase.trans_Network} · {purchase.phone_number}
          </dd>
        </div>
        <div className="details-row">
          <dt>Token value</dt>
          <dd>{purchase.trans_volume}</dd>
        </div>
        <div className="details-row">
          <dt>Amount paid</dt>
          <dd>{showNaira(purchase.trans_amount)}</dd>
        </div>
        <div className="details-row">
          <dt>Balance after</dt>
          <dd>{showNaira(purchase.balance_After)}</dd>
        </div>
        <div className="details-row">
          <dt>Reference</dt>
          <dd>
            <code>{purchase._id}</code>
          </dd>
        </div>
      </dl>
    </div>
  );
}
