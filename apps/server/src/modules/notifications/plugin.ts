import { serviceBasePaths } from '@paws/contracts/runtime-config';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { subscribeNotices } from './producers.ts';
import { notificationsRoutes } from './routes.ts';
import { createNotificationsService, type NotificationsService } from './service.ts';
import { notificationsChannel } from './socket.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Writes and pushes players' notifications; other modules call notify(). */
    notifications: NotificationsService;
  }
}

/** The notifications service: rows, the live channel on app.io, the notices from events and the HTTP calls. */
export const notificationsModule = fp(
  async (app: FastifyInstance) => {
    app.decorate(
      'notifications',
      createNotificationsService({
        db: app.database.db,
        io: app.io,
        log: app.log,
        players: () => app.identity.activePlayerIds(),
      }),
    );
    if (!app.serves('notifications')) return;
    notificationsChannel(app);
    await subscribeNotices(app);
    await app.register(notificationsRoutes, { prefix: serviceBasePaths.notifications });
  },
  {
    name: 'notifications',
    dependencies: ['database', 'backbone', 'socket', 'wallet', 'identity', 'authenticate'],
  },
);
