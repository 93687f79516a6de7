import type { BanBody, StaffBan } from '@paws/contracts/staff-players';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { playerQueryOptions } from './get-player';
import { playerKeys } from './keys';

export const banPlayer = (id: string, body: BanBody) => api.post<StaffBan>(`/players/${id}/ban`, body);

export function useBanPlayer(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BanBody) => banPlayer(id, body),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: playerQueryOptions(id).queryKey }),
        client.invalidateQueries({ queryKey: [playerKeys.list] }),
      ]),
  });
}
