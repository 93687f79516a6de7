import { queryOptions } from '@tanstack/react-query';
import { api, isApiClientError, REFRESH_TOKENS_PATH } from '@/lib/api-client';

/** Spec 001 §4: signed in when the auth status is 201; 401 is signed out. */
export type AuthStatus = 201 | 401;

/**
 * The auth probe: rotating the refresh token answers 201 with a live session and 401 without one.
 * It goes through the plain request (not api.refreshTokens) so that a visitor's 401 is not taken for
 * an expired session.
 */
export async function getAuthStatus(): Promise<AuthStatus> {
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
