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
import type { TransactionView } from '@shared/api/transactions.js';
import { ApiError, api } from '@/lib/api-client.js';
import { applyPurchaseReceipt } from '@/lib/purchase-receipt.js';
import { queryClient, queryKeys } from '@/lib/query-client.js';

/** GET /billProducts: cable bouquets and exam PINs with the caller's prices. */
export function useBillProducts() {
  return useQuery({ queryKey: ['billProducts'], queryFn: () => api<BillProductListResponse>('listBillProducts') });
}

export function useValidateCable() {
  return useMutation({ mutationFn: (body: ValidateCableRequest) => api<ValidateCableResponse>('validateCableTv', { body }) });
}

export function useValidateExam() {
  return useMutation({ mutationFn: (body: ValidateExamRequest) => api<ValidateExamResponse>('validateExam', { body }) });
}

/** POST /buy/cableTv; the request_id makes a retried confirm never charge twice. */
export function useBuyCable() {
  return useMutation({
    mutationFn: (body: BuyCableRequest) => api<PurchaseResponse>('buyCableTv', { body }),
    onSuccess: ({ receipt }) => applyPurchaseReceipt(receipt),
  });
}

export function useBuyExam() {
  return useMutation({
    mutationFn: (body: BuyExamRequest) => api<PurchaseResponse>('buyExam', { body }),
    onSuccess: ({ receipt }) => applyPurchaseReceipt(receipt),
  });
}

const OPEN = new Set(['processing', 'pending']);
const POLL_MS = 1_500;

export function isOpenPurchase(status: string | undefined): boolean {
  return status === undefined || OPEN.has(status);
}

/** Follows one purchase (GET /transaction/{id}) until it is final: the PINs or the new due date come with delivery. */
export function useBillPurchase(initial: TransactionView | null) {
  return useQuery({
    queryKey: ['billPurchase', initial?._id ?? ''],
    enabled: initial !== null,
    initialData: initial ?? undefined,
    initialDataUpdatedAt: 0,
    queryFn: async () => {
      const { transaction } = await api<{ transaction: TransactionView }>('getTransaction', { params: { id: initial!._id } });
      if (!OPEN.has(transaction.trans_Status)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.currentUser });
        void queryClient.invalidateQueries({ queryKey: queryKeys.transactions });
      }
      return transaction;
    },
    refetchInterval: (query) => (query.state.data && !OPEN.has(query.state.data.trans_Status) ? false : POLL_MS),
  });
}

/** A refused number shows the answer's `name` (as for meters), else its `msg`, else the fallback. */
export function billerErrorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    const body = error.body as { name?: unknown } | undefined;
    if (body && typeof body.name === 'string' && body.name.trim()) return body.name;
    if (error.serverMessage) return error.serverMessage;
  }
  return fallback;
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
