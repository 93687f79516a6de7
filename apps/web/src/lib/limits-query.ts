import type { LimitsOverview } from '@paws/contracts/responsible-gaming';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /profile/responsible-gaming: the player's limits (the profile's card, the deposit's offer). */
export const getLimits = () => api.platform.get<LimitsOverview>('/profile/responsible-gaming');

export const limitsQueryOptions = () =>
  queryOptions({ queryKey: ['responsible-gaming', 'limits'] as const, queryFn: getLimits });

/** Where the profile's limits card is: the deposit form offers a limit there. */
export const LIMITS_ANCHOR = 'responsible-gaming';
