import type { CatalogQuery, Game } from '@paws/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type { Game };

/** GET {platformApiUrl}/catalog with optional search, category, kind, provider and favorites. */
export function getCatalog(query: CatalogQuery = {}, signal?: AbortSignal): Promise<Game[]> {
  return api.platform.get<Game[]>('/catalog', { query: { ...query }, signal });
}

/** The catalogue is not a named cache group of the spec; 'catalog' keys it, general to specific. */
export const catalogQueryOptions = (query: CatalogQuery = {}) =>
  queryOptions({
    queryKey: ['catalog', query] as const,
    queryFn: ({ signal }) => getCatalog(query, signal),
  });

export function useCatalog(query: CatalogQuery = {}, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...catalogQueryOptions(query), enabled });
}
