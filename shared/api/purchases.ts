import { z } from 'zod';
import { AIRTIME_NETWORK_IDS, DATA_NETWORK_IDS } from '../constants.js';
import { MSG } from '../messages.js';
import { phoneNumber } from './common.js';
import type { TransactionView } from './transactions.js';

const airtimeNetworkIds = Object.values(AIRTIME_NETWORK_IDS);

export const buyAirtimeRequest = z.object({
  network: z.coerce
    .number({ invalid_type_error: MSG.invalidNetwork, required_error: MSG.selectNetwork })
    .int(MSG.invalidNetwork)
    .refine((id) => airtimeNetworkIds.includes(id), MSG.invalidNetwork),
  mobile_number: phoneNumber,
  amount: z.union([z.number(), z.string()], { required_error: MSG.allFieldsRequired }),
  /** Optional client idempotency key: the same key never charges twice. */
  request_id: z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/).optional(),
});
export type BuyAirtimeRequest = z.infer<typeof buyAirtimeRequest>;

export interface PurchaseResponse {
  msg: string;
  receipt: TransactionView;
}

const dataNetworkIds = Object.values(DATA_NETWORK_IDS);

/** POST /buy/data {network (1 MTN, 2 GLO, 3 AIRTEL, 6 9MOBILE), mobile_number, plan (the plan id)}. */
export const buyDataRequest = z.object({
  network: z.coerce
    .number({ invalid_type_error: MSG.selectNetwork, required_error: MSG.selectNetwork })
    .int(MSG.invalidNetwork)
    .refine((id) => dataNetworkIds.includes(id), MSG.invalidNetwork),
  mobile_number: z.string({ required_error: MSG.provideAllValues }).pipe(phoneNumber),
  plan: z
    .union([z.number(), z.string().trim().regex(/^\d+$/, MSG.provideAllValues)], { required_error: MSG.provideAllValues, invalid_type_error: MSG.provideAllValues })
    .transform(Number)
    .refine((id) => Number.isSafeInteger(id) && id > 0, MSG.provideAllValues),
  /** Optional client idempotency key: the same key never charges twice. */
  request_id: z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/).optional(),
});
export type BuyDataRequest = z.infer<typeof buyDataRequest>;
