import { successResponseSchema } from '@paws/contracts/auth';
import {
  addPasskeyBodySchema,
  passkeyListSchema,
  passkeyOptionsResponseSchema,
  passkeyParamsSchema,
  passkeySchema,
  passkeySignInBodySchema,
  renamePasskeyBodySchema,
} from '@paws/contracts/passkeys';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from './authenticate.ts';
import { setSessionCookies } from './cookies.ts';
import { acceptEmptyJsonBody } from './empty-json-body.ts';
import { clientOf, signedInUserOf } from './route-kit.ts';
import type { IdentityRoutesOptions } from './routes.ts';

/**
 * Passkeys (issue 29 point 1), under the identity prefix: the player's list in the profile (add, rename,
 * remove) and the sign-in with a passkey alone. The options calls take no body.
 */
export const passkeyRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, { rateLimits }) => {
  const { env, identity } = app;
  const profileLimit = app.rateLimiting.hook('identity:profile', rateLimits.profile, signedInUserOf);
  const signInLimit = app.rateLimiting.hook('identity:verify', rateLimits.verify, () => undefined);
  // Adding or removing a passkey wants a fresh proof of presence (issue 29 point 5, step-up.ts).
  const stepUp = identity.requireStepUp;
  const tags = ['identity'];

  acceptEmptyJsonBody(app);

  app.get(
    '/profile/passkeys',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The player's passkeys: name, when added, when last used (never a key)",
        response: { 200: passkeyListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await identity.passkeys.list(userOf(request).id) };
    },
  );

  app.post(
    '/profile/passkeys/options',
    {
      onRequest: app.authenticate,
      preHandler: [profileLimit, stepUp],
      schema: {
        tags,
        summary:
          'Options for navigator.credentials.create (a discoverable passkey, user verification required); the challenge lives 5 minutes, once',
        response: { 201: passkeyOptionsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const options = await identity.passkeys.registrationOptions(userOf(request).id);
      return reply.status(201).send({ options: { ...options } });
    },
  );

  app.post(
    '/profile/passkeys',
    {
      onRequest: app.authenticate,
      preHandler: [profileLimit, stepUp],
      schema: {
        tags,
        summary: "Add a passkey: the authenticator's answer to the options, and its name",
        body: addPasskeyBodySchema,
        response: { 201: passkeySchema },
      },
    },
    async (request, reply) => {
      const { name, response } = request.body;
      const added = await identity.passkeys.add(
        userOf(request).id,
        name,
        response as unknown as RegistrationResponseJSON,
      );
      return reply.status(201).send(added);
    },
  );

  app.patch(
    '/profile/passkeys/:id',
    {
      onRequest: app.authenticate,
      preHandler: profileLimit,
      schema: {
        tags,
        summary: 'Rename one of the player’s passkeys',
        params: passkeyParamsSchema,
        body: renamePasskeyBodySchema,
        response: { 200: successResponseSchema },
      },
    },
    async (request) => {
      await identity.passkeys.rename(userOf(request).id, request.params.id, request.body.name);
      return { success: true as const };
    },
  );

  app.delete(
    '/profile/passkeys/:id',
    {
      onRequest: app.authenticate,
      preHandler: [profileLimit, stepUp],
      schema: {
        tags,
        summary: 'Remove one of the player’s passkeys (it signs nobody in from then on); answers 204',
        params: passkeyParamsSchema,
      },
    },
    async (request, reply) => {
      await identity.passkeys.remove(userOf(request).id, request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/auth/passkey/options',
    {
      preHandler: signInLimit,
      schema: {
        tags,
        summary:
          'Options for navigator.credentials.get: any passkey of this site (discoverable), user verification required; 5 minutes, once',
        response: { 201: passkeyOptionsResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.status(201).send({ options: { ...(await identity.passkeys.signInOptions()) } });
    },
  );

  app.post(
    '/auth/passkey',
    {
      preHandler: signInLimit,
      schema: {
        tags,
        summary:
          'Sign in with a passkey alone (it counts as both steps): the answer to the options; cookies as every sign-in',
        body: passkeySignInBodySchema,
        response: { 201: successResponseSchema },
      },
    },
    async (request, reply) => {
      const tokens = await identity.signInWithPasskey(
        request.body.response as unknown as AuthenticationResponseJSON,
        clientOf(request),
      );
      setSessionCookies(reply, env, tokens, identity.now());
      return reply.status(201).send({ success: true as const });
    },
  );
};
