import type { BalanceTransactionsResponse } from '@paws/contracts/history';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { cacheGroupKey } from '@/lib/query-client';
import { HISTORY_PAGE_SIZE, type HistoryRangeParams } from './history-range';

export type { BalanceTransaction } from '@paws/contracts/payments';

export const getBalanceTransactions = (params: HistoryRangeParams & { page: number; limit: number }) =>
  api.platform.get<BalanceTransactionsResponse>('/profile/balance-transactions', { query: { ...params } });

/** The cache group alone (every filter and page); deposit and withdraw invalidate through it. */
export const balanceTransactionsQueryKey = () => cacheGroupKey('deposit-transactions');

/** GET /profile/balance-transactions; the next page is pages loaded + 1 while hasMore (spec 001 §7). */
export const balanceTransactionsQueryOptions = ({ dateFrom, dateTo }: HistoryRangeParams = {}) =>
  infiniteQueryOptions({
    queryKey: [...balanceTransactionsQueryKey(), { dateFrom, dateTo, limit: HISTORY_PAGE_SIZE }] as const,
    queryFn: ({ pageParam }) =>
      getBalanceTransactions({ dateFrom, dateTo, page: pageParam, limit: HISTORY_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
  });
