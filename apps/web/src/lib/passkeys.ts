import { passkeyMessages } from '@paws/contracts/passkeys-constants';
import { browserSupportsWebAuthn, WebAuthnError } from '@simplewebauthn/browser';
import type { TFunction } from 'i18next';
import { getRuntimeConfig } from '@/config/runtime-config';

type PasskeyMessageKey = keyof typeof passkeyMessages;
const keyOf = new Map(
  Object.entries(passkeyMessages).map(([key, message]) => [message as string, key as PasskeyMessageKey]),
);

/** The player closed the device's dialog or it timed out: nothing to report in red. */
export function isPasskeyCancel(error: unknown) {
  const name =
    error instanceof WebAuthnError
      ? (error.cause as Error | undefined)?.name
      : (error as Error | undefined)?.name;
  return (
    name === 'NotAllowedError' ||
    name === 'AbortError' ||
    (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED')
  );
}

/** A passkey answer of the server, or the device's refusal, in the player's language. */
export function passkeyErrorText(error: unknown, t: TFunction): string {
  if (isPasskeyCancel(error)) return t('passkeys.errors.cancelled');
  if (error instanceof WebAuthnError) {
    if (error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return t('passkeys.errors.alreadyAdded');
    return t('passkeys.errors.device');
  }
  const message = error instanceof Error ? error.message : String(error);
  const key = keyOf.get(message);
  return key ? t(`passkeys.errors.${key}`) : message;
}

/**
 * Whether passkeys work on this page: the browser has WebAuthn and the page is on the platform's host (or a
 * subdomain of it), the site the passkeys belong to (their relying party id).
 */
export function passkeysAvailableHere(): boolean {
  if (!browserSupportsWebAuthn()) return false;
  try {
    const rpId = new URL(getRuntimeConfig().platformUrl).hostname;
    const host = window.location.hostname;
    return host === rpId || host.endsWith(`.${rpId}`);
  } catch {
    return false;
  }
}
