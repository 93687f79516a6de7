import type { AvatarResponse } from '@paws/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userDataQueryOptions } from '@/lib/session/user-data';

/** POST /profile/avatar as form data, field `avatar`. */
export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('avatar', file);
  return api.identity.upload<AvatarResponse>('/profile/avatar', form);
}

/** DELETE /profile/avatar (204). */
export const deleteAvatar = () => api.identity.delete<void>('/profile/avatar');

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userDataQueryOptions().queryKey }),
  });
}

export function useDeleteAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAvatar,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userDataQueryOptions().queryKey }),
  });
}
