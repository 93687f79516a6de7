import type { StaffDecisionBody, StaffVerification } from '@paws/contracts/staff-money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { verificationsKey, verificationsPath } from './get-verifications';

export const declineVerification = ({ id, ...body }: StaffDecisionBody & { id: string }) =>
  api.post<StaffVerification>(`${verificationsPath}/${id}/decline`, body);

/** Decline with a reason the player is told. Refreshes either way (another member may have decided). */
export function useDeclineVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: declineVerification,
    onSettled: () => client.invalidateQueries({ queryKey: [verificationsKey] }),
  });
}
