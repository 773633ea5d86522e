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
  /** The caller's contacts (contacts screen, and the pickers of airtime and data). */
  contacts: ['contacts'] as const,
  /** Price rows: the public list (`['prices', 'all']`) and one network's plans (`['prices', network]`). */
  prices: ['prices'] as const,
  /** The plan manager's management view of every plan. */
  dataPlans: ['dataPlans'] as const,
  /** The caller's API key hint (Account page). */
  apiKey: ['apiKey'] as const,
};
