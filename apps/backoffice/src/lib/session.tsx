import type { StaffSessionMe } from '@paws/contracts/staff-auth';
import type { StaffPermission } from '@paws/contracts/staff-permissions';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from './api';

/** The signed-in staff member, or null when signed out. */
export const meQuery = queryOptions({
  queryKey: ['staff-me'],
  queryFn: async (): Promise<StaffSessionMe | null> => {
    try {
      return await api.get<StaffSessionMe>('/auth/me');
    } catch (error) {
      if (error instanceof ApiError && error.statusCode === 401) return null;
      throw error;
    }
  },
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
