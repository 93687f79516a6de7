import type { CodeSentResponse } from '@paws/contracts/auth';
import { api } from '@/lib/api-client';
import type { Credentials } from '../utils/credentials';

export interface LoginInput {
  credentials: Credentials;
  password: string;
  callbackUrl: string;
}

/** POST /auth/login: the password, then a link by e-mail or a code by SMS (`channel`). */
export const login = ({ credentials, password, callbackUrl }: LoginInput) =>
  api.identity.post<CodeSentResponse>('/auth/login', { ...credentials, password, callbackUrl });
