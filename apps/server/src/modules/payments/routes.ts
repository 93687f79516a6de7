import { apiErrorSchema } from '@paws/contracts/errors';
import {
  IDEMPOTENCY_KEY_HEADER,
  paymentHeadersSchema,
  paymentRequestSchema,
  paymentResponseSchema,
} from '@paws/contracts/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type StepUpGuard, userOf } from '../identity/index.ts';

export interface PaymentsRoutesOptions {
  /** Identity's step-up guard: a withdrawal wants a fresh proof of presence (issue 29 point 5). */
  requireStepUp: StepUpGuard;
}

/** POST /users/deposit and /users/withdraw (platform service). */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = async (
  app,
  { requireStepUp },
) => {
  const schema = (summary: string) => ({
    tags: ['platform'],
    summary,
    body: paymentRequestSchema,
    headers: paymentHeadersSchema,
    response: { 201: paymentResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema },
  });

  app.post(
    '/users/deposit',
    {
      onRequest: app.authenticate,
      schema: schema('Deposit dollars through the payment provider (the sandbox settles at once)'),
    },
    async (request, reply) => {
      const result = await app.payments.deposit({
        userId: userOf(request).id,
        amount: request.body.amount,
        paymentMethod: request.body.paymentMethod,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
      });
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/users/withdraw',
    {
      onRequest: app.authenticate,
      // A stolen session must not take the money out: the player proves presence again (step-up).
      preHandler: requireStepUp,
      // A banned (or self-excluded) player can still take their balance out; staff review it like any other.
      config: { allowBanned: true },
      schema: schema(
        'Withdraw dollars: held at once (PENDING) for staff review, then paid out by the provider or declined',
      ),
    },
    async (request, reply) => {
      const user = userOf(request);
      const result = await app.payments.withdraw({
        userId: user.id,
        amount: request.body.amount,
        paymentMethod: request.body.paymentMethod,
        idempotencyKey: request.headers[IDEMPOTENCY_KEY_HEADER],
        client: { sessionId: user.sessionId, userAgent: request.headers['user-agent'], ip: request.ip },
      });
      return reply.status(201).send(result);
    },
  );
};
