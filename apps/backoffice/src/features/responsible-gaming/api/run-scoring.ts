import type { HarmRun } from '@paws/contracts/staff-responsible-gaming';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { responsibleGamingKeys } from './keys';

export const runScoring = () => api.post<HarmRun>('/responsible-gaming/scores/run');

export function useRunScoring() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runScoring,
    onSuccess: () => client.invalidateQueries({ queryKey: [responsibleGamingKeys.flagged] }),
  });
}
