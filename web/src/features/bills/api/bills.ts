import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  BillProductListResponse,
  BuyCableRequest,
  BuyExamRequest,
  ValidateCableRequest,
  ValidateCableResponse,
  ValidateExamRequest,
  ValidateExamResponse,
} from '@shared/api/bills.js';
import type { SavedDecoderDeleteResponse, SavedDecoderListResponse } from '@shared/api/contacts.js';
import type { PurchaseResponse } from '@shared/api/purchases.js';
import { api } from '@/lib/api-client.js';
import { queryClient } from '@/lib/query-client.js';

/** GET /billProducts: cable bouquets and exam PINs with the caller's prices. */
export function useBillProducts() {
  return useQuery({ queryKey: ['billProducts'], queryFn: () => api<BillProductListResponse>('listBillProducts') });
}

/** POST /buy/validatecabletv: the decoder's owner, bouquet and due date. */
export function validateCable(body: ValidateCableRequest): Promise<ValidateCableResponse> {
  return api<ValidateCableResponse>('validateCableTv', { body });
}

/** POST /buy/validateExam: the JAMB candidate's name. */
export function validateExam(body: ValidateExamRequest): Promise<ValidateExamResponse> {
  return api<ValidateExamResponse>('validateExam', { body });
}

/** POST /buy/cableTv; the request_id makes a retried confirm never charge twice. */
export function buyCable(body: BuyCableRequest): Promise<PurchaseResponse> {
  return api<PurchaseResponse>('buyCableTv', { body });
}

/** POST /buy/exam; the request_id makes a retried confirm never charge twice. */
export function buyExam(body: BuyExamRequest): Promise<PurchaseResponse> {
  return api<PurchaseResponse>('buyExam', { body });
}

const SAVED_DECODERS_KEY = ['savedDecoders'] as const;

/** Decoders paid for, from the server (remembered once a payment is delivered): on any device. */
export function useSavedDecoders() {
  return useQuery({ queryKey: SAVED_DECODERS_KEY, queryFn: () => api<SavedDecoderListResponse>('listDecoders') });
}

/** A delivered payment remembers its decoder off the request path: read the list again. */
export const refreshSavedDecoders = () => queryClient.invalidateQueries({ queryKey: SAVED_DECODERS_KEY });

export function useForgetDecoder() {
  return useMutation({
    mutationFn: (id: string) => api<SavedDecoderDeleteResponse>('forgetDecoder', { params: { id } }),
    onSuccess: (answer) => queryClient.setQueryData<SavedDecoderListResponse>(SAVED_DECODERS_KEY, { decoders: answer.decoders }),
  });
}
