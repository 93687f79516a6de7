import { apiErrorSchema } from '@paws/contracts/errors';
import {
  broadcastRequestSchema,
  broadcastResponseSchema,
  notificationIdParamsSchema,
  notificationSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
} from '@paws/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/errors.ts';
import { userOf } from '../../plugins/authenticate.ts';

/** The notifications service's calls (spec 001 §7), under /api/notifications: the caller's own rows only. */
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

  app.post(
    '/notifications/broadcast',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'An advertising notification to every player (managers only)',
        body: broadcastRequestSchema,
        response: { 201: broadcastResponseSchema, 403: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      if (user.role === 'player') throw forbidden('Only managers can broadcast notifications');
      const recipients = await app.notifications.broadcast(request.body.notificationMessage, {
        actorId: user.id,
        actorRoles: user.staffRoles,
        ip: request.ip,
      });
      return reply.code(201).send({ recipients });
    },
  );
};
