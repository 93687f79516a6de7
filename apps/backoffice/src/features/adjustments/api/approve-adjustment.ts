import type { StaffAdjustment } from '@paws/contracts/staff-money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adjustmentsKey, adjustmentsPath } from './get-adjustments';

export const approveAdjustment = (id: string) =>
  api.post<StaffAdjustment>(`${adjustmentsPath}/${id}/approve`);

/** A second staff member's approval: the adjustment posts. Refreshes either way (another may have decided). */
export function useApproveAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: approveAdjustment,
    onSettled: () => client.invalidateQueries({ queryKey: [adjustmentsKey] }),
  });
}
