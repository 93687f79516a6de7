import type {
  EndSessionsResponse,
  FactorRemoval,
  PlayerFactors,
  RemovableFactor,
  StaffLiveSessions,
} from '@paws/contracts/staff-factors';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { playerKeys } from './keys';

export const liveSessionsKey = (id: string) => ['player-live-sessions', id] as const;
const factorsKey = (id: string) => ['player-factors', id] as const;

/** The player's live sessions (a sign-in each), device in words. */
export const useLiveSessions = (id: string) =>
  useQuery({
    queryKey: liveSessionsKey(id),
    queryFn: () => api.get<StaffLiveSessions>(`/players/${id}/live-sessions`),
  });

/** Ends one live session (sessionId) or all (null), with a reason. */
export function useEndSessions(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, reason }: { sessionId: string | null; reason: string }) =>
      api.post<EndSessionsResponse>(
        sessionId ? `/players/${id}/live-sessions/${sessionId}/end` : `/players/${id}/live-sessions/end-all`,
        { reason },
      ),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: liveSessionsKey(id) });
      client.invalidateQueries({ queryKey: [playerKeys.section('sessions')] });
    },
  });
}

/** The factors the player signs in with (never their secrets) and the removal requests. */
export const usePlayerFactors = (id: string) =>
  useQuery({ queryKey: factorsKey(id), queryFn: () => api.get<PlayerFactors>(`/players/${id}/factors`) });

/** Asks for a factor to be turned off; another staff member decides. */
export function useRequestFactorRemoval(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { factor: RemovableFactor; reason: string }) =>
      api.post<FactorRemoval>(`/players/${id}/factor-removals`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: factorsKey(id) }),
  });
}

/** Approves or rejects a request from the player page (an approver who did not ask). */
export function useDecideFactorRemoval(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      requestId,
      decision,
      reason,
    }: {
      requestId: string;
      decision: 'approve' | 'reject';
      reason: string;
    }) => api.post<FactorRemoval>(`/factor-removals/${requestId}/${decision}`, { reason }),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: factorsKey(id) });
      client.invalidateQueries({ queryKey: playerKeys.player(id) });
    },
  });
}
