import { api } from '@/lib/api-client';

/** POST /auth/logout with an empty body. */
export const logout = () => api.identity.post<void>('/auth/logout');
