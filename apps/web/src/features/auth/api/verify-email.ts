import type { MessageResponse } from '@paws/contracts/profile';
import { api } from '@/lib/api-client';

/** POST /profile/verify-email with the e-mailed link's token (no session needed). */
export const verifyEmail = (token: string) =>
  api.identity.post<MessageResponse>('/profile/verify-email', { token });
