import type { SuccessResponse } from '@paws/contracts/auth';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { api } from '@/lib/api-client';

/**
 * Signs in with a passkey alone (POST /auth/passkey/options, the device's dialog, POST /auth/passkey):
 * the cookies are set like every sign-in's. With `autofill` the browser offers the passkeys in the e-mail
 * box's suggestions (conditional UI) and the call waits until the player picks one.
 */
export async function signInWithPasskey({ autofill = false }: { autofill?: boolean } = {}) {
  const { options } = await api.identity.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    '/auth/passkey/options',
  );
  const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
  return api.identity.post<SuccessResponse>('/auth/passkey', { response });
}
