import type { SuccessResponse } from '@paws/contracts/auth';
import type { Passkey, PasskeyList } from '@paws/contracts/passkeys';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  startRegistration,
} from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET {identity}/profile/passkeys: the player's passkeys with their last use. */
export const getPasskeys = () => api.identity.get<PasskeyList>('/profile/passkeys');

export const passkeysQueryOptions = () =>
  queryOptions({ queryKey: ['profile', 'passkeys'] as const, queryFn: getPasskeys });

/**
 * Adds a passkey: the server's options, the device's own dialog (PIN, fingerprint or face), then the
 * answer and the name the player gave it.
 */
export async function addPasskey(name: string): Promise<Passkey> {
  const { options } = await api.identity.post<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    '/profile/passkeys/options',
  );
  const response: RegistrationResponseJSON = await startRegistration({ optionsJSON: options });
  return api.identity.post<Passkey>('/profile/passkeys', { name, response });
}

export const renamePasskey = ({ id, name }: { id: string; name: string }) =>
  api.identity.patch<SuccessResponse>(`/profile/passkeys/${encodeURIComponent(id)}`, { name });
export const removePasskey = (id: string) =>
  api.identity.delete<undefined>(`/profile/passkeys/${encodeURIComponent(id)}`);

/** After a change the list is read again: it is the server's to say. */
function useListRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: passkeysQueryOptions().queryKey });
}

export const useAddPasskey = () => useMutation({ mutationFn: addPasskey, onSettled: useListRefresh() });
export const useRenamePasskey = () => useMutation({ mutationFn: renamePasskey, onSettled: useListRefresh() });
export const useRemovePasskey = () => useMutation({ mutationFn: removePasskey, onSettled: useListRefresh() });
