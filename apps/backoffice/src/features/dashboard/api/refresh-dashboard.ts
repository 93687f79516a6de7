import type { RollupRun } from '@paws/contracts/staff-reports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { dashboardQuery } from './get-dashboard';

/** Recomputes yesterday's and today's rollups now (audited), then reads the dashboard again. */
export const refreshRollups = () => api.post<RollupRun>('/reports/rollups/run');

export function useRefreshDashboard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: refreshRollups,
    onSuccess: () => client.invalidateQueries({ queryKey: dashboardQuery.queryKey }),
  });
}
