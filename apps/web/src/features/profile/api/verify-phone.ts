import type { MessageResponse, VerifyPhoneBody } from '@paws/contracts/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { userDataQueryOptions } from '@/lib/session/user-data';

/** POST /profile/verify-phone: the SMS code sent to the new phone makes it the account's phone. */
export const verifyPhone = (body: VerifyPhoneBody) =>
  api.identity.post<MessageResponse>('/profile/verify-phone', body);

export function useVerifyPhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhone,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userDataQueryOptions().queryKey }),
  });
}
