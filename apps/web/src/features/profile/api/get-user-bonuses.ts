import { infiniteQueryOptions } from '@tanstack/react-query';
import { HISTORY_PAGE_SIZE, type HistoryRangeParams } from '@/features/payments/api/get-balance-transactions';
import { api, isApiClientError } from '@/lib/api-client';

export interface UserBonus {
  id: string;
  presentationRuleName: string;
  amount: number;
  createdAt: string;
}

export interface UserBonusesPage {
  userBonuses: UserBonus[];
  count: number;
  hasMore: boolean;
}

const emptyPage: UserBonusesPage = { userBonuses: [], count: 0, hasMore: false };

/**
 * GET {bonuses}/user-bonuses. The bonuses service is not deployed everywhere yet: a 404 reads as an
 * empty list, so the screen shows 'No bonuses found' rather than an error.
 */
export const getUserBonuses = (params: HistoryRangeParams & { page: number; limit: number }) =>
  api.bonuses
    .get<UserBonusesPage>('/user-bonuses', { query: { ...params } })
    .then((page) => page ?? emptyPage)
    .catch((error: unknown) => {
      if (isApiClientError(error) && error.status === 404) return emptyPage;
      throw error;
    });

export const userBonusesQueryOptions = ({ dateFrom, dateTo }: HistoryRangeParams = {}) =>
  infiniteQueryOptions({
    queryKey: ['bonuses', 'user-bonuses', { dateFrom, dateTo, limit: HISTORY_PAGE_SIZE }] as const,
    queryFn: ({ pageParam }) =>
      getUserBonuses({ dateFrom, dateTo, page: pageParam, limit: HISTORY_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (lastPage, pages) => (lastPage.hasMore ? pages.length + 1 : undefined),
  });
