import { useMutation } from '@tanstack/react-query';
import type { InitiateSquadPaymentResponse } from '@shared/api/funding.js';
import { api } from '@/lib/api-client.js';
import type { CardPaymentBody } from '../lib/funding-form.js';

/** POST /fundWallet/squad/initiate: a card payment link (the amount is sent as a number). */
export function initiateSquadPayment(body: CardPaymentBody): Promise<InitiateSquadPaymentResponse> {
  return api<InitiateSquadPaymentResponse>('initiateSquadPayment', { body });
}

export function useInitiateSquadPayment() {
  return useMutation({ mutationFn: initiateSquadPayment });
}
