import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CUSTOMER_INPUT_RULES, SERVICE_MSG, amountRangeMessage, isValidCustomer, type ServiceView } from '@shared/api/configured-services.js';
import { applyRate, formatNaira } from '@shared/money.js';
import { priceTierFor } from '@shared/pricing.js';
import { apiNairaToKobo, showNaira } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
import { Button, DetailRow, Input, Select, Spinner } from '@/ui/index.js';
import { ChargePreview, PurchasePage, Verified, VerificationError, usePurchaseFlow, useVerification } from '@/ui/purchase/index.js';
import { buyService, useServices, validateService } from '../api/services.js';

type Plan = ServiceView['plans'][number];

/** The reader's price of a plan: naira for a fixed price, percent of the amount for a free amount (shared/pricing.ts, the server's rule). */
const ownPrice = (plan: Plan, userType: string | undefined) => plan[priceTierFor(userType)];

/** The charge of a plan (free amount: for the amount typed), in kobo, by the server's rounding; null until both are known. */
function chargeKoboOf(plan: Plan | undefined, userType: string | undefined, amountText: string): number | null {
  if (!plan) return null;
  if (plan.fixedPrice) return apiNairaToKobo(ownPrice(plan, userType));
  const amount = Number(amountText);
  if (!amountText.trim() || !Number.isFinite(amount) || amount <= 0) return null;
  try {
    return applyRate(apiNairaToKobo(amount), Math.round(ownPrice(plan, userType) * 100));
  } catch {
    return null;
  }
}

/**
 * Every VTpass service an admin configured (Smile, Spectranet …), on one screen built from its
 * configuration: the service, its plan, what the customer types (as the service names it), an
 * amount for a free-amount plan, the provider's check of the customer when the service has one,
 * then the confirmation before the money moves and the receipt (with any PINs).
 */
export function ServicesPage() {
  const services = useServices();
  const userType = useSession()?.user.userType;
  const [params, setParams] = useSearchParams();
  const list = services.data?.services ?? [];
  const service = list.find((s) => s.serviceID === params.get('service')) ?? list[0];
  const check = useVerification(validateService, SERVICE_MSG.invalidCustomer);
  const flow = usePurchaseFlow({ send: buyService, processingMsg: SERVICE_MSG.processing, announce: true });
  const [planCode, setPlanCode] = useState('');
  const [customer, setCustomer] = useState('');
  const [amount, setAmount] = useState('');

  const startOver = () => {
    check.forget();
    check.clearError();
  };
  const chooseService = (serviceID: string) => {
    setParams({ service: serviceID }, { replace: true });
    setPlanCode('');
    setCustomer('');
    setAmount('');
    startOver();
  };

  if (services.isPending) return <Spinner label="Loading services…" />;
  if (!service)
    return (
      <section className="page page-narrow">
        <h1>Internet &amp; more</h1>
        <p className="muted" data-testid="services-empty">
          {SERVICE_MSG.serviceUnavailable}
        </p>
      </section>
    );

  const plan = service.plans.find((p) => p.variation_code === planCode) ?? service.plans[0];
  const rule = CUSTOMER_INPUT_RULES[service.customerInput];
  const verified = check.verified?.serviceID === service.serviceID ? check.verified : null;
  const chargeKobo = chargeKoboOf(plan, userType, amount);
  const free = plan !== undefined && !plan.fixedPrice;

  const onVerify = () => {
    check.clearError();
    if (!isValidCustomer(service.customerInput, customer)) return check.warn(`${rule.label}: ${rule.hint}`);
    check.verify({ serviceID: service.serviceID, customer });
  };

  const onContinue = (event: React.FormEvent) => {
    event.preventDefault();
    if (!plan) return check.warn(SERVICE_MSG.selectPlan);
    if (!isValidCustomer(service.customerInput, customer)) return check.warn(`${rule.label}: ${rule.hint}`);
    if (free) {
      const naira = Number(amount);
      if (!Number.isFinite(naira) || plan.minAmount === null || plan.maxAmount === null || naira < plan.minAmount || naira > plan.maxAmount)
        return check.warn(amountRangeMessage(showNaira(plan.minAmount ?? 0), showNaira(plan.maxAmount ?? 0)));
    }
    if (chargeKobo === null) return check.warn(SERVICE_MSG.selectPlan);
    if (service.verify && !verified) return onVerify();
    flow.review({
      body: (requestId) => ({
        serviceID: service.serviceID,
        variation_code: plan.variation_code,
        customer: customer.trim(),
        ...(free ? { amount: Number(amount) } : {}),
        request_id: requestId,
      }),
      chargeKobo,
      details: (
        <>
          <DetailRow label="Service">{service.name}</DetailRow>
          <DetailRow label="Plan">{free ? `${plan.name} · ${showNaira(Number(amount))}` : plan.name}</DetailRow>
          <DetailRow label={rule.label}>{customer.trim()}</DetailRow>
          {verified ? <DetailRow label="Customer">{verified.name}</DetailRow> : null}
        </>
      ),
      onAccepted: startOver,
    });
  };

  return (
    <PurchasePage title="Internet & more" balanceTestId="services-balance" flow={flow} receiptTitle={`${service.name} receipt`} receiptTestId="service-receipt">
      <fieldset className="chips-group" aria-label="Service">
        <div className="chips" data-testid="service-chips">
          {list.map((s) => (
            <button
              key={s.serviceID}
              type="button"
              className={`chip ${s.serviceID === service.serviceID ? 'selected' : ''}`}
              aria-pressed={s.serviceID === service.serviceID}
              onClick={() => chooseService(s.serviceID)}
            >
              {s.name}
            </button>
          ))}
        </div>
      </fieldset>
      <form onSubmit={onContinue} noValidate className="card form" data-testid="service-form" data-service={service.serviceID}>
        <Select
          label="Plan"
          options={service.plans.map((p) => ({ value: p.variation_code, label: p.fixedPrice ? `${p.name} · ${showNaira(ownPrice(p, userType))}` : p.name }))}
          value={plan?.variation_code ?? ''}
          onChange={(event) => {
            setPlanCode(event.target.value);
            setAmount('');
          }}
        />
        {free && plan ? (
          <Input
            label="Amount (₦)"
            type="number"
            inputMode="decimal"
            min={plan.minAmount ?? undefined}
            max={plan.maxAmount ?? undefined}
            hint={`${showNaira(plan.minAmount ?? 0)} to ${showNaira(plan.maxAmount ?? 0)}`}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        ) : null}
        <Input
          label={rule.label}
          type={service.customerInput === 'email' ? 'email' : 'text'}
          inputMode={rule.inputMode}
          autoComplete="off"
          placeholder={rule.hint}
          value={customer}
          onChange={(event) => {
            setCustomer(event.target.value);
            startOver();
          }}
        />
        {service.verify ? (
          verified ? (
            <Verified>
              <strong data-testid="service-customer">{verified.name}</strong>
            </Verified>
          ) : (
            <Button variant="secondary" onClick={onVerify} loading={check.checking} data-testid="service-verify">
              Verify customer
            </Button>
          )
        ) : null}
        <VerificationError error={check.error} testId="service-error" />
        <ChargePreview
          testId="service-charge"
          charge={chargeKobo === null ? null : formatNaira(chargeKobo)}
          note={free && plan ? `${ownPrice(plan, userType)}% of the amount` : (plan?.name ?? '')}
        />
        <Button type="submit" block disabled={service.verify && !verified}>
          Continue
        </Button>
      </form>
    </PurchasePage>
  );
}
