import { QueryClient } from '@tanstack/react-query';

/**
 * The spec's data cache groups (000 §3). Every query key starts with one of these and goes from
 * general to specific, e.g. ['news-posts', { category, search, page, limit }] or ['news-post', id].
 * Each API operation file exports a queryOptions() factory; mutations invalidate through that
 * factory's queryKey (or the group prefix), never a hand-typed array.
 */
export const cacheGroups = [
  'auth',
  'refresh',
  'user-data',
  'notifications',
  'tickets',
  'bonuses',
  'deposit-transactions',
  'game-sessions',
  'bets',
  'news-posts',
  'news-post',
  'news-comments',
] as const;

export type CacheGroup = (typeof cacheGroups)[number];

/** A whole cache group: how one feature refreshes data another feature shows (a deposit, the history). */
export const cacheGroupKey = (group: CacheGroup) => [group] as const;

/** Spec 001 §9: data is never stale and nothing retries; queries that must refetch say so themselves. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        retry: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
