import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TransactionView } from '@shared/api/transactions.js';
import { DATA_NETWORK_IDS, NETWORK_NAMES, isNetworkName, type NetworkName } from '@shared/constants.js';
import { BALANCE_CHECK_CODES, DATA_TYPE_EXPLANATIONS, networkOfNumber } from '@shared/networks.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { errorMessage, refusedForGood } from '@/lib/api-client.js';
import { useContacts } from '@/lib/contacts-api.js';
import { warnFirstError } from '@/lib/forms.js';
import { newRequestId } from '@/lib/ids.js';
import { apiNairaToKobo, showNaira } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
import { useFollowedTransaction } from '@/lib/follow-transaction.js';
import { Button, ContactPicker, DetailRow, Input, Modal, NetworkLogo, NetworkMismatch, PurchaseConfirmModal, PurchaseReceipt, Spinner, notify } from '@/ui/index.js';
import { useBuyData } from '../api/buy-data.js';
import { useNetworkPlans } from '../api/list-network-plans.js';
import { DATA_FIELD_ORDER, dataForm, formAfterPurchase, type BuyDataBody, type DataFormValues } from '../lib/data-form.js';
import { mtnDataType, mtnDataTypes, planPriceFor, plansFor, selectedPlan, type DataPlanOption } from '../lib/data-plans.js';

interface PendingPurchase {
  body: BuyDataBody;
  network: NetworkName;
  plan: DataPlanOption;
  price: number;
}

/** A network given in the address (the contacts screen's shortcut), by name or data network id. */
function networkFromQuery(value: string | null): NetworkName | null {
  const text = (value ?? '').trim().toUpperCase();
  if (isNetworkName(text)) return text;
  return NETWORK_NAMES.find((name) => String(DATA_NETWORK_IDS[name]) === text) ?? null;
}

