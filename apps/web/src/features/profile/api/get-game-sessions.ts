import type { GameSessionsResponse } from '@paws/contracts/history';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { HISTORY_PAGE_SIZE, type HistoryRangeParams } from './history-range';

export const getGameSessions = (params: HistoryRangeParams & { page: number; limit: number }) =>
  api.platform.get<GameSessionsResponse>('/profile/game-sessions', { query: { ...params } });

/** GET /profile/game-sessions; the next page is pages loaded + 1 while hasMore (spec 001 §7). */
export const gameSessionsQueryOptions = ({ dateFrom, dateTo }: HistoryRangeParams = {}) =>
  infiniteQueryOptions({
    queryKey: ['game-sessions', { dateFrom, dateTo, limit: HISTORY_PAGE_SIZE }] as const,
    queryFn: ({ pageParam }) =>
      getGameSessions({ dateFrom, dateTo, page: pageParam, limit: HISTORY_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
  });
