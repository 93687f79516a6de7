import { z } from 'zod';
import { PASSKEY_NAME_MAX, passkeyMessages } from './passkeys-constants.ts';

export * from './passkeys-constants.ts';

export const passkeyNameSchema = z
  .string({ error: passkeyMessages.name })
  .trim()
  .min(1, { error: passkeyMessages.name })
  .max(PASSKEY_NAME_MAX, { error: passkeyMessages.name });

/** One passkey as its owner sees it (never its key). */
export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Refused at sign-in since it answered with a counter that did not go up (a copied authenticator). */
  blocked: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

/** GET /profile/passkeys */
export const passkeyListSchema = z.object({ items: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/** PATCH and DELETE /profile/passkeys/:id */
export const passkeyParamsSchema = z.object({
  id: z.uuid({ error: passkeyMessages.notFound }),
});

const b64url = z
  .string({ error: passkeyMessages.response })
  .max(16_384, { error: passkeyMessages.response })
  .regex(/^[A-Za-z0-9_-]*$/, { error: passkeyMessages.response });

/**
 * The options the browser passes to navigator.credentials.create / get (WebAuthn L3's JSON forms, as
 * @simplewebauthn/browser takes them): only the challenge is named here, the rest goes through as is.
 */
export const passkeyOptionsResponseSchema = z.object({
  options: z.looseObject({ challenge: z.string() }),
});
export type PasskeyOptionsResponse<T = Record<string, unknown>> = { options: T & { challenge: string } };

/** The authenticator's answer to create() (RegistrationResponseJSON). */
export const passkeyRegistrationResponseSchema = z.looseObject({
  id: b64url.min(1, { error: passkeyMessages.response }),
  rawId: b64url.min(1, { error: passkeyMessages.response }),
  type: z.literal('public-key', { error: passkeyMessages.response }),
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
});

/** The authenticator's answer to get() (AuthenticationResponseJSON). */
export const passkeyAuthenticationResponseSchema = z.looseObject({
  id: b64url.min(1, { error: passkeyMessages.response }),
  rawId: b64url.min(1, { error: passkeyMessages.response }),
  type: z.literal('public-key', { error: passkeyMessages.response }),
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
});

/** POST /profile/passkeys: the answer to the registration options, and the name the player gives it. */
export const addPasskeyBodySchema = z.object({
  name: passkeyNameSchema,
  response: passkeyRegistrationResponseSchema,
});
export type AddPasskeyBody = z.infer<typeof addPasskeyBodySchema>;

/** PATCH /profile/passkeys/:id */
export const renamePasskeyBodySchema = z.object({ name: passkeyNameSchema });

/** POST /auth/passkey: the answer to the sign-in options (a discoverable credential, the user verified). */
export const passkeySignInBodySchema = z.object({ response: passkeyAuthenticationResponseSchema });
export type PasskeySignInBody = z.infer<typeof passkeySignInBodySchema>;
