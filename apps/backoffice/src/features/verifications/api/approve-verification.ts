import type { StaffVerification } from '@paws/contracts/staff-money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { verificationsKey, verificationsPath } from './get-verifications';

export const approveVerification = (id: string) =>
  api.post<StaffVerification>(`${verificationsPath}/${id}/approve`);

/** Approve: the player's status becomes APPROVED. Refreshes either way (another member may have decided). */
export function useApproveVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveVerification,
    onSettled: () => client.invalidateQueries({ queryKey: [verificationsKey] }),
  });
}
