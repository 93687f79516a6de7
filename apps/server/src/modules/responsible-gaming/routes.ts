import { apiErrorSchema } from '@paws/contracts/errors';
import {
  limitsOverviewSchema,
  restrictionResponseSchema,
  selfExclusionSchema,
  setLimitSchema,
  timeOutSchema,
} from '@paws/contracts/responsible-gaming';
import { toMinor } from '@paws/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../identity/index.ts';
import type { createRestrictions } from './restrictions.ts';
import type { ResponsibleGamingService } from './service.ts';

/** The player's own limits, under the platform base path. */
export const responsibleGamingRoutes: FastifyPluginAsyncZod<{
  service: ResponsibleGamingService;
  restrictions: ReturnType<typeof createRestrictions>;
}> = async (app, { service, restrictions }) => {
  const tags = ['platform'];

  app.get(
    '/profile/responsible-gaming',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The player's deposit, loss and wager limits, what each leaves and the changes pending",
        response: { 200: limitsOverviewSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.overview(userOf(request).id);
    },
  );

  app.put(
    '/profile/responsible-gaming/limits',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Set, lower (at once), raise or remove (after 24 hours) one limit',
        body: setLimitSchema,
        response: { 200: limitsOverviewSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const { kind, period, amount } = request.body;
      return service.changeLimit(userOf(request).id, {
        kind,
        period,
        amount: amount === null ? null : (toMinor(amount, 'USD') as number),
      });
    },
  );

  // A banned player may still take a break of their own (allowBanned): it only ever restricts them more.
  app.post(
    '/profile/responsible-gaming/time-out',
    {
      onRequest: app.authenticate,
      config: { allowBanned: true },
      schema: {
        tags,
        summary: 'A time-out of 24 hours, 1 week, 1 month or 6 weeks: at once, signs out everywhere',
        body: timeOutSchema,
        response: { 200: restrictionResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => restrictions.timeOut(userOf(request).id, request.body.period),
  );

  app.post(
    '/profile/responsible-gaming/self-exclusion',
    {
      onRequest: app.authenticate,
      config: { allowBanned: true },
      schema: {
        tags,
        summary: 'Self-exclusion for 6 months to 5 years or indefinitely: at once, signs out everywhere',
        body: selfExclusionSchema,
        response: { 200: restrictionResponseSchema, 400: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => restrictions.selfExclude(userOf(request).id, request.body.period),
  );
};
