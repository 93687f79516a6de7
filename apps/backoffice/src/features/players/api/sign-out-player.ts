import type { EndSessionsResponse } from '@paws/contracts/staff-factors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { playerKeys } from './keys';
import { liveSessionsKey } from './security';

/** Sign out everywhere with a reason: the player's sessions (as the security tab's end-all) and back office. */
export const signOutPlayer = (id: string, reason: string) =>
  api.post<EndSessionsResponse>(`/players/${id}/sign-out`, { reason });

export function useSignOutPlayer(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => signOutPlayer(id, reason),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: liveSessionsKey(id) });
      client.invalidateQueries({ queryKey: [playerKeys.section('sessions')] });
    },
  });
}
