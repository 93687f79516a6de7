import type { StaffDecisionBody, StaffWithdrawal } from '@paws/contracts/staff-money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withdrawalsKey, withdrawalsPath } from './get-withdrawals';

export const declineWithdrawal = ({ id, ...body }: StaffDecisionBody & { id: string }) =>
  api.post<StaffWithdrawal>(`${withdrawalsPath}/${id}/decline`, body);

/** Decline with a reason the player is told: the held funds return to them. */
export function useDeclineWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: declineWithdrawal,
    onSettled: () => client.invalidateQueries({ queryKey: [withdrawalsKey] }),
  });
}
