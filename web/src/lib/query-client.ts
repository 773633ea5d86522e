import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

/** Query keys used by more than one feature live here, so features need not import each other. */
export const queryKeys = {
  transactions: ['transactions'] as const,
  currentUser: ['currentUser'] as const,
};
