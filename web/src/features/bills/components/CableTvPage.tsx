import { useEffect, useState } from 'react';
import type { ValidateCableResponse } from '@shared/api/bills.js';
import { CABLE_PROVIDERS, SMARTCARD_PATTERN, cableProvider, type SubscriptionType } from '@shared/bills.js';
import { BILL_MSG, MSG } from '@shared/messages.js';
import { dayText } from '@/lib/dates.js';
import { apiNairaToKobo, showNaira } from '@/lib/money.js';
import { Button, DetailRow, Input, Select, notify } from '@/ui/index.js';
import { ChargePreview, PurchasePage, Verified, VerificationError, usePurchaseFlow, useVerification } from '@/ui/purchase/index.js';
import { buyCable, refreshSavedDecoders, useBillProducts, useForgetDecoder, useSavedDecoders, validateCable } from '../api/bills.js';

const PROVIDER_OPTIONS = CABLE_PROVIDERS.map((p) => ({
  value: p.name,
  label: p.name === 'STARTIMES' ? 'StarTimes' : p.name === 'SHOWMAX' ? 'Showmax' : p.name === 'DSTV' ? 'DStv' : 'GOtv',
}));

/**
 * Decoders paid for before (remembered by the server once a payment is delivered) of the provider
 * chosen: a DStv card is no use while GOtv is selected. One tap fills the form, × forgets one.
 */
function SavedDecoders({ cableName, onUse }: { cableName: string; onUse: (cableName: string, smartCardNo: string) => void }) {
  const decoders = (useSavedDecoders().data?.decoders ?? []).filter((d) => d.cableName.toUpperCase() === cableName.toUpperCase());
  const forget = useForgetDecoder();
  if (!decoders.length) return null;
  return (
    <div className="saved-decoders" data-testid="saved-decoders">
      {decoders.slice(0, 4).map((d) => (
        <span key={d._id} className="saved-decoder">
          <Button variant="ghost" onClick={() => onUse(d.cableName, d.smartCardNo)}>
            {d.customerName || d.cableName} · {d.smartCardNo}
          </Button>
          <Button
            variant="ghost"
            aria-label={`Remove saved decoder ${d.smartCardNo}`}
            loading={forget.isPending && forget.variables === d._id}
            onClick={() => forget.mutate(d._id)}
          >
            ×
          </Button>
        </span>
      ))}
    </div>
  );
}

/**
 * Cable TV: verify the smartcard / IUC first (name, current bouquet, due date), then
 * Renew the current bouquet (the default where the provider offers it) or change to another one;
 * confirm; the receipt follows the purchase to its new due date. Decoders paid for are remembered
 * by the server once delivered, so they are offered again on any device.
 */
