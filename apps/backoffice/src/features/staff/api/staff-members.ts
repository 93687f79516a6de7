import type { StaffInviteBody, StaffInviteResult } from '@paws/contracts/staff-members';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The members list's query key (DataTable adds its path, page and sort). */
export const staffMembersKey = 'staff-members';

export const inviteStaff = (body: StaffInviteBody) => api.post<StaffInviteResult>('/members', body);

export function useInviteStaff() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: () => client.invalidateQueries({ queryKey: [staffMembersKey] }),
  });
}

export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role, grant }: { userId: string; role: string; grant: boolean }) =>
      grant ? api.post('/roles', { userId, role }) : api.delete(`/roles/${userId}/${role}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [staffMembersKey] }),
  });
}

export function useResetSecondFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete(`/members/${userId}/second-factor`),
    onSuccess: () => client.invalidateQueries({ queryKey: [staffMembersKey] }),
  });
}
