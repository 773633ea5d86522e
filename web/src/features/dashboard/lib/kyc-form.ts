/**
 * The KYC form: the method (nin by default, or bvn) and its 11-digit number; the
 * body carries only the chosen method's field, as POST /auth/updateKyc takes it
 * (shared/api/profile.ts; the server checks the number the same way).
 */
import { z } from 'zod';
import type { updateKycRequest } from '@shared/api/profile.js';
import { KYC_NUMBER_LENGTH } from '@shared/constants.js';
import { MONEY_MSG } from '@shared/messages.js';

/** POST /auth/updateKyc's body: exactly one of nin or bvn. */
export type KycBody = z.input<typeof updateKycRequest> & ({ nin: string } | { bvn: string });

export const kycForm = z
  .object({
    method: z.enum(['nin', 'bvn']),
    number: z
      .string()
      .trim()
      .regex(new RegExp(`^\\d{${KYC_NUMBER_LENGTH}}$`), MONEY_MSG.kycInvalidNumber),
  })
  .transform(({ method, number }): KycBody => (method === 'bvn' ? { bvn: number } : { nin: number }));
export type KycFormValues = z.input<typeof kycForm>;

/** NIN is the default method. */
export const EMPTY_KYC_FORM: KycFormValues = { method: 'nin', number: '' };
