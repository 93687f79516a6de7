import type { UserBonusesResponse } from '@paws/contracts/bonuses';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { HISTORY_PAGE_SIZE, type HistoryRangeParams } from './history-range';

export const getUserBonuses = (params: HistoryRangeParams & { page: number; limit: number }) =>
  api.bonuses.get<UserBonusesResponse>('/user-bonuses', { query: { ...params } });

/** GET {bonuses}/user-bonuses; the next page is pages loaded + 1 while hasMore (spec 001 §7). */
export const userBonusesQueryOptions = ({ dateFrom, dateTo }: HistoryRangeParams = {}) =>
  infiniteQueryOptions({
    queryKey: ['bonuses', 'user-bonuses', { dateFrom, dateTo, limit: HISTORY_PAGE_SIZE }] as const,
    queryFn: ({ pageParam }) =>
      getUserBonuses({ dateFrom, dateTo, page: pageParam, limit: HISTORY_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
  });
