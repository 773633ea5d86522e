import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ValidateCableResponse } from '@shared/api/bills.js';
import type { TransactionView } from '@shared/api/transactions.js';
import { CABLE_PROVIDERS, SMARTCARD_PATTERN, cableProvider, type SubscriptionType } from '@shared/bills.js';
import { BILL_MSG, MSG } from '@shared/messages.js';
import { errorMessage, refusedForGood } from '@/lib/api-client.js';
import { newRequestId } from '@/lib/ids.js';
import { apiNairaToKobo, showNaira } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
import { Button, DetailRow, Input, Modal, PurchaseConfirmModal, Select, notify } from '@/ui/index.js';
import { billerErrorText, refreshSavedDecoders, useBillProducts, useBillPurchase, useBuyCable, useForgetDecoder, useSavedDecoders, useValidateCable } from '../api/bills.js';
import { BillReceipt } from './BillReceipt.js';

const PROVIDER_OPTIONS = CABLE_PROVIDERS.map((p) => ({ value: p.name, label: p.name === 'STARTIMES' ? 'StarTimes' : p.name === 'SHOWMAX' ? 'Showmax' : p.name === 'DSTV' ? 'DStv' : 'GOtv' }));

/**
 * Cable TV (issue 22): verify the smartcard / IUC first (name, current bouquet, due date), then
 * Renew the current bouquet (the default where the provider offers it) or change to another one;
 * confirm; the receipt follows the purchase to its new due date. Decoders paid for are remembered
 * by the server once delivered, so they are offered again on any device.
 */
