import type { StepUpChannel, StepUpCodeSent, StepUpMethod, StepUpStatus } from '@paws/contracts/step-up';
import { api } from '@/lib/api-client';

/** GET /auth/step-up: whether this session's proof is fresh and the ways to renew it. */
export const getStepUpStatus = () => api.identity.get<StepUpStatus>('/auth/step-up');

/** POST /auth/step-up/code: a 6-digit code to the confirmed e-mail or phone. */
export const sendStepUpCode = (channel: StepUpChannel) =>
  api.identity.post<StepUpCodeSent>('/auth/step-up/code', { channel });

/** POST /auth/step-up: a right code makes this session's proof fresh. */
export const proveStepUp = (method: StepUpMethod, code: string) =>
  api.identity.post<StepUpStatus>('/auth/step-up', { method, code });
