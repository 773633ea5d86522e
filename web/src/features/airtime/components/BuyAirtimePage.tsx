import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AIRTIME_NETWORK_IDS, NETWORK_NAMES, airtimeNetworkName, isNetworkName, type NetworkName } from '@shared/constants.js';
import type { TransactionView } from '@shared/api/transactions.js';
import { networkOfNumber } from '@shared/networks.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { formatNaira } from '@shared/money.js';
import { airtimeChargeKobo } from '@shared/pricing.js';
import { errorMessage, refusedForGood } from '@/lib/api-client.js';
import { useAddContact, useContacts } from '@/lib/contacts-api.js';
import { warnFirstError } from '@/lib/forms.js';
import { newRequestId } from '@/lib/ids.js';
import { apiNairaToKobo, showNaira, typedNairaInKobo } from '@/lib/money.js';
import { useSession } from '@/lib/session.js';
import { useFollowedTransaction } from '@/lib/follow-transaction.js';
import { Button, Checkbox, ContactPicker, DetailRow, Input, Modal, NetworkLogo, NetworkMismatch, PurchaseConfirmModal, PurchaseReceipt, notify } from '@/ui/index.js';
import { useBuyAirtime } from '../api/buy-airtime.js';
import {
  AIRTIME_FIELD_ORDER,
  DEFAULT_AIRTIME_NETWORK,
  EMPTY_AIRTIME_FORM,
  airtimeForm,
  buyAirtimeBody,
  type AirtimeFormValues,
  type BuyAirtimeBody,
} from '../lib/airtime-form.js';

interface PendingPurchase {
  body: BuyAirtimeBody;
  networkName: string;
  chargeKobo: number;
  contactName: string | null;
}

/** A contact shortcut opens the screen with its number and network (`?phone=…&network=MTN`). */
function prefilled(params: URLSearchParams): AirtimeFormValues {
  const network = (params.get('network') ?? '').trim().toUpperCase();
  const phone = (params.get('phone') ?? '').trim();
  return { ...EMPTY_AIRTIME_FORM, network: isNetworkName(network) ? String(AIRTIME_NETWORK_IDS[network]) : DEFAULT_AIRTIME_NETWORK, mobile_number: phone };
}

