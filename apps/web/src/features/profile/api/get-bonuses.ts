import type { BonusesResponse } from '@paws/contracts/bonuses';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET {bonuses}/profile/bonuses: the player's standing on every bonus rule. */
export const bonusesQueryOptions = () =>
  queryOptions({
    queryKey: ['bonuses', 'overview'] as const,
    queryFn: () => api.bonuses.get<BonusesResponse>('/profile/bonuses'),
  });
