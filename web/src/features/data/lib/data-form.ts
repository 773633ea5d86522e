/**
 * The buy-data form: network, plan and phone number, all needed ("Please
 * provide all values"), then the phone's format, as the API reads them (shared/api/purchases.ts).
 * The network is held by name, the plan by id, both as the radios give them.
 */
import type { z } from 'zod';
import { buyDataRequest } from '@shared/api/purchases.js';
import { DATA_NETWORK_IDS, type NetworkName } from '@shared/constants.js';
import { MSG } from '@shared/messages.js';
import { filled } from '@/lib/forms.js';

export const dataForm = buyDataRequest.pick({ plan: true }).extend({
  network: filled(MSG.provideAllValues)
    .transform((name) => DATA_NETWORK_IDS[name as NetworkName])
    .pipe(buyDataRequest.shape.network),
  mobile_number: filled(MSG.provideAllValues).pipe(buyDataRequest.shape.mobile_number),
});
export type DataFormValues = z.input<typeof dataForm>;
export type DataForm = z.output<typeof dataForm>;
export const DATA_FIELD_ORDER = ['network', 'plan', 'mobile_number'] as const;

/** The form after a successful purchase: the phone number cleared, the network back to MTN, no plan chosen. */
export function formAfterPurchase(): DataFormValues {
  return { network: 'MTN', plan: '', mobile_number: '' };
}

/** POST /buy/data's body; the request_id makes a retried confirm never charge twice. */
export type BuyDataBody = DataForm & { request_id: string };
