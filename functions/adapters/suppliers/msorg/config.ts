/** An MSORG-family panel's configuration: its network and plan ids, and its electricity disco names. */
import { z } from 'zod';
import { CONFIGURABLE_SUPPLIERS, ELECTRICITY_COMPANIES, NETWORK_NAMES, type NetworkName } from '../../../../shared/constants.js';

const networkIds = z.object(
  Object.fromEntries(NETWORK_NAMES.map((network) => [network, z.coerce.number().int().positive()])) as Record<NetworkName, z.ZodNumber>,
);

/**
 * The `disco_name` most MSORG panels use for each electricity company ("Ikeja Electric" …), by our
 * meter id (ELECTRICITY_COMPANIES). A panel that spells them otherwise lists its own in `electricity`.
 */
export const MSORG_DISCO_NAMES: Readonly<Record<number, string>> = Object.fromEntries(
  ELECTRICITY_COMPANIES.map((company) => [company.meterId, `${company.name} Electric`]),
);

export const msorgConfigSchema = z.object({
  name: z.enum(CONFIGURABLE_SUPPLIERS),
  protocol: z.literal('msorg'),
  baseUrl: z.string().url(),
  networkIds: networkIds.partial(),
  /**
   * Electricity through the panel (/api/validatemeter, /api/billpayment/): absent or false for none,
   * true for the usual disco names (MSORG_DISCO_NAMES), or the panel's own `{"<our meter id>": "<disco_name>"}`.
   */
  electricity: z.union([z.boolean(), z.record(z.string().regex(/^\d+$/), z.string().min(1))]).optional(),
  /**
   * Whether the panel numbers data plans as we do: then a plan without an entered id for it is sent
   * with our plan id. Absent or false: such a plan is not sent to this panel at all.
   */
  sharesOurPlanIds: z.boolean().optional(),
});
export type MsorgSupplierConfig = z.infer<typeof msorgConfigSchema>;

/** An MSORG panel's disco names by our meter id (empty: it sells no electricity). */
export function msorgDiscoNames(config: MsorgSupplierConfig): Readonly<Record<number, string>> {
  if (config.electricity === true) return MSORG_DISCO_NAMES;
  if (!config.electricity) return {};
  return Object.fromEntries(Object.entries(config.electricity).map(([meterId, name]) => [Number(meterId), name]));
}
