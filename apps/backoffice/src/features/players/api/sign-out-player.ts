import type { SignOutResponse } from '@paws/contracts/staff-players';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { playerKeys } from './keys';

export const signOutPlayer = (id: string) => api.post<SignOutResponse>(`/players/${id}/sign-out`);

export function useSignOutPlayer(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => signOutPlayer(id),
    onSuccess: () => client.invalidateQueries({ queryKey: [playerKeys.section('sessions')] }),
  });
}