export function CableTvPage() {
  const navigate = useNavigate();
  const session = useSession();
  const products = useBillProducts();
  const validate = useValidateCable();
  const buy = useBuyCable();
  const [cableName, setCableName] = useState<string>('DSTV');
  const [smartCardNo, setSmartCardNo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verified, setVerified] = useState<ValidateCableResponse | null>(null);
  const [mode, setMode] = useState<SubscriptionType>('renew');
  const [plan, setPlan] = useState('');
  const [confirming, setConfirming] = useState<{ requestId: string } | null>(null);
  const [accepted, setAccepted] = useState<TransactionView | null>(null);
  const receipt = useBillPurchase(accepted);
  const decoders = useSavedDecoders().data?.decoders ?? [];
  const forget = useForgetDecoder();
  const delivered = receipt.data?.trans_Status === 'success';
  // Delivered: the server remembers the decoder (off the request path), so the list is read again.
  useEffect(() => {
    if (delivered) void refreshSavedDecoders();
  }, [delivered]);

  const provider = cableProvider(cableName)!;
  const bouquets = (products.data?.products ?? []).filter((p) => p.family === 'cable' && p.serviceID === provider.serviceId && p.isAvailable);
  const renewing = verified?.canRenew && mode === 'renew';
  const chosen = bouquets.find((b) => b.code === (renewing ? verified?.currentBouquetCode : plan));
  const balanceKobo = apiNairaToKobo(session?.user.balance ?? 0);

  const onVerify = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const number = smartCardNo.replace(/[\s-]/g, '');
    const ok = provider.name === 'SHOWMAX' ? /^0\d{10}$/.test(number) : SMARTCARD_PATTERN.test(number);
    if (!ok) {
      const text = provider.name === 'SHOWMAX' ? MSG.checkPhone : BILL_MSG.enterSmartcard;
      setError(text);
      notify.warn(text);
      return;
    }
    validate.mutate(
      { cableName: provider.name, smartCardNo: number },
      {
        onSuccess: (answer) => {
          setVerified(answer);
          setMode(answer.canRenew ? 'renew' : 'change');
          setPlan(answer.currentBouquetCode ?? '');
        },
        onError: (failure) => {
          const text = billerErrorText(failure, BILL_MSG.invalidSmartcard);
          setError(text);
          notify.error(text);
        },
      },
    );
  };

  const confirm = () => {
    if (!verified || !chosen || !confirming) return;
    buy.mutate(
      {
        cableName: verified.cableName,
        smartCardNo: verified.smartCardNo,
        plan: chosen.code,
        ...(provider.renewable ? { subscription_type: renewing ? 'renew' : 'change' } : {}),
        request_id: confirming.requestId,
      },
      {
        onSuccess: (answer) => {
          setConfirming(null);
          notify.success(answer?.msg ?? BILL_MSG.cableProcessing);
          setAccepted(answer.receipt);
          setVerified(null);
        },
        onError: (failure) => {
          if (refusedForGood(failure)) setConfirming(null);
          notify.error(errorMessage(failure, MSG.purchaseFallback));
        },
      },
    );
  };

  const done = () => {
    setAccepted(null);
    navigate('/profile');
  };
  const shown = receipt.data ?? accepted;

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <h1>Cable TV</h1>
        <p className="muted">
          Wallet balance: <strong>{showNaira(session?.user.balance)}</strong>
        </p>
      </header>

      {verified ? (
        <div className="card form" data-testid="cable-buy-form">
          <div className="validated">
            <span className="badge badge-success">Verified</span>
            <div>
              <strong data-testid="cable-customer">{verified.name}</strong>
              <div className="muted">
                {verified.cableName} · {verified.smartCardNo}
              </div>
              {verified.currentBouquet ? (
                <div className="muted" data-testid="cable-current">
                  {verified.currentBouquet}
                  {verified.dueDate ? ` · due ${verified.dueDate}` : ''}
                </div>
              ) : null}
            </div>
          </div>
          {verified.canRenew ? (
            <div className="form-row" role="radiogroup" aria-label="Renew or change">
              <Button variant={mode === 'renew' ? 'primary' : 'ghost'} aria-pressed={mode === 'renew'} onClick={() => setMode('renew')} data-testid="cable-renew">
                Renew
              </Button>
              <Button variant={mode === 'change' ? 'primary' : 'ghost'} aria-pressed={mode === 'change'} onClick={() => setMode('change')} data-testid="cable-change">
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
          <div className="charge-preview" aria-live="polite" data-testid="cable-charge">
            <span>You pay</span>
            <strong>{chosen ? showNaira(chosen.amount) : '—'}</strong>
            <small>{chosen ? chosen.name : BILL_MSG.selectBouquet}</small>
          </div>
          <div className="form-row">
            <Button variant="ghost" onClick={() => setVerified(null)} disabled={buy.isPending}>
              Change decoder
            </Button>
            <Button
              onClick={() => (chosen ? setConfirming({ requestId: newRequestId() }) : notify.warn(BILL_MSG.selectBouquet))}
              data-testid="cable-continue"
            >
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
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setSmartCardNo(event.target.value);
              setError(null);
            }}
          />
          {decoders.length ? (
            <div className="form-row" data-testid="saved-decoders">
              {decoders.slice(0, 4).map((d) => (
                <span key={d._id} className="saved-decoder">
                  <Button
                    variant="ghost"
                    onClick={() => {
                      setCableName(d.cableName);
                      setSmartCardNo(d.smartCardNo);
                    }}
                  >
                    {d.customerName || d.cableName} · {d.smartCardNo}
                  </Button>
                  <Button variant="ghost" aria-label={`Remove saved decoder ${d.smartCardNo}`} loading={forget.isPending && forget.variables === d._id} onClick={() => forget.mutate(d._id)}>
                    ×
                  </Button>
                </span>
              ))}
            </div>
          ) : null}
          {error ? (
            <p className="notice notice-warning" role="alert" data-testid="cable-error">
              {error}
            </p>
          ) : null}
          <Button type="submit" block loading={validate.isPending}>
            Verify
          </Button>
        </form>
      )}

      <PurchaseConfirmModal
        purchase={
          confirming && verified && chosen
            ? {
                chargeKobo: apiNairaToKobo(chosen.amount),
                details: (
                  <>
                    <DetailRow label="Provider">{verified.cableName}</DetailRow>
                    <DetailRow label="Smartcard / IUC">{verified.smartCardNo}</DetailRow>
                    <DetailRow label="Name">{verified.name}</DetailRow>
                    <DetailRow label="Bouquet">
                      {chosen.name}
                      {provider.renewable ? (renewing ? ' (renew)' : ' (change)') : ''}
                    </DetailRow>
                  </>
                ),
              }
            : null
        }
        balanceKobo={balanceKobo}
        busy={buy.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />

      <Modal open={shown !== null} title="Cable TV receipt" onClose={done} footer={<Button onClick={done}>Done</Button>}>
        {shown ? <BillReceipt purchase={shown} /> : null}
      </Modal>
    </section>
  );
}
