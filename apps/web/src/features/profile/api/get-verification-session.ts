import type { VerificationSessionResponse } from '@paws/contracts/verification';
import { api } from '@/lib/api-client';

/** GET /verification-sessions: a new session with the KYC provider, answered as the page to open. */
export const getVerificationSession = () =>
  api.platform.get<VerificationSessionResponse>('/verification-sessions');
