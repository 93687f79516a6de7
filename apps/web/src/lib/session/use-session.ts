import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getRuntimeConfig } from '@/config/runtime-config';
import { api } from '@/lib/api-client';
import { redirectTo } from '@/lib/redirect';
import { type AuthStatus, authStatusQueryOptions } from './auth-status';
import { logout } from './logout';
import { userDataQueryOptions } from './user-data';

// The session (sign-in state, the signed-in player's data, signing out) is shared code: every feature reads
// it, so it lives in src/lib rather than in the auth feature, which only signs players in.

/** Spec 001 §4: the auth status (201 signed in, 401 signed out), probed once per page load. */
export function useAuthStatus() {
  const query = useQuery(authStatusQueryOptions());
  const status: AuthStatus | undefined = query.data ?? (query.isError ? 401 : undefined);
  return { status, isSignedIn: status === 201, isPending: status === undefined };
}

/** The signed-in player's data; fetched only when signed in. */
export function useUser() {
  const { isSignedIn } = useAuthStatus();
  return useQuery({ ...userDataQueryOptions(), enabled: isSignedIn });
}

/** After a verify or activate call has set the cookies. */
export function markSignedIn(queryClient: QueryClient) {
  queryClient.setQueryData(authStatusQueryOptions().queryKey, 201);
  return queryClient.invalidateQueries({ queryKey: userDataQueryOptions().queryKey });
}

/** Status 401, user data gone, then always the main site (spec 001 §4). */
export function endSession(queryClient: QueryClient) {
  queryClient.setQueryData(authStatusQueryOptions().queryKey, 401);
  queryClient.removeQueries({ queryKey: userDataQueryOptions().queryKey });
  redirectTo(getRuntimeConfig().spaceUrl);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => logout().catch(() => undefined),
    onSettled: () => endSession(queryClient),
  });
}

/** A refresh that answers 401 while signed in ends the session (spec 001 §7). Mounted once, in the app shell. */
export function useSessionExpiredHandler() {
  const queryClient = useQueryClient();
  useEffect(() => {
    api.setSessionExpiredHandler(() => {
      if (queryClient.getQueryData(authStatusQueryOptions().queryKey) === 201) endSession(queryClient);
    });
    return () => api.setSessionExpiredHandler(undefined);
  }, [queryClient]);
}
