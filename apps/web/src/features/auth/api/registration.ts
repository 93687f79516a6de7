import type { CodeSentResponse } from '@paws/contracts/auth';
import type { SignUpDepositLimit } from '@paws/contracts/responsible-gaming';
import { api } from '@/lib/api-client';
import type { Credentials } from '../utils/credentials';

export interface RegistrationInput {
  credentials: Credentials;
  password: string;
  callbackUrl: string;
  promo?: string | undefined;
  referralCode?: string | undefined;
  /** The adults-only declaration: the server refuses a sign-up without it. */
  ageConfirmed: boolean;
  /** A deposit limit chosen in the form (optional): in force from the account's start. */
  depositLimit?: SignUpDepositLimit | undefined;
}

/** POST /auth/registration?promo=…&referralCode=… */
export const register = ({
  credentials,
  password,
  callbackUrl,
  promo,
  referralCode,
  ageConfirmed,
  depositLimit,
}: RegistrationInput) =>
  api.identity.post<CodeSentResponse>(
    '/auth/registration',
    { ...credentials, password, ageConfirmed, ...(depositLimit ? { depositLimit } : {}), callbackUrl },
    { query: { promo, referralCode } },
  );
