import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { authStatusQueryOptions } from '@/lib/session/auth-status';

/** Cache group 'refresh': an explicit token refresh (sockets on 4001); shares the client's in-flight call. */
export function useRefreshTokens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['refresh'],
    mutationFn: () => api.refreshTokens(),
    onSuccess: () => queryClient.setQueryData(authStatusQueryOptions().queryKey, 201),
  });
}
