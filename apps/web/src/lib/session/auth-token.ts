import type { AuthTokenResponse, SuccessResponse } from '@paws/contracts/auth';
import { api } from '@/lib/api-client';

/** GET /auth/auth-token: single use, valid 60 s; never cached. */
export const getAuthToken = () => api.identity.get<AuthTokenResponse>('/auth/auth-token');

/** POST /auth/auth-token/activate: starts a session on this origin (the platform's /verify). */
export const activateAuthToken = (authToken: string) =>
  api.identity.post<SuccessResponse>('/auth/auth-token/activate', { authToken });
