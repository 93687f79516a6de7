import type { StaffSession, StaffSessionMe } from '@paws/contracts/staff-auth';
import type { StaffPermission } from '@paws/contracts/staff-permissions';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api';

/**
 * The signed-in staff member, or null when signed out: /auth/session answers 200 either way, so a cold load
 * signed out logs no failed request (issue 30 point 17).
 */
export const meQuery = queryOptions({
  queryKey: ['staff-me'],
  queryFn: async (): Promise<StaffSessionMe | null> => (await api.get<StaffSession>('/auth/session')).me,
  staleTime: 60_000,
});

export function useMe() {
  return useQuery(meQuery);
}

/** Whether the signed-in staff member holds a permission (the server decides; this only hides buttons). */
export function useCan(permission: StaffPermission): boolean {
  const { data } = useMe();
  return Boolean(data?.permissions.includes(permission));
}

export function useSignOut() {
  const client = useQueryClient();
  return async () => {
    await api.post('/auth/logout').catch(() => undefined);
    client.setQueryData(meQuery.queryKey, null);
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== meQuery.queryKey[0] });
  };
}
