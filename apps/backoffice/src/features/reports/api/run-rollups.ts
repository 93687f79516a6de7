import type { RollupRun, RollupRunBody } from '@paws/contracts/staff-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { gameReportKey, playerReportKey } from './report-totals';

/** Recomputes the rollups of a range of days from the ledger (audited). */
export const runRollups = (body: RollupRunBody) => api.post<RollupRun>('/reports/rollups/run', body);

export function useRunRollups() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runRollups,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: [playerReportKey] });
      await client.invalidateQueries({ queryKey: [gameReportKey] });
    },
  });
}
