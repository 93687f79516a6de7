// Zod-free: the sign-in modal and the profile card read the passkey messages without loading zod.

/**
 * A player's passkeys (issue 29 point 1): WebAuthn credentials added in the profile (named, with last use,
 * removable) that sign in alone, without a password or a code, on the platform origin. A passkey asks the
 * device for the player's PIN, fingerprint or face, so it counts as both steps of a sign-in.
 */
export const PASSKEY_NAME_MAX = 60;
/** Passkeys one account may keep. */
export const PASSKEYS_PER_ACCOUNT = 20;
/** How long one ceremony's challenge is good for (it is good once). */
export const PASSKEY_CHALLENGE_MINUTES = 5;

export const passkeyMessages = {
  name: `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX} characters`,
  response: 'This passkey answer is not valid, please try again',
  expired: 'This passkey request has expired or was already used, please try again',
  unknown:
    'This passkey is not registered for an account here: sign in another way, then add it in your profile',
  notVerified: 'Your device did not confirm it is you (PIN, fingerprint or face), please try again',
  cloned:
    'This passkey looks copied and has been blocked: sign in another way, then remove it in your profile',
  alreadyAdded: 'This passkey is already added to your account',
  tooMany: `You can keep up to ${PASSKEYS_PER_ACCOUNT} passkeys: remove one first`,
  notFound: 'Passkey not found',
} as const;
