import { apiErrorSchema } from '@paws/contracts/errors';
import { preferencesSchema } from '@paws/contracts/preferences';
import { serviceBasePaths } from '@paws/contracts/runtime-config';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/authenticate.ts';
import { createPreferencesService, type PreferencesService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    preferences: PreferencesService;
  }
}

/** GET and PUT /profile/preferences (platform service): the signed-in player's own row only. */
const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
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

export const preferences = fp(
  async (app: FastifyInstance) => {
    app.decorate('preferences', createPreferencesService(app.database.db));
    if (app.serves('preferences'))
      await app.register(preferencesRoutes, { prefix: serviceBasePaths.platform });
  },
  { name: 'preferences', dependencies: ['database', 'backbone', 'authenticate'] },
);
