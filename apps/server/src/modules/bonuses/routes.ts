import {
  bonusesResponseSchema,
  userBonusesQuerySchema,
  userBonusesResponseSchema,
} from '@paws/contracts/bonuses';
import { apiErrorSchema } from '@paws/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../identity/index.ts';

/** The bonuses service's calls (spec 001 §7), under /api/bonuses: the caller's own standing and bonuses. */
export const bonusesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['bonuses'];

  app.get(
    '/profile/bonuses',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The player's bonuses: daily run, weekly, monthly and win-bet progress, welcome tasks",
        response: { 200: bonusesResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.bonuses.overview(userOf(request).id);
    },
  );

  app.get(
    '/user-bonuses',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The player's credited bonuses, newest first",
        querystring: userBonusesQuerySchema,
        response: { 200: userBonusesResponseSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.bonuses.list(userOf(request).id, request.query);
    },
  );
};
