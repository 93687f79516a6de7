import type { StaffPage } from '@paws/contracts/staff-lists';
import type { StaffGame } from '@paws/contracts/staff-reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The catalogue's games, for the per-game report's filter. */
export const getGameOptions = () =>
  api
    .get<StaffPage<StaffGame>>('/games', { sort: 'name', order: 'asc', limit: 100 })
    .then((page) => page.items.map((game) => ({ id: game.id, name: game.name })));

export const gameOptionsQuery = queryOptions({
  queryKey: ['report-game-options'],
  queryFn: getGameOptions,
  staleTime: 5 * 60_000,
});

export const useGameOptions = () => useQuery(gameOptionsQuery);
