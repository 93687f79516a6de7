import type { PlayerProfile } from '@paws/contracts/staff-players';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { playerKeys } from './keys';

export const getPlayer = (id: string) => api.get<PlayerProfile>(`/players/${id}`);

export const playerQueryOptions = (id: string) =>
  queryOptions({ queryKey: playerKeys.player(id), queryFn: () => getPlayer(id) });

export const usePlayer = (id: string) => useQuery(playerQueryOptions(id));
