import { SESSION_HINT_COOKIE } from '@paws/contracts/session-hint';
import { queryOptions } from '@tanstack/react-query';
import { api, isApiClientError, REFRESH_TOKENS_PATH } from '@/lib/api-client';

/** Spec 001 §4: signed in when the auth status is 201; 401 is signed out. */
export type AuthStatus = 201 | 401;

/** Whether the server's readable session hint is set: without it this browser has no session here. */
export function hasSessionHint(cookies = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookies.split(';').some((pair) => pair.trim().startsWith(`${SESSION_HINT_COOKIE}=`));
}

/**
 * The auth probe: rotating the refresh token answers 201 with a live session and 401 without one.
 * Without the session hint cookie the answer is known (401) and no request is made, so a visitor's page
 * load has no failing request. It goes through the plain request (not api.refreshTokens) so that a
 * visitor's 401 is not taken for an expired session.
 */
export async function getAuthStatus(): Promise<AuthStatus> {
  if (!hasSessionHint()) return 401;
  try {
    await api.identity.post(REFRESH_TOKENS_PATH);
    return 201;
  } catch (error) {
    if (isApiClientError(error) && error.status === 401) return 401;
    throw error;
  }
}

export const authStatusQueryOptions = () =>
  queryOptions({ queryKey: ['auth'] as const, queryFn: getAuthStatus });
