import type { StaffGame, StaffGameUpdate } from '@paws/contracts/staff-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { staffGamesKey } from './games-list';
import { rtpKey } from './get-rtp';

/** Changes a game's enabled flag, order, category or recommended flag (audited); the lobby follows at once. */
export const updateGame = ({ id, ...change }: StaffGameUpdate & { id: string }) =>
  api.patch<StaffGame>(`/games/${id}`, change);

export function useUpdateGame() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateGame,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [staffGamesKey] });
      await client.invalidateQueries({ queryKey: [rtpKey] });
    },
  });
}
