import { api } from '@/lib/api-client';

/** POST {identity}/auth/end-session: the new-device e-mail's link ends that sign-in (no session needed). */
export const endSessionByLink = (token: string) =>
  api.identity.post<{ success: true }>('/auth/end-session', { token });
