import { apiErrorSchema } from '@paws/contracts/errors';
import {
  playSessionViewSchema,
  type RealityCheckInterval,
  setPlayTimeLimitSchema,
  setRealityCheckSchema,
} from '@paws/contracts/responsible-gaming';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../identity/index.ts';
import type { PlaySessions } from './play-session.ts';
import type { createRealityChecks } from './reality-check.ts';
import type { createSessionTimeLimits } from './session-time.ts';

/** The player's play session, reality checks and daily play-time limit, under the platform base path. */
export const playSessionRoutes: FastifyPluginAsyncZod<{
  playSessions: PlaySessions;
  realityChecks: ReturnType<typeof createRealityChecks>;
  sessionTimeLimits: ReturnType<typeof createSessionTimeLimits>;
}> = async (app, { playSessions, realityChecks, sessionTimeLimits }) => {
  const tags = ['platform'];

  app.get(
    '/profile/responsible-gaming/play-session',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "The current play session's start, stakes, wins and net; reality checks; the play-time limit",
        response: { 200: playSessionViewSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return playSessions.current(userOf(request).id);
    },
  );

  app.put(
    '/profile/responsible-gaming/reality-check',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Reality checks every 15, 30 or 60 minutes of a play session, or off',
        body: setRealityCheckSchema,
        response: { 200: playSessionViewSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      await realityChecks.setRealityCheck(
        userId,
        request.body.intervalMinutes as RealityCheckInterval | null,
      );
      return playSessions.current(userId);
    },
  );

  app.put(
    '/profile/responsible-gaming/play-time-limit',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'A daily play-time limit: set or lowered at once, raised or removed after 24 hours',
        body: setPlayTimeLimitSchema,
        response: { 200: playSessionViewSchema, 400: apiErrorSchema },
      },
    },
    async (request) => {
      const userId = userOf(request).id;
      await sessionTimeLimits.change(userId, request.body.minutes);
      return playSessions.current(userId);
    },
  );
};
