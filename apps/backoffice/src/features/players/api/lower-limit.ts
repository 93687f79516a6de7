import type { LimitsOverview } from '@paws/contracts/responsible-gaming';
import type { StaffSetLimit } from '@paws/contracts/staff-responsible-gaming';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { playerKeys } from './keys';

export const lowerLimit = (id: string, body: StaffSetLimit) =>
  api.put<LimitsOverview>(`/responsible-gaming/players/${id}/limits`, body);

export function useLowerLimit(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffSetLimit) => lowerLimit(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: playerKeys.responsibleGaming(id) }),
  });
}