export function BuyAirtimePage() {
  const navigate = useNavigate();
  const session = useSession();
  const [params] = useSearchParams();
  const buy = useBuyAirtime();
  // Told here: the screen has moved on to the dashboard by the time the contact is saved.
  const addContact = useAddContact({
    onSuccess: (answer) => notify.success(answer?.msg ?? CATALOGUE_MSG.contactSaved),
    onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
  });
  const [pending, setPending] = useState<PendingPurchase | null>(null);
  const [accepted, setAccepted] = useState<TransactionView | null>(null);
  const receipt = useFollowedTransaction(accepted);
  // A network the user (or a contact, or the address) chose is kept; otherwise the number's prefix picks it.
  const [networkChosen, setNetworkChosen] = useState(() => params.has('network'));
  const [pickerOpen, setPickerOpen] = useState(false);
  const contacts = useContacts(pickerOpen);
  const { register, handleSubmit, watch, reset, setValue } = useForm({ resolver: zodResolver(airtimeForm), defaultValues: prefilled(params) });

  const userType = session?.user.userType;
  const amountKobo = typedNairaInKobo(watch('amount'));
  const chargeKobo = amountKobo === null ? null : airtimeChargeKobo(amountKobo, userType);
  const addToContacts = watch('addToContacts');
  const selectedNetwork = watch('network');
  const selectedName = airtimeNetworkName(Number(selectedNetwork)) ?? null;
  const phone = watch('mobile_number') ?? '';
  const chooseNetwork = (name: NetworkName) => {
    setValue('network', String(AIRTIME_NETWORK_IDS[name]));
    setNetworkChosen(true);
  };
  const onNumberChange = (value: string) => {
    const detected = networkOfNumber(value);
    if (detected && !networkChosen) setValue('network', String(AIRTIME_NETWORK_IDS[detected]));
  };

  const onSubmit = handleSubmit(
    (values) =>
      setPending({
        body: buyAirtimeBody(values, newRequestId()),
        networkName: airtimeNetworkName(values.network) ?? String(values.network),
        chargeKobo: airtimeChargeKobo(values.amount, userType),
        contactName: values.addToContacts ? values.nickname : null,
      }),
    warnFirstError<AirtimeFormValues>(AIRTIME_FIELD_ORDER),
  );

  const confirm = () => {
    if (!pending) return;
    const purchase = pending;
    buy.mutate(purchase.body, {
      onSuccess: (answer) => {
        setPending(null);
        if (purchase.contactName) {
          addContact.mutate({ contactName: purchase.contactName, contactNumber: purchase.body.mobile_number, contactNetwork: purchase.networkName });
        }
        reset(EMPTY_AIRTIME_FORM);
        setNetworkChosen(false);
        // The receipt follows the purchase live until it is delivered or refunded (issue 21).
        if (answer?.receipt) setAccepted(answer.receipt);
        else {
          notify.success(answer?.msg ?? MSG.airtimeProcessing);
          navigate('/profile');
        }
      },
      onError: (error) => {
        if (refusedForGood(error)) setPending(null);
        notify.error(errorMessage(error, MSG.purchaseFallback));
      },
    });
  };

  const balanceKobo = apiNairaToKobo(session?.user.balance ?? 0);
  const shownReceipt = receipt.data ?? accepted;
  const done = () => {
    setAccepted(null);
    navigate('/profile');
  };

  return (
    <section className="page page-narrow">
      <header className="page-header">
        <h1>Buy airtime</h1>
        <p className="muted">
          Wallet balance: <strong data-testid="airtime-balance">{showNaira(session?.user.balance)}</strong>
        </p>
      </header>

      <form onSubmit={onSubmit} noValidate className="card form">
        <fieldset className="network-picker">
          <legend>Network</legend>
          <div className="network-options">
            {NETWORK_NAMES.map((name) => {
              const value = String(AIRTIME_NETWORK_IDS[name]);
              return (
                <label key={name} className={`network-option network-logo-option ${selectedNetwork === value ? 'selected' : ''}`}>
                  <input type="radio" value={value} aria-label={name} {...register('network', { onChange: () => setNetworkChosen(true) })} />
                  <NetworkLogo network={name} />
                </label>
              );
            })}
          </div>
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
        <NetworkMismatch phone={phone} chosen={selectedName} onSwitch={chooseNetwork} />
        <Input label="Amount (₦)" type="text" inputMode="decimal" placeholder="100" {...register('amount')} />

        <div className="charge-preview" aria-live="polite" data-testid="charge-preview">
          <span>You pay</span>
          <strong>{chargeKobo === null ? '—' : formatNaira(chargeKobo)}</strong>
          <small>{userType === 'reseller' ? '2% reseller discount' : '1% discount'} on airtime value</small>
        </div>

        <Checkbox label="Add this number to my contacts" {...register('addToContacts')} />
        {addToContacts ? <Input label="Nickname" placeholder="e.g. Mum" {...register('nickname')} /> : null}

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
          if (isNetworkName(contact.contactNetwork)) chooseNetwork(contact.contactNetwork);
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
            chargeKobo: pending.chargeKobo,
            details: (
              <>
                <DetailRow label="Network">{pending.networkName}</DetailRow>
                <DetailRow label="Phone number">{pending.body.mobile_number}</DetailRow>
                <DetailRow label="Airtime value">{showNaira(pending.body.amount)}</DetailRow>
              </>
            ),
            warning: <NetworkMismatch phone={pending.body.mobile_number} chosen={isNetworkName(pending.networkName) ? pending.networkName : null} />,
          }
        }
        balanceKobo={balanceKobo}
        busy={buy.isPending}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />

      <Modal open={shownReceipt !== null} title="Airtime receipt" onClose={done} footer={<Button onClick={done}>Done</Button>}>
        {shownReceipt ? <PurchaseReceipt purchase={shownReceipt} /> : null}
      </Modal>
    </section>
  );
}
