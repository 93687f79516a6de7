import type { PlaySessionView, SetPlayTimeLimit, SetRealityCheck } from '@paws/contracts/responsible-gaming';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /profile/responsible-gaming/play-session: the session in progress and the play settings. */
export const getPlaySession = (signal?: AbortSignal) =>
  api.platform.get<PlaySessionView>('/profile/responsible-gaming/play-session', { signal });

/** In the 'responsible-gaming' group, which a settled round refreshes. */
export const playSessionQueryOptions = () =>
  queryOptions({
    queryKey: ['responsible-gaming', 'play-session'] as const,
    queryFn: ({ signal }) => getPlaySession(signal),
  });

/** PUT /profile/responsible-gaming/reality-check */
export const setRealityCheck = (body: SetRealityCheck) =>
  api.platform.put<PlaySessionView>('/profile/responsible-gaming/reality-check', body);

/** PUT /profile/responsible-gaming/play-time-limit */
export const setPlayTimeLimit = (body: SetPlayTimeLimit) =>
  api.platform.put<PlaySessionView>('/profile/responsible-gaming/play-time-limit', body);

function useSaveSetting<T>(save: (body: T) => Promise<PlaySessionView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: save,
    onSuccess: (view) => queryClient.setQueryData(playSessionQueryOptions().queryKey, view),
  });
}

export const useSetRealityCheck = () => useSaveSetting(setRealityCheck);
export const useSetPlayTimeLimit = () => useSaveSetting(setPlayTimeLimit);
