import type { Game } from '@paws/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET {platformApiUrl}/catalog/recommended. */
export const getRecommended = (signal?: AbortSignal) =>
  api.platform.get<Game[]>('/catalog/recommended', { signal });

/** Never cached (000 §7). */
export const recommendedQueryOptions = () =>
  queryOptions({
    queryKey: ['catalog', 'recommended'] as const,
    queryFn: ({ signal }) => getRecommended(signal),
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });

export const useRecommended = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...recommendedQueryOptions(), enabled });
