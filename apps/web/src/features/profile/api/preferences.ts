import type { GameType, Preferences } from '@paws/contracts/preferences';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /profile/preferences */
export const getPreferences = () => api.platform.get<Preferences>('/profile/preferences');

/** PUT /profile/preferences: the whole choice. */
export const updatePreferences = (body: Preferences) =>
  api.platform.put<Preferences>('/profile/preferences', body);

export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: ['preferences'] as const, queryFn: getPreferences });

/**
 * Saves the whole choice: the buttons change at once and go back if the save fails. Saves run one at a
 * time (one scope), so a quick second click cannot land before the first; once the last one settles the
 * stored choice is read again.
 */
export function useSavePreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = preferencesQueryOptions();
  const mutationKey = ['preferences', 'save'] as const;
  return useMutation({
    mutationKey,
    scope: { id: 'preferences' },
    mutationFn: (gameTypes: GameType[]) => updatePreferences({ gameTypes }),
    onMutate: async (gameTypes) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, { gameTypes });
      return { previous };
    },
    onError: (error, _gameTypes, context) => {
      console.error('Saving preferences failed', error);
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => {
      // This save still counts itself as pending here.
      if (queryClient.isMutating({ mutationKey }) <= 1) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
