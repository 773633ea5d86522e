import { useEffect, useState } from 'react';
import {
  EPIN_BUSINESS_NAME_MAX,
  EPIN_DENOMINATIONS,
  EPIN_MAX_QUANTITY,
  EPIN_MSG,
  buyEpinRequest,
  epinProductCode,
  type EpinDenomination,
} from '@shared/api/epins.js';
import { NETWORK_NAMES, type NetworkName } from '@shared/constants.js';
import { apiNairaToKobo, koboToApiNaira, showNaira } from '@/lib/money.js';
import { queryClient } from '@/lib/query-client.js';
import { Button, DetailRow, Input, NetworkLogo } from '@/ui/index.js';
import { ChargePreview, PurchasePage, VerificationError, usePurchaseFlow } from '@/ui/purchase/index.js';
import { EPIN_BATCHES_KEY, buyEpin, useEpinPrices } from '../api/epins.js';
import { BatchList } from './BatchList.js';

/** The business name last printed, kept on this device so a shop types it once. */
const BUSINESS_NAME_KEY = 'rechargeCards.businessName';
const rememberedName = () => {
  try {
    return localStorage.getItem(BUSINESS_NAME_KEY) ?? '';
  } catch {
    return '';
  }
};

/**
 * Recharge cards: a shop buys 1–100 PINs of one network and denomination to print under its own name.
 * The charge is previewed at the buyer's price per card; the shared confirmation comes before any money
 * moves; the batches below re-print or download any batch delivered.
 */
export function RechargeCardsPage() {
  const prices = useEpinPrices();
  const flow = usePurchaseFlow({ send: buyEpin, processingMsg: EPIN_MSG.processing, announce: true });
  const [network, setNetwork] = useState<NetworkName>('MTN');
  const [denomination, setDenomination] = useState<EpinDenomination>(100);
  const [quantity, setQuantity] = useState('24');
  const [businessName, setBusinessName] = useState(rememberedName);
  const [error, setError] = useState<string | null>(null);

  const row = prices.data?.find((p) => p.code === epinProductCode(network, denomination));
  const count = Number(quantity);
  const countOk = Number.isInteger(count) && count >= 1 && count <= EPIN_MAX_QUANTITY;
  const unitKobo = row?.isAvailable ? apiNairaToKobo(row.amount) : null;
  const totalKobo = unitKobo !== null && countOk ? unitKobo * count : null;

  // A batch that became final shows in the list at once.
  const status = flow.receipt?.trans_Status;
  useEffect(() => {
    if (status) void queryClient.invalidateQueries({ queryKey: EPIN_BATCHES_KEY });
  }, [status]);

  const onContinue = (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    const checked = buyEpinRequest.safeParse({ network, denomination, quantity, business_name: businessName });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? EPIN_MSG.quantityRange);
    if (totalKobo === null) return setError(EPIN_MSG.unavailable);
    const { business_name: name, quantity: cards } = checked.data;
    flow.review({
      body: (requestId) => ({ network, denomination, quantity: cards, business_name: name, request_id: requestId }),
      chargeKobo: totalKobo,
      details: (
        <>
          <DetailRow label="Network">{network}</DetailRow>
          <DetailRow label="Card">{showNaira(denomination)}</DetailRow>
          <DetailRow label="Quantity">{cards}</DetailRow>
          <DetailRow label="Printed as">{name}</DetailRow>
        </>
      ),
      onAccepted: () => {
        try {
          localStorage.setItem(BUSINESS_NAME_KEY, name);
        } catch {
          // Private mode: the name is typed again next time.
        }
        void queryClient.invalidateQueries({ queryKey: EPIN_BATCHES_KEY });
      },
    });
  };

  return (
    <PurchasePage title="Recharge cards" balanceTestId="epin-balance" flow={flow} receiptTitle="Recharge card receipt" receiptTestId="epin-receipt">
      <form onSubmit={onContinue} noValidate className="card form" data-testid="epin-form">
        <fieldset className="network-picker">
          <legend>Network</legend>
          <div className="network-options">
            {NETWORK_NAMES.map((name) => (
              <label
                key={name}
                className={`choice network-option network-logo-option ${network === name ? 'selected' : ''}`}
                data-testid={`epin-network-${name}`}
              >
                <input type="radio" name="epin-network" value={name} aria-label={name} checked={network === name} onChange={() => setNetwork(name)} />
                <NetworkLogo network={name} />
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="epin-denominations">
          <legend>Card value</legend>
          <div className="epin-choices">
            {EPIN_DENOMINATIONS.map((value) => (
              <label key={value} className={`choice ${denomination === value ? 'selected' : ''}`} data-testid={`epin-denomination-${value}`}>
                <input type="radio" name="epin-denomination" value={value} checked={denomination === value} onChange={() => setDenomination(value)} />
                {showNaira(value)}
              </label>
            ))}
          </div>
        </fieldset>
        <Input
          label={`Quantity (1–${EPIN_MAX_QUANTITY})`}
          type="number"
          min={1}
          max={EPIN_MAX_QUANTITY}
          inputMode="numeric"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          hint="24 cards fill one A4 sheet"
          data-testid="epin-quantity"
        />
        <Input
          label="Business name on the cards"
          autoComplete="organization"
          maxLength={EPIN_BUSINESS_NAME_MAX}
          value={businessName}
          onChange={(event) => setBusinessName(event.target.value)}
          data-testid="epin-business-name"
        />
        <VerificationError error={error} testId="epin-error" />
        <ChargePreview
          testId="epin-charge"
          charge={totalKobo === null ? null : showNaira(koboToApiNaira(totalKobo))}
          note={unitKobo === null ? (prices.isPending ? '' : EPIN_MSG.unavailable) : `${showNaira(koboToApiNaira(unitKobo))} per card`}
        />
        <Button type="submit" block data-testid="epin-continue">
          Continue
        </Button>
      </form>
      <BatchList />
    </PurchasePage>
  );
}
