import { apiErrorSchema } from '@paws/contracts/errors';
import {
  notificationIdParamsSchema,
  notificationSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
} from '@paws/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../identity/index.ts';

/**
 * The notifications service's calls (spec 001 §7), under /api/notifications: the caller's own rows only. The
 * spec's POST /notifications/broadcast is not served here: a broadcast is a staff power, used only through the
 * back office (/api/staff/broadcasts); a player-site session never holds one, whatever roles its account has.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

  app.get(
    '/notifications',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The player's notifications, newest first, with unread counts per category",
        querystring: notificationsQuerySchema,
        response: { 200: notificationsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.notifications.list(userOf(request).id, request.query);
    },
  );

  app.patch(
    '/notifications/read/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Mark one of the player’s notifications read',
        params: notificationIdParamsSchema,
        response: { 200: notificationSchema, ...errors },
      },
    },
    async (request) => app.notifications.markRead(userOf(request).id, request.params.id),
  );

  app.delete(
    '/notifications/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Delete one of the player’s notifications; answers 204',
        params: notificationIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await app.notifications.remove(userOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
