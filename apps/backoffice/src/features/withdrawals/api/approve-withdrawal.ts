import type { StaffWithdrawal } from '@paws/contracts/staff-money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withdrawalsKey, withdrawalsPath } from './get-withdrawals';

export const approveWithdrawal = (id: string) =>
  api.post<StaffWithdrawal>(`${withdrawalsPath}/${id}/approve`);

/** Approve: the payout is asked of the provider. The queue refreshes either way (another member may have won). */
export function useApproveWithdrawal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveWithdrawal,
    onSettled: () => client.invalidateQueries({ queryKey: [withdrawalsKey] }),
  });
}
