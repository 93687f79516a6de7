import type { MySessionsResponse, SignOutOthersResponse } from '@paws/contracts/sessions';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET {identity}/profile/sessions: the player's live sessions, this one marked. */
export const getSessions = () => api.identity.get<MySessionsResponse>('/profile/sessions');

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: ['profile', 'sessions'] as const, queryFn: getSessions });

/** DELETE {identity}/profile/sessions/:sessionId: signs another device out. */
export const endSession = (sessionId: string) =>
  api.identity.delete<void>(`/profile/sessions/${encodeURIComponent(sessionId)}`);

/** POST {identity}/profile/sessions/sign-out-others: signs out every device but this one. */
export const endOtherSessions = () =>
  api.identity.post<SignOutOthersResponse>('/profile/sessions/sign-out-others');

/** After a change the list is read again: it is the server's to say what is left. */
function useListRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey });
}

export function useEndSession() {
  return useMutation({ mutationFn: endSession, onSettled: useListRefresh() });
}

export function useEndOtherSessions() {
  return useMutation({ mutationFn: endOtherSessions, onSettled: useListRefresh() });
}
