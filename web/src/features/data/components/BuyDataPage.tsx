import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { DATA_NETWORK_IDS, isNetworkName, type NetworkName } from '@shared/constants.js';
import { BALANCE_CHECK_CODES, DATA_TYPE_EXPLANATIONS } from '@shared/networks.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { warnFirstError } from '@/lib/forms.js';
import { apiNairaToKobo, showNaira } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
import { Button, DetailRow, NetworkMismatch, Spinner, notify } from '@/ui/index.js';
import { ChargePreview, NetworkPicker, PhoneField, PurchasePage, networkFromAddress, useNetworkTarget, usePurchaseFlow } from '@/ui/purchase/index.js';
import { buyData } from '../api/buy-data.js';
import { useNetworkPlans } from '../api/list-network-plans.js';
import { DATA_FIELD_ORDER, dataForm, formAfterPurchase, type DataFormValues } from '../lib/data-form.js';
import { mtnDataType, mtnDataTypes, planPriceFor, plansFor, selectedPlan, type DataPlanOption } from '../lib/data-plans.js';

/** The MTN data types offered, each with its one-line explanation; the type only narrows the plans, it is not sent. */
function DataTypePicker({ types, active, onChoose }: { types: readonly string[]; active: string | null; onChoose: (type: string) => void }) {
  return (
    <fieldset className="chip-picker">
      <legend>Data type</legend>
      <div className="chips">
        {types.map((type) => (
          <label key={type} className={`choice chip ${active === type ? 'selected' : ''}`}>
            <input type="radio" name="dataType" value={type} checked={active === type} onChange={() => onChoose(type)} />
            <span>{type}</span>
          </label>
        ))}
      </div>
      {active && DATA_TYPE_EXPLANATIONS[active] ? (
        <p className="field-hint" data-testid="data-type-explanation">
          {DATA_TYPE_EXPLANATIONS[active]}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The chosen network's plans, the checked one first preselected; or why there are none. */
function PlanPicker({
  network,
  plans,
  query,
  checked,
  priceOf,
  onChoose,
}: {
  network: NetworkName | null;
  plans: readonly DataPlanOption[];
  query: ReturnType<typeof useNetworkPlans>;
  checked: DataPlanOption | null;
  priceOf: (plan: DataPlanOption) => number;
  onChoose: (plan: DataPlanOption) => void;
}) {
  if (!network)
    return (
      <button type="button" className="plan-placeholder" onClick={() => notify.warn(MSG.selectNetwork)} data-testid="plan-placeholder">
        Pick a network above to see its data plans
      </button>
    );
  if (query.isPending)
    return (
      <div className="plan-placeholder">
        <Spinner label="Loading plans…" />
      </div>
    );
  if (plans.length === 0)
    return (
      <div className="plan-placeholder">
        {query.isError ? (
          <>
            <span>We could not load the plans.</span>
            <Button variant="secondary" className="btn-sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </>
        ) : (
          <span>No {network} data plans are available right now.</span>
        )}
      </div>
    );
  return (
    <div className="plan-options" data-testid="plan-options">
      {plans.map((option) => (
        <label
          key={option.id}
          className={`choice plan-option ${checked?.id === option.id ? 'selected' : ''}`}
          data-testid="plan-option"
          data-plan-id={option.id}
        >
          <input type="radio" name="plan" value={option.id} checked={checked?.id === option.id} onChange={() => onChoose(option)} />
          <span className="plan-volume">{option.plan}</span>
          <span className="plan-validity">{option.month_validate}</span>
          <span className="plan-price">{showNaira(priceOf(option))}</span>
        </label>
      ))}
    </div>
  );
}

/** Data: network (and for MTN its data type), a plan of its list, and the number. */
export function BuyDataPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const fromAddress = networkFromAddress(params.get('network'), DATA_NETWORK_IDS);
  // The network starts unselected on every visit, unless a contact shortcut names one.
  const { register, handleSubmit, watch, setValue, reset } = useForm({
    resolver: zodResolver(dataForm),
    defaultValues: { network: fromAddress ?? '', plan: '', mobile_number: params.get('phone') ?? '' },
  });
  const [dataType, setDataType] = useState<string | null>(null);
  const chosenNetwork = watch('network');
  const network = isNetworkName(chosenNetwork) ? chosenNetwork : null;
  const flow = usePurchaseFlow({ send: buyData, processingMsg: CATALOGUE_MSG.dataProcessing });
  // Another network: its own plans, the first preselected, and for MTN the first data type.
  const target = useNetworkTarget({
    network,
    phone: watch('mobile_number') ?? '',
    setNetwork: (next) => {
      if (next === network) return;
      setValue('network', next);
      setDataType(null);
      setValue('plan', '');
    },
    chosenAtStart: fromAddress !== null,
  });

  const plansQuery = useNetworkPlans(network);
  const userType = session?.user.userType;
  const networkPlans = plansQuery.data ?? [];
  const dataTypes = network === 'MTN' ? mtnDataTypes(networkPlans) : [];
  const activeType = network === 'MTN' ? (dataType && dataTypes.includes(dataType) ? dataType : (dataTypes[0] ?? null)) : null;
  const offered = plansFor(networkPlans, network, activeType);
  const plan = selectedPlan(offered, Number(watch('plan')) || null);
  const priceOf = (option: DataPlanOption) => planPriceFor(option, userType);
  const price = plan ? priceOf(plan) : null;

  const submit = handleSubmit((body) => {
    if (!network || !plan || price === null) return void notify.warn(MSG.provideAllValues);
    flow.review({
      body: (requestId) => ({ ...body, request_id: requestId }),
      chargeKobo: apiNairaToKobo(price),
      details: (
        <>
          <DetailRow label="Network">{network}</DetailRow>
          <DetailRow label="Plan">
            {plan.plan}
            {network === 'MTN' ? ` (${mtnDataType(plan)})` : ''}
          </DetailRow>
          <DetailRow label="Validity">{plan.month_validate}</DetailRow>
          <DetailRow label="Phone number">{body.mobile_number}</DetailRow>
        </>
      ),
      warning: <NetworkMismatch phone={body.mobile_number} chosen={network} />,
      onAccepted: () => {
        reset(formAfterPurchase());
        setDataType(null);
        target.forget();
      },
    });
  }, warnFirstError<DataFormValues>(DATA_FIELD_ORDER));
  // The preselected plan counts as chosen: the form sends the plan shown as checked.
  const onSubmit = (event: FormEvent) => {
    setValue('plan', plan ? String(plan.id) : '');
    return submit(event);
  };

  return (
    <PurchasePage title="Buy data" balanceTestId="data-balance" flow={flow} receiptTitle="Data receipt">
      <form onSubmit={onSubmit} noValidate className="card form">
        <NetworkPicker target={target} />
        {network === 'MTN' && dataTypes.length > 0 ? (
          <DataTypePicker
            types={dataTypes}
            active={activeType}
            onChoose={(type) => {
              setDataType(type);
              setValue('plan', '');
            }}
          />
        ) : null}
        <fieldset className="plan-picker">
          <legend>Data plan</legend>
          <PlanPicker
            network={network}
            plans={offered}
            query={plansQuery}
            checked={plan}
            priceOf={priceOf}
            onChoose={(option) => setValue('plan', String(option.id))}
          />
        </fieldset>
        <PhoneField target={target} field={register('mobile_number')} onPick={(phone) => setValue('mobile_number', phone)} />
        {network ? (
          <p className="field-hint" data-testid="balance-code">
            Check {network} data balance: dial <strong>{BALANCE_CHECK_CODES[network].data}</strong> (airtime: {BALANCE_CHECK_CODES[network].airtime})
          </p>
        ) : null}
        <ChargePreview
          testId="data-charge"
          charge={price === null ? null : showNaira(price)}
          note={plan ? `${plan.plan} · ${plan.month_validate}` : 'Choose a network and a plan'}
        />
        <Button type="submit" block>
          Continue
        </Button>
      </form>
    </PurchasePage>
  );
}
