import type { StaffAdjustment, StaffDecisionBody } from '@paws/contracts/staff-money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adjustmentsKey, adjustmentsPath } from './get-adjustments';

export const rejectAdjustment = ({ id, ...body }: StaffDecisionBody & { id: string }) =>
  api.post<StaffAdjustment>(`${adjustmentsPath}/${id}/reject`, body);

/** Reject: nothing moves. Refreshes either way (another member may have decided). */
export function useRejectAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rejectAdjustment,
    onSettled: () => client.invalidateQueries({ queryKey: [adjustmentsKey] }),
  });
}
