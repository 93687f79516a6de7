import type { SuccessResponse } from '@paws/contracts/auth';
import type { RecoveryCodesResponse, TwoStepEnrolment, TwoStepStatus } from '@paws/contracts/two-step';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET {identity}/profile/two-step: whether the authenticator app is on, and the recovery codes left. */
export const getTwoStep = () => api.identity.get<TwoStepStatus>('/profile/two-step');

export const twoStepQueryOptions = () =>
  queryOptions({ queryKey: ['profile', 'two-step'] as const, queryFn: getTwoStep });

/** POST /profile/two-step/enrolment: a new secret (QR code and key), on once its first code is confirmed. */
export const startEnrolment = () => api.identity.post<TwoStepEnrolment>('/profile/two-step/enrolment');
export const confirmEnrolment = (code: string) =>
  api.identity.post<RecoveryCodesResponse>('/profile/two-step/confirm', { code });
export const newRecoveryCodes = (code: string) =>
  api.identity.post<RecoveryCodesResponse>('/profile/two-step/recovery-codes', { code });
export const turnOffTwoStep = (code: string) =>
  api.identity.post<SuccessResponse>('/profile/two-step/disable', { code });

/** After a change the status is read again: it is the server's to say. */
function useStatusRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: twoStepQueryOptions().queryKey });
}

export const useStartEnrolment = () => useMutation({ mutationFn: startEnrolment });
export const useConfirmEnrolment = () =>
  useMutation({ mutationFn: confirmEnrolment, onSettled: useStatusRefresh() });
export const useNewRecoveryCodes = () =>
  useMutation({ mutationFn: newRecoveryCodes, onSettled: useStatusRefresh() });
export const useTurnOffTwoStep = () =>
  useMutation({ mutationFn: turnOffTwoStep, onSettled: useStatusRefresh() });
