import { successResponseSchema } from '@paws/contracts/auth';
import {
  mySessionParamsSchema,
  mySessionsResponseSchema,
  signOutOthersResponseSchema,
} from '@paws/contracts/sessions';
import {
  recoveryCodesResponseSchema,
  twoStepCodeBodySchema,
  twoStepConfirmBodySchema,
  twoStepEnrolmentSchema,
  twoStepStatusSchema,
} from '@paws/contracts/two-step';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from './authenticate.ts';
import type { IdentityRouteLimits } from './route-kit.ts';

/** The player's own sessions and devices, and two-step sign-in with an authenticator app (/profile/sessions, /profile/two-step). */
export const sessionRoutes: FastifyPluginAsyncZod<IdentityRouteLimits> = async (app, limits) => {
  const { identity } = app;
  const tags = ['identity'];
  const { profileLimit, stepUp } = limits;

  // The player's own sessions and devices: each is a sign-in, named by its sessionId.
  app.get(
    '/profile/sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "The player's live sessions (browser, system, address, first and last activity), this one marked",
        response: { 200: mySessionsResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { items: await identity.mySessions.list(userOf(request)) };
    },
  );

  app.delete(
    '/profile/sessions/:sessionId',
    {
      onRequest: app.authenticate,
      preHandler: profileLimit,
      schema: {
        tags,
        summary: 'Sign out another session of the player (its next request and its sockets); answers 204',
        params: mySessionParamsSchema,
      },
    },
    async (request, reply) => {
      await identity.mySessions.end(userOf(request), request.params.sessionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/profile/sessions/sign-out-others',
    {
      onRequest: app.authenticate,
      preHandler: profileLimit,
      schema: {
        tags,
        summary: 'Sign out every session of the player but this one',
        response: { 201: signOutOthersResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ ended: await identity.mySessions.endOthers(userOf(request)) }),
  );

  // Two-step sign-in with an authenticator app (issue 29): the secret is never read back once enrolled.
  app.get(
    '/profile/two-step',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Whether two-step sign-in is on, and how many recovery codes are left',
        response: { 200: twoStepStatusSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return identity.twoStep.status(userOf(request).id);
    },
  );

  app.post(
    '/profile/two-step/enrolment',
    {
      onRequest: app.authenticate,
      preHandler: [profileLimit, stepUp],
      schema: {
        tags,
        summary:
          'A new authenticator secret (QR code and key) waiting for its first code; 409 when already on',
        response: { 201: twoStepEnrolmentSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return reply.status(201).send(await identity.twoStep.startEnrolment(userOf(request).id));
    },
  );

  app.post(
    '/profile/two-step/confirm',
    {
      onRequest: app.authenticate,
      preHandler: profileLimit,
      schema: {
        tags,
        summary: "The app's first code turns two-step sign-in on; answers ten recovery codes, shown once",
        body: twoStepConfirmBodySchema,
        response: { 201: recoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const recoveryCodes = await identity.twoStep.confirmEnrolment(userOf(request).id, request.body.code);
      return reply.status(201).send({ recoveryCodes });
    },
  );

  app.post(
    '/profile/two-step/recovery-codes',
    {
      onRequest: app.authenticate,
      preHandler: profileLimit,
      schema: {
        tags,
        summary: 'A current TOTP or recovery code, then ten new recovery codes (the old ones stop working)',
        body: twoStepCodeBodySchema,
        response: { 201: recoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const recoveryCodes = await identity.twoStep.newRecoveryCodes(userOf(request).id, request.body.code);
      return reply.status(201).send({ recoveryCodes });
    },
  );

  app.post(
    '/profile/two-step/disable',
    {
      onRequest: app.authenticate,
      preHandler: [profileLimit, stepUp],
      schema: {
        tags,
        summary: 'A current TOTP or recovery code turns two-step sign-in off',
        body: twoStepCodeBodySchema,
        response: { 201: successResponseSchema },
      },
    },
    async (request, reply) => {
      await identity.twoStep.disable(userOf(request).id, request.body.code);
      return reply.status(201).send({ success: true as const });
    },
  );
};
