/**
 * The one wallet credit a verified payment makes, as a transaction draft. Not in funding.ts: the
 * transaction record holds FundingDetails, so funding.ts must not depend on the record in turn
 * (no import cycle).
 */
import type { UserType } from '../../../shared/constants.js';
import { formatNaira, type Kobo } from '../../../shared/money.js';
import { fundingCreditIdFor, type FundingDetails } from './funding.js';
import type { TransactionDraft } from '../transactions/transactions.js';

export function fundingDraft(input: {
  user: { userId: string; userName: string; userType?: UserType };
  funding: FundingDetails;
  creditKobo: Kobo;
  method: 'card' | 'bank transfer';
  paymentLink?: string;
  now: Date;
}): TransactionDraft {
  const nowIso = input.now.toISOString();
  const { funding } = input;
  return {
    id: fundingCreditIdFor(funding.provider, funding.reference),
    userId: input.user.userId,
    trans_UserName: input.user.userName,
    ...(input.user.userType ? { userType: input.user.userType } : {}),
    trans_Type: 'wallet',
    trans_Status: 'success',
    trans_Network: '',
    phone_number: '',
    amountKobo: input.creditKobo,
    volume: formatNaira(funding.paidKobo),
    profitKobo: funding.chargeKobo,
    description: `Wallet funded by ${input.method}: paid ${formatNaira(funding.paidKobo)}, charge ${formatNaira(funding.chargeKobo)} (${funding.provider} ${funding.reference})`,
    requestFingerprint: `${funding.provider}:${funding.reference}`,
    apiResponseId: funding.providerReference ?? funding.reference,
    ...(input.paymentLink ? { paymentLink: input.paymentLink } : {}),
    funding,
    createdAt: nowIso,
    updatedAt: nowIso,
  };
}
