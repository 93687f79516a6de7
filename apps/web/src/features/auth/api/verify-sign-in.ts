import type { SuccessResponse } from '@paws/contracts/auth';
import { api } from '@/lib/api-client';

export type SignInKind = 'login' | 'registration';
export type VerifySignInBody = { token: string } | { phone: string; otpPhone: string };

/** POST /auth/login/verify or /auth/registration/verify: the e-mailed link's token or the SMS code; sets the cookies. */
export const verifySignIn = (kind: SignInKind, body: VerifySignInBody) =>
  api.identity.post<SuccessResponse>(`/auth/${kind}/verify`, body);
