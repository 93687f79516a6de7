import type { AdjustmentRequest, StaffAdjustment } from '@paws/contracts/staff-money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { adjustments } from './adjustments';

export const requestAdjustment = (body: AdjustmentRequest) =>
  api.post<StaffAdjustment>(adjustments.path, body);

/** Posted at once at or below the threshold, else PENDING for a second staff member. */
export function useRequestAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: requestAdjustment,
    onSuccess: () => client.invalidateQueries({ queryKey: [adjustments.key] }),
  });
}
