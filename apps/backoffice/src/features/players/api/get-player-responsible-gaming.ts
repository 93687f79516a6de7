import type { StaffRgPlayer } from '@paws/contracts/staff-responsible-gaming';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { playerKeys } from './keys';

export const getPlayerResponsibleGaming = (id: string) =>
  api.get<StaffRgPlayer>(`/responsible-gaming/players/${id}`);

export const playerResponsibleGamingQueryOptions = (id: string) =>
  queryOptions({ queryKey: playerKeys.responsibleGaming(id), queryFn: () => getPlayerResponsibleGaming(id) });

export const usePlayerResponsibleGaming = (id: string) => useQuery(playerResponsibleGamingQueryOptions(id));
