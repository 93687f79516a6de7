import type { BetsTransactionsResponse } from '@paws/contracts/history';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { HISTORY_PAGE_SIZE, type HistoryRangeParams } from './history-range';

export const getBetsTransactions = (params: HistoryRangeParams & { page: number; limit: number }) =>
  api.platform.get<BetsTransactionsResponse>('/profile/bets-transactions', { query: { ...params } });

/** GET /profile/bets-transactions; the next page is pages loaded + 1 while hasMore (spec 001 §7). */
export const betsTransactionsQueryOptions = ({ dateFrom, dateTo }: HistoryRangeParams = {}) =>
  infiniteQueryOptions({
    queryKey: ['bets', { dateFrom, dateTo, limit: HISTORY_PAGE_SIZE }] as const,
    queryFn: ({ pageParam }) =>
      getBetsTransactions({ dateFrom, dateTo, page: pageParam, limit: HISTORY_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
  });
