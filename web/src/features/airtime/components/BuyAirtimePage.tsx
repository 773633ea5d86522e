import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { AIRTIME_NETWORK_IDS, airtimeNetworkName } from '@shared/constants.js';
import { CATALOGUE_MSG, MSG } from '@shared/messages.js';
import { formatNaira } from '@shared/money.js';
import { airtimeChargeKobo } from '@shared/pricing.js';
import { errorMessage } from '@/lib/api-client.js';
import { useAddContact } from '@/lib/contacts-api.js';
import { warnFirstError } from '@/lib/forms.js';
import { typedNairaInKobo } from '@/lib/typed-naira.js';
import { useSession } from '@/lib/session.js';
import { Button, Checkbox, DetailRow, Input, NetworkMismatch, notify } from '@/ui/index.js';
import { ChargePreview, NetworkPicker, PhoneField, PurchasePage, networkFromAddress, useNetworkTarget, usePurchaseFlow } from '@/ui/purchase/index.js';
import { buyAirtime } from '../api/buy-airtime.js';
import {
  AIRTIME_FIELD_ORDER,
  AIRTIME_QUICK_AMOUNTS_NAIRA,
  EMPTY_AIRTIME_FORM,
  airtimeForm,
  buyAirtimeBody,
  quickAmountLabel,
  type AirtimeFormValues,
} from '../lib/airtime-form.js';

/** Airtime: network, number and face value; the charge is the value less the user's discount. */
export function BuyAirtimePage() {
  const session = useSession();
  const [params] = useSearchParams();
  // A contact shortcut opens the screen with its number and network (`?phone=…&network=MTN`).
  const fromAddress = networkFromAddress(params.get('network'), AIRTIME_NETWORK_IDS);
  const { register, handleSubmit, watch, reset, setValue } = useForm({
    resolver: zodResolver(airtimeForm),
    defaultValues: {
      ...EMPTY_AIRTIME_FORM,
      ...(fromAddress ? { network: String(AIRTIME_NETWORK_IDS[fromAddress]) } : {}),
      mobile_number: (params.get('phone') ?? '').trim(),
    },
  });
  const flow = usePurchaseFlow({ send: buyAirtime, processingMsg: MSG.airtimeProcessing });
  // Told here: the screen has moved on to the dashboard by the time the contact is saved.
  const addContact = useAddContact({
    onSuccess: (answer) => notify.success(answer?.msg ?? CATALOGUE_MSG.contactSaved),
    onError: (error) => notify.error(errorMessage(error, MSG.somethingWentWrong)),
  });
  const target = useNetworkTarget({
    network: airtimeNetworkName(Number(watch('network'))) ?? null,
    phone: watch('mobile_number') ?? '',
    setNetwork: (name) => setValue('network', String(AIRTIME_NETWORK_IDS[name])),
    chosenAtStart: fromAddress !== null,
  });

  const userType = session?.user.userType;
  const amountKobo = typedNairaInKobo(watch('amount'));

  const onSubmit = handleSubmit((values) => {
    const networkName = airtimeNetworkName(values.network) ?? String(values.network);
    flow.review({
      body: (requestId) => buyAirtimeBody(values, requestId),
      chargeKobo: airtimeChargeKobo(values.amount, userType),
      details: (
        <>
          <DetailRow label="Network">{networkName}</DetailRow>
          <DetailRow label="Phone number">{values.mobile_number}</DetailRow>
          <DetailRow label="Airtime value">{formatNaira(values.amount)}</DetailRow>
        </>
      ),
      warning: <NetworkMismatch phone={values.mobile_number} chosen={airtimeNetworkName(values.network) ?? null} />,
      onAccepted: () => {
        if (values.addToContacts) addContact.mutate({ contactName: values.nickname, contactNumber: values.mobile_number, contactNetwork: networkName });
        reset(EMPTY_AIRTIME_FORM);
        target.forget();
      },
    });
  }, warnFirstError<AirtimeFormValues>(AIRTIME_FIELD_ORDER));

  return (
    <PurchasePage title="Buy airtime" balanceTestId="airtime-balance" flow={flow} receiptTitle="Airtime receipt">
      <form onSubmit={onSubmit} noValidate className="card form">
        <NetworkPicker target={target} />
        <PhoneField target={target} field={register('mobile_number')} onPick={(phone) => setValue('mobile_number', phone)} />
        <Input label="Amount (₦)" type="text" inputMode="decimal" placeholder="100" {...register('amount')} />
        <fieldset className="chips-group" data-testid="quick-amounts">
          <legend className="sr-only">Quick amounts</legend>
          <div className="chips">
            {AIRTIME_QUICK_AMOUNTS_NAIRA.map((naira) => (
              <button
                key={naira}
                type="button"
                className={`chip ${String(watch('amount')).trim() === String(naira) ? 'selected' : ''}`}
                aria-pressed={String(watch('amount')).trim() === String(naira)}
                onClick={() => setValue('amount', String(naira), { shouldDirty: true })}
              >
                {quickAmountLabel(naira)}
              </button>
            ))}
          </div>
        </fieldset>
        <ChargePreview
          testId="charge-preview"
          charge={amountKobo === null ? null : formatNaira(airtimeChargeKobo(amountKobo, userType))}
          note={`${userType === 'reseller' ? '2% reseller discount' : '1% discount'} on airtime value`}
        />
        <Checkbox label="Add this number to my contacts" {...register('addToContacts')} />
        {watch('addToContacts') ? <Input label="Nickname" placeholder="e.g. Mum" {...register('nickname')} /> : null}
        <Button type="submit" block>
          Continue
        </Button>
      </form>
    </PurchasePage>
  );
}
