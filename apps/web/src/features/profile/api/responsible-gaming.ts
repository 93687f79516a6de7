import type { LimitsOverview, RestrictionResponse, SetLimit } from '@paws/contracts/responsible-gaming';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { limitsQueryOptions } from '@/lib/limits-query';

/** PUT /profile/responsible-gaming/limits: one limit set, lowered, raised or (amount null) removed. */
export const setLimit = (body: SetLimit) =>
  api.platform.put<LimitsOverview>('/profile/responsible-gaming/limits', body);

export function useSetLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setLimit,
    onSuccess: (overview) => queryClient.setQueryData(limitsQueryOptions().queryKey, overview),
  });
}

/** POST /profile/responsible-gaming/time-out or /self-exclusion: starts at once and signs out everywhere. */
export const startBreak = ({ what, period }: { what: 'time-out' | 'self-exclusion'; period: string }) =>
  api.platform.post<RestrictionResponse>(`/profile/responsible-gaming/${what}`, { period });

export function useStartBreak() {
  return useMutation({ mutationFn: startBreak });
}
