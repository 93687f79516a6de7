import { STAFF_SEARCH_MIN, type StaffSearchResult } from '@paws/contracts/staff-search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The global search's answer for `q` (trimmed); asked only from two characters on. */
export function useGlobalSearch(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['global-search', query],
    queryFn: () => api.get<StaffSearchResult>('/search', { q: query }),
    enabled: query.length >= STAFF_SEARCH_MIN,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}
