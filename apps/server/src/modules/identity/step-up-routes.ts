import {
  stepUpBodySchema,
  stepUpCodeRequestSchema,
  stepUpCodeSentSchema,
  stepUpStatusSchema,
} from '@paws/contracts/step-up';
import type { preHandlerHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from './authenticate.ts';

export interface StepUpRoutesOptions {
  /** Per signed-in account and per IP: sending codes (the profile figures). */
  sendLimit: preHandlerHookHandler;
  /** Per signed-in account and per IP: trying codes (the verify figures). */
  proveLimit: preHandlerHookHandler;
}

/** GET /auth/step-up, POST /auth/step-up/code, POST /auth/step-up (issue 29 point 5, step-up.ts). */
export const stepUpRoutes: FastifyPluginAsyncZod<StepUpRoutesOptions> = async (
  app,
  { sendLimit, proveLimit },
) => {
  const tags = ['identity'];
  const { identity } = app;

  app.get(
    '/auth/step-up',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Whether this session's proof of presence is fresh, and the ways the player can renew it",
        response: { 200: stepUpStatusSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return identity.stepUp.status(userOf(request));
    },
  );

  app.post(
    '/auth/step-up/code',
    {
      onRequest: app.authenticate,
      preHandler: sendLimit,
      config: { allowBanned: true },
      schema: {
        tags,
        summary: 'Send a 6-digit code to the confirmed e-mail or phone, to confirm it is the player',
        body: stepUpCodeRequestSchema,
        response: { 201: stepUpCodeSentSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await identity.stepUp.sendCode(userOf(request), request.body.channel)),
  );

  app.post(
    '/auth/step-up',
    {
      onRequest: app.authenticate,
      preHandler: proveLimit,
      // A banned player may still withdraw their balance (payments), and that asks for a proof.
      config: { allowBanned: true },
      schema: {
        tags,
        summary:
          "Prove presence with a TOTP, recovery, e-mailed or SMS code: this session's proof is fresh again",
        body: stepUpBodySchema,
        response: { 201: stepUpStatusSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { method, code } = request.body;
      return reply.status(201).send(await identity.stepUp.prove(userOf(request), method, code));
    },
  );
};
