import type { ProfileEditField, ProfileEditResponse } from '@paws/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { api } from '@/lib/api-client';
import { userDataQueryOptions } from './user-data';

/**
 * POST /profile/edit/{field}; e-mail changes carry the page origin plus the verify-email path. A new phone
 * answers with `codeSentTo`: it becomes the account's once POST /profile/verify-phone takes the code.
 */
export const editProfile = (field: ProfileEditField, value: string) =>
  api.identity.post<ProfileEditResponse>(`/profile/edit/${field}`, {
    value,
    ...(field === 'email' ? { callbackUrl: `${window.location.origin}${paths.verifyEmail.getHref()}` } : {}),
  });

export function useEditProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ field, value }: { field: ProfileEditField; value: string }) => editProfile(field, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userDataQueryOptions().queryKey }),
  });
}
