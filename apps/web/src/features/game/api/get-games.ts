import type { CatalogQuery, Game } from '@paws/contracts/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET {platformApiUrl}/catalog for the side panel's lists (New, Favorites, Games) and the heart's state. */
export const getGames = (query: CatalogQuery, signal?: AbortSignal) =>
  api.platform.get<Game[]>('/catalog', { query: { ...query }, signal });

/** Same key shape as the home list, ['catalog', query], so both read and invalidate one cache. */
export const gamesQueryOptions = (query: CatalogQuery = {}) =>
  queryOptions({ queryKey: ['catalog', query] as const, queryFn: ({ signal }) => getGames(query, signal) });

export const useGames = (query: CatalogQuery = {}, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...gamesQueryOptions(query), enabled });

/** The catalogue entry of the game on screen: by its code (or, for older links, its id) within its provider. */
export function useCurrentGame(gameCode: string, providerCodeName: string) {
  const query = useQuery({
    ...gamesQueryOptions({ provider: providerCodeName }),
    enabled: Boolean(providerCodeName),
  });
  const game = query.data?.find((g) => g.gameCode === gameCode || g.id === gameCode);
  return { ...query, game };
}
