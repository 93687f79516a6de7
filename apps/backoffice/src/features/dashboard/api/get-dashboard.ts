import type { Dashboard } from '@paws/contracts/staff-reports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const getDashboard = () => api.get<Dashboard>('/dashboard');

export const dashboardQuery = queryOptions({
  queryKey: ['dashboard'],
  queryFn: getDashboard,
  // The rollups behind it are recomputed every five minutes.
  refetchInterval: 60_000,
});

export const useDashboard = () => useQuery(dashboardQuery);
