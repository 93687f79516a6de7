import type { StaffDecisionBody } from '@paws/contracts/staff-money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

/**
 * A review queue of the staff API: GET `path` lists it; `path/{id}/approve` and `path/{id}/{refusal}` (with
 * the reason the player is told) decide one item.
 */
export interface ReviewEndpoint {
  /** The lists' query key; DataTable adds its path, filters, page and sort. */
  key: string;
  path: string;
  refusal: 'decline' | 'reject';
}

/** Approve one item. The queue refreshes either way: another member may have decided it first. */
export function useApprove(endpoint: ReviewEndpoint) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<unknown>(`${endpoint.path}/${id}/approve`),
    onSettled: () => client.invalidateQueries({ queryKey: [endpoint.key] }),
  });
}

/** Decline or reject one item with a reason. The queue refreshes either way, as for approving. */
export function useRefuse(endpoint: ReviewEndpoint) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: StaffDecisionBody & { id: string }) =>
      api.post<unknown>(`${endpoint.path}/${id}/${endpoint.refusal}`, body),
    onSettled: () => client.invalidateQueries({ queryKey: [endpoint.key] }),
  });
}
