import type { CodeSentResponse, SuccessResponse } from '@paws/contracts/auth';
import { api } from '@/lib/api-client';
import type { Credentials } from '../utils/credentials';

/** POST /auth/reset-password: a code by e-mail or SMS. */
export const requestPasswordReset = (credentials: Credentials) =>
  api.identity.post<CodeSentResponse>('/auth/reset-password', credentials);

/** POST /auth/reset-password/verify: checks the code (the code travels as otpEmail on both channels). */
export const verifyPasswordReset = (credentials: Credentials, otpEmail: string) =>
  api.identity.post<SuccessResponse>('/auth/reset-password/verify', { ...credentials, otpEmail });

/** POST /auth/reset-password/new-password */
export const setNewPassword = (credentials: Credentials, otpEmail: string, newPassword: string) =>
  api.identity.post<SuccessResponse>('/auth/reset-password/new-password', {
    ...credentials,
    newPassword,
    otpEmail,
  });
