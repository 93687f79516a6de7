import type { SuccessResponse } from '@paws/contracts/auth';
import { api } from '@/lib/api-client';

/** POST /auth/login/two-step: the pending sign-in and a TOTP or recovery code; sets the cookies. */
export const finishTwoStep = (pendingSignIn: string, code: string) =>
  api.identity.post<SuccessResponse>('/auth/login/two-step', { pendingSignIn, code });
