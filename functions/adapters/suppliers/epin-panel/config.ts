/** An e-PIN panel's configuration (SubAndGain / Boompei family): where it is and the account's user name; the API key is a secret. */
import { z } from 'zod';
import { CONFIGURABLE_SUPPLIERS } from '../../../../shared/constants.js';

export const epinPanelConfigSchema = z.object({
  name: z.enum(CONFIGURABLE_SUPPLIERS),
  protocol: z.literal('epin-panel'),
  /** The panel's host; the one path is /api/epin.php. */
  baseUrl: z.string().url(),
  /** The account's `username` (not a secret); its `apiKey` comes from SUPPLIER_TOKENS or SSM like any supplier token. */
  username: z.string().min(1),
});
export type EpinPanelSupplierConfig = z.infer<typeof epinPanelConfigSchema>;
