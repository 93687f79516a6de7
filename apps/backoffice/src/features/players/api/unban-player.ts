import type { StaffBan, UnbanBody } from '@paws/contracts/staff-players';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { playerQueryOptions } from './get-player';
import { playerKeys } from './keys';

export const unbanPlayer = (id: string, body: UnbanBody) =>
  api.post<{ lifted: StaffBan[] }>(`/players/${id}/unban`, body);

export function useUnbanPlayer(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UnbanBody) => unbanPlayer(id, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: playerQueryOptions(id).queryKey }),
        client.invalidateQueries({ queryKey: [playerKeys.list] }),
      ]),
  });
}
