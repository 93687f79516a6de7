import { apiErrorSchema } from '@paws/contracts/errors';
import { preferencesSchema } from '@paws/contracts/preferences';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../identity/index.ts';

/** GET and PUT /profile/preferences (platform service): the signed-in player's own row only. */
export const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['platform'];

  app.get(
    '/profile/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The player's My Preferences game types (empty until chosen)",
        response: { 200: preferencesSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.preferences.get(userOf(request).id);
    },
  );

  app.put(
    '/profile/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "Replace the player's My Preferences game types",
        body: preferencesSchema,
        response: { 200: preferencesSchema, 400: apiErrorSchema },
      },
    },
    async (request) => app.preferences.set(userOf(request).id, request.body),
  );
};