export function CableTvPage() {
  const products = useBillProducts();
  const decoder = useVerification(validateCable, BILL_MSG.invalidSmartcard);
  const verified = decoder.verified;
  const flow = usePurchaseFlow({ send: buyCable, processingMsg: BILL_MSG.cableProcessing, announce: true });
  const [cableName, setCableName] = useState<string>('DSTV');
  const [smartCardNo, setSmartCardNo] = useState('');
  const [mode, setMode] = useState<SubscriptionType>('renew');
  const [plan, setPlan] = useState('');
  const delivered = flow.receipt?.trans_Status === 'success';
  // Delivered: the server remembers the decoder (off the request path), so the list is read again.
  useEffect(() => {
    if (delivered) void refreshSavedDecoders();
  }, [delivered]);

  const provider = cableProvider(cableName)!;
  const bouquets = (products.data?.products ?? []).filter((p) => p.family === 'cable' && p.serviceID === provider.serviceId && p.isAvailable);
  const renewing = verified?.canRenew && mode === 'renew';
  const chosen = bouquets.find((b) => b.code === (renewing ? verified?.currentBouquetCode : plan));

  const onVerify = (event: React.FormEvent) => {
    event.preventDefault();
    decoder.clearError();
    const number = smartCardNo.replace(/[\s-]/g, '');
    const showmax = provider.name === 'SHOWMAX';
    if (!(showmax ? /^0\d{10}$/.test(number) : SMARTCARD_PATTERN.test(number))) return decoder.warn(showmax ? MSG.checkPhone : BILL_MSG.enterSmartcard);
    decoder.verify({ cableName: provider.name, smartCardNo: number }, (answer: ValidateCableResponse) => {
      setMode(answer.canRenew ? 'renew' : 'change');
      setPlan(answer.currentBouquetCode ?? '');
    });
  };

  const onContinue = () => {
    if (!verified || !chosen) return notify.warn(BILL_MSG.selectBouquet);
    const subscription = renewing ? 'renew' : 'change';
    flow.review({
      body: (requestId) => ({
        cableName: verified.cableName,
        smartCardNo: verified.smartCardNo,
        plan: chosen.code,
        ...(provider.renewable ? { subscription_type: subscription } : {}),
        request_id: requestId,
      }),
      chargeKobo: apiNairaToKobo(chosen.amount),
      details: (
        <>
          <DetailRow label="Provider">{verified.cableName}</DetailRow>
          <DetailRow label="Smartcard / IUC">{verified.smartCardNo}</DetailRow>
          <DetailRow label="Name">{verified.name}</DetailRow>
          <DetailRow label="Bouquet">
            {chosen.name}
            {provider.renewable ? ` (${subscription})` : ''}
          </DetailRow>
        </>
      ),
      onAccepted: decoder.forget,
    });
  };

  return (
    <PurchasePage title="Cable TV" balanceTestId="cable-balance" flow={flow} receiptTitle="Cable TV receipt" receiptTestId="bill-receipt">
      {verified ? (
        <div className="card form" data-testid="cable-buy-form">
          <Verified>
            <div>
              <strong data-testid="cable-customer">{verified.name}</strong>
              <div className="muted">
                {verified.cableName} · {verified.smartCardNo}
              </div>
              {verified.currentBouquet ? (
                <div className="muted" data-testid="cable-current">
                  {verified.currentBouquet}
                  {verified.dueDate ? (
                    <>
                      {' · '}
                      <span className="nowrap">due {dayText(verified.dueDate)}</span>
                    </>
                  ) : null}
                </div>
              ) : null}
            </div>
          </Verified>
          {verified.canRenew ? (
            <div className="form-row" role="radiogroup" aria-label="Renew or change">
              <Button
                variant={mode === 'renew' ? 'primary' : 'ghost'}
                aria-pressed={mode === 'renew'}
                onClick={() => setMode('renew')}
                data-testid="cable-renew"
              >
                Renew
              </Button>
              <Button
                variant={mode === 'change' ? 'primary' : 'ghost'}
                aria-pressed={mode === 'change'}
                onClick={() => setMode('change')}
                data-testid="cable-change"
              >
                Change bouquet
              </Button>
            </div>
          ) : null}
          {renewing ? null : (
            <Select
              label="Bouquet"
              value={plan}
              onChange={(event) => setPlan(event.target.value)}
              options={[{ value: '', label: 'Select a bouquet' }, ...bouquets.map((b) => ({ value: b.code, label: `${b.name} — ${showNaira(b.amount)}` }))]}
            />
          )}
          <ChargePreview testId="cable-charge" charge={chosen ? showNaira(chosen.amount) : null} note={chosen ? chosen.name : BILL_MSG.selectBouquet} />
          <div className="form-row">
            <Button variant="ghost" onClick={decoder.forget} disabled={flow.busy}>
              Change decoder
            </Button>
            <Button onClick={onContinue} data-testid="cable-continue">
              Continue
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onVerify} noValidate className="card form" data-testid="cable-verify-form">
          <Select label="Provider" options={PROVIDER_OPTIONS} value={cableName} onChange={(event) => setCableName(event.target.value)} />
          <Input
            label={provider.numberLabel}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={provider.name === 'SHOWMAX' ? 'e.g. 08011111111' : 'e.g. 1212121212'}
            value={smartCardNo}
            aria-invalid={decoder.error ? true : undefined}
            onChange={(event) => {
              setSmartCardNo(event.target.value);
              decoder.clearError();
            }}
          />
          <SavedDecoders
            cableName={cableName}
            onUse={(name, number) => {
              setCableName(name);
              setSmartCardNo(number);
            }}
          />
          <VerificationError error={decoder.error} testId="cable-error" />
          <Button type="submit" block loading={decoder.checking}>
            Verify
          </Button>
        </form>
      )}
    </PurchasePage>
  );
}