export function BuyDataPage() {
  const navigate = useNavigate();
  const session = useSession();
  const [params] = useSearchParams();
  // The network starts unselected on every visit (spec §2), unless a contact shortcut names one.
  const { register, handleSubmit, watch, setValue, reset } = useForm({
    resolver: zodResolver(dataForm),
    defaultValues: { network: networkFromQuery(params.get('network')) ?? '', plan: '', mobile_number: params.get('phone') ?? '' },
  });
  // The MTN data type only narrows the plans offered; it is not sent.
  const [dataType, setDataType] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const chosenNetwork = watch('network');
  const network = isNetworkName(chosenNetwork) ? chosenNetwork : null;
  const chosenPlanId = Number(watch('plan')) || null;
  const [pending, setPending] = useState<PendingPurchase | null>(null);
  const [accepted, setAccepted] = useState<TransactionView | null>(null);
  const receipt = useFollowedTransaction(accepted);
  const shownReceipt = receipt.data ?? accepted;
  // A network the user (or a contact, or the address) chose is kept; otherwise the number's prefix picks it.
  const [networkChosen, setNetworkChosen] = useState(() => networkFromQuery(params.get('network')) !== null);
  const phone = watch('mobile_number') ?? '';

  const plansQuery = useNetworkPlans(network);
  const contacts = useContacts(pickerOpen);
  const buy = useBuyData();

  const userType = session?.user.userType;
  const networkPlans = plansQuery.data ?? [];
  const dataTypes = network === 'MTN' ? mtnDataTypes(networkPlans) : [];
  const activeType = network === 'MTN' ? (dataType && dataTypes.includes(dataType) ? dataType : (dataTypes[0] ?? null)) : null;
  const offered = plansFor(networkPlans, network, activeType);
  const plan = selectedPlan(offered, chosenPlanId);
  const price = plan ? planPriceFor(plan, userType) : null;
  const balanceKobo = apiNairaToKobo(session?.user.balance ?? 0);

  /** Another network: its own plans, the first preselected, and for MTN the first data type. */
  const forgetPlan = () => {
    setDataType(null);
    setValue('plan', '');
  };
  const chooseNetwork = (next: NetworkName) => {
    setValue('network', next);
    forgetPlan();
  };
  const pickNetwork = (next: NetworkName) => {
    chooseNetwork(next);
    setNetworkChosen(true);
  };
  const onNumberChange = (value: string) => {
    const detected = networkOfNumber(value);
    if (detected && !networkChosen && detected !== network) chooseNetwork(detected);
  };
  const done = () => {
    setAccepted(null);
    navigate('/profile');
  };

  const submit = handleSubmit((body) => {
    if (!network || !plan || price === null) return void notify.warn(MSG.provideAllValues);
    setPending({ body: { ...body, request_id: newRequestId() }, network, plan, price });
  }, warnFirstError<DataFormValues>(DATA_FIELD_ORDER));
  // The preselected plan counts as chosen: the form sends the plan shown as checked.
  const onSubmit = (event: FormEvent) => {
    setValue('plan', plan ? String(plan.id) : '');
    return submit(event);
  };

  const confirm = () => {
    if (!pending) return;
    buy.mutate(pending.body, {
      onSuccess: (answer) => {
        setPending(null);
        reset(formAfterPurchase());
        setDataType(null);
        setNetworkChosen(false);
        // The receipt follows the purchase live until it is delivered or refunded (issue 21).
        if (answer?.receipt) setAccepted(answer.receipt);
        else {
          notify.success(answer?.msg ?? CATALOGUE_MSG.dataProcessing);
          navigate('/profile');
        }
      },
      onError: (error) => {
        if (refusedForGood(error)) setPending(null);
        notify.error(errorMessage(error, MSG.purchaseFallback));
      },
    });
  };

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <h1>Buy data</h1>
        <p className="muted">
          Wallet balance: <strong data-testid="data-balance">{showNaira(session?.user.balance)}</strong>
        </p>
      </header>

      <form onSubmit={onSubmit} noValidate className="card form">
        <fieldset className="network-picker">
          <legend>Network</legend>
          <div className="network-options">
            {NETWORK_NAMES.map((name) => (
              <label key={name} className={`network-option network-logo-option ${network === name ? 'selected' : ''}`} data-testid={`network-${name}`}>
                <input
                  type="radio"
                  value={name}
                  aria-label={name}
                  {...register('network', {
                    onChange: () => {
                      forgetPlan();
                      setNetworkChosen(true);
                    },
                  })}
                />
                <NetworkLogo network={name} />
              </label>
            ))}
          </div>
        </fieldset>

        {network === 'MTN' && dataTypes.length > 0 ? (
          <fieldset className="chip-picker">
            <legend>Data type</legend>
            <div className="chips">
              {dataTypes.map((type) => (
                <label key={type} className={`chip ${activeType === type ? 'selected' : ''}`}>
                  <input
                    type="radio"
                    name="dataType"
                    value={type}
                    checked={activeType === type}
                    onChange={() => {
                      setDataType(type);
                      setValue('plan', '');
                    }}
                  />
                  <span>{type}</span>
                </label>
              ))}
            </div>
            {activeType && DATA_TYPE_EXPLANATIONS[activeType] ? (
              <p className="field-hint" data-testid="data-type-explanation">
                {DATA_TYPE_EXPLANATIONS[activeType]}
              </p>
            ) : null}
          </fieldset>
        ) : null}

        <fieldset className="plan-picker">
          <legend>Data plan</legend>
          {!network ? (
            <button type="button" className="plan-placeholder" onClick={() => notify.warn(MSG.selectNetwork)} data-testid="plan-placeholder">
              Pick a network above to see its data plans
            </button>
          ) : plansQuery.isPending ? (
            <div className="plan-placeholder">
              <Spinner label="Loading plans…" />
            </div>
          ) : offered.length === 0 ? (
            <div className="plan-placeholder">
              {plansQuery.isError ? (
                <>
                  <span>We could not load the plans.</span>
                  <Button variant="secondary" className="btn-sm" onClick={() => void plansQuery.refetch()}>
                    Try again
                  </Button>
                </>
              ) : (
                <span>No {network} data plans are available right now.</span>
              )}
            </div>
          ) : (
            <div className="plan-options" data-testid="plan-options">
              {offered.map((option) => {
                const checked = plan?.id === option.id;
                return (
                  <label key={option.id} className={`plan-option ${checked ? 'selected' : ''}`} data-testid="plan-option" data-plan-id={option.id}>
                    <input type="radio" name="plan" value={option.id} checked={checked} onChange={() => setValue('plan', String(option.id))} />
                    <span className="plan-volume">{option.plan}</span>
                    <span className="plan-validity">{option.month_validate}</span>
                    <span className="plan-price">{showNaira(planPriceFor(option, userType))}</span>
                  </label>
                );
              })}
            </div>
          )}
        </fieldset>

        <Input
          label="Phone number"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          placeholder="08012345678"
          maxLength={11}
          {...register('mobile_number', { onChange: (event: { target: { value: string } }) => onNumberChange(event.target.value) })}
          trailing={
            <button type="button" className="field-toggle field-toggle-wide" onClick={() => setPickerOpen(true)}>
              Contacts
            </button>
          }
        />

        <NetworkMismatch phone={phone} chosen={network} onSwitch={pickNetwork} />
        {network ? (
          <p className="field-hint" data-testid="balance-code">
            Check {network} data balance: dial <strong>{BALANCE_CHECK_CODES[network].data}</strong> (airtime: {BALANCE_CHECK_CODES[network].airtime})
          </p>
        ) : null}

        <div className="charge-preview" aria-live="polite" data-testid="data-charge">
          <span>You pay</span>
          <strong>{price === null ? '—' : showNaira(price)}</strong>
          <small>{plan ? `${plan.plan} · ${plan.month_validate}` : 'Choose a network and a plan'}</small>
        </div>

        <Button type="submit" block>
          Continue
        </Button>
      </form>

      <ContactPicker
        open={pickerOpen}
        contacts={contacts.data?.contactList ?? []}
        loading={contacts.isPending}
        onClose={() => setPickerOpen(false)}
        onPick={(contact) => {
          setValue('mobile_number', contact.contactNumber);
          if (isNetworkName(contact.contactNetwork) && contact.contactNetwork !== network) pickNetwork(contact.contactNetwork);
          setPickerOpen(false);
        }}
        empty={
          <>
            <p>{MSG.noContacts}</p>
            <Link to="/profile/contacts" className="btn btn-secondary btn-sm">
              Add contacts
            </Link>
          </>
        }
      />

      <PurchaseConfirmModal
        purchase={
          pending && {
            chargeKobo: apiNairaToKobo(pending.price),
            details: (
              <>
                <DetailRow label="Network">{pending.network}</DetailRow>
                <DetailRow label="Plan">
                  {pending.plan.plan}
                  {pending.network === 'MTN' ? ` (${mtnDataType(pending.plan)})` : ''}
                </DetailRow>
                <DetailRow label="Validity">{pending.plan.month_validate}</DetailRow>
                <DetailRow label="Phone number">{pending.body.mobile_number}</DetailRow>
              </>
            ),
            warning: <NetworkMismatch phone={pending.body.mobile_number} chosen={pending.network} />,
          }
        }
        balanceKobo={balanceKobo}
        busy={buy.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />

      <Modal open={shownReceipt !== null} title="Data receipt" onClose={done} footer={<Button onClick={done}>Done</Button>}>
        {shownReceipt ? <PurchaseReceipt purchase={shownReceipt} /> : null}
      </Modal>
    </section>
  );
}
