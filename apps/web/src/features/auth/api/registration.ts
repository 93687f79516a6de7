import type { CodeSentResponse } from '@paws/contracts/auth';
import { api } from '@/lib/api-client';
import type { Credentials } from '../utils/credentials';

export interface RegistrationInput {
  credentials: Credentials;
  password: string;
  callbackUrl: string;
  promo?: string | undefined;
  referralCode?: string | undefined;
}

/** POST /auth/registration?promo=…&referralCode=… */
export const register = ({ credentials, password, callbackUrl, promo, referralCode }: RegistrationInput) =>
  api.identity.post<CodeSentResponse>(
    '/auth/registration',
    { ...credentials, password, callbackUrl },
    { query: { promo, referralCode } },
  );
