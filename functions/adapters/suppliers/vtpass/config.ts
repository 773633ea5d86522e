/** A VTpass account's configuration: the networks and data variations it sells, and its three keys' names. */
import { z } from 'zod';
import { CONFIGURABLE_SUPPLIERS, NETWORK_NAMES } from '../../../../shared/constants.js';

export const vtpassConfigSchema = z.object({
  name: z.enum(CONFIGURABLE_SUPPLIERS),
  protocol: z.literal('vtpass'),
  /** https://vtpass.com (live) or https://sandbox.vtpass.com; paths are /api/pay, /api/requery, /api/merchant-verify. */
  baseUrl: z.string().url(),
  /** Networks VTpass delivers airtime and data for (serviceIDs mtn, glo, airtel, etisalat); empty: electricity only. */
  networks: z.array(z.enum(NETWORK_NAMES)).default([]),
  /** Our data plan id → VTpass variation_code (GET /api/service-variations); a plan without one is not sent to VTpass. */
  dataVariationCodes: z.record(z.string().regex(/^\d+$/), z.string().min(1)).default({}),
  /** Whether VTpass sells us electricity tokens (the discos' serviceIDs are VTpass's own). */
  electricity: z.boolean().default(true),
});
export type VtpassSupplierConfig = z.infer<typeof vtpassConfigSchema>;

/** The three VTpass credentials (integrations.md): api-key always, public-key on GET, secret-key on POST. */
export const VTPASS_KEY_NAMES = ['api-key', 'public-key', 'secret-key'] as const;
export type VtpassKeyName = (typeof VTPASS_KEY_NAMES)[number];
