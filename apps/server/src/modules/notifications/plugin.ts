import { serviceBasePaths } from '@paws/contracts/runtime-config';
import { defineModule } from '../../core/module.ts';
import { createAccountDirectory } from '../identity/index.ts';
import { BROADCAST_JOB } from './broadcasts.ts';
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
export const notifications = defineModule({
  name: 'notifications',
  provides: ['notifications'],
  uses: ['wallet', 'identity', 'payments', 'audit', 'authenticate', 'socketAuth', 'ticketsRealtime'],
  async register(app, { audit, identity, payments }) {
    const directory = createAccountDirectory(app.database.db);
    const service = createNotificationsService({
      db: app.database.db,
      io: app.io,
      clustered: Boolean(app.env.REDIS_URL),
      log: app.log,
      audit,
      audience: {
        activePlayerIds: () => identity.activePlayerIds(),
        depositorIds: () => payments.depositorIds(),
        verifiedIds: directory.verifiedIds,
        seenSinceIds: directory.seenSinceIds,
        emailsOf: directory.emailsOf,
      },
      enqueueBroadcast: (broadcastId, tx) => app.jobs.send(BROADCAST_JOB, { broadcastId }, { tx }),
    });
    app.decorate('notifications', service);
    if (!app.serves('notifications')) return;
    await app.jobs.define<{ broadcastId: string }>({
      name: BROADCAST_JOB,
      handler: ({ broadcastId }) => service.deliverBroadcast(broadcastId),
    });
    notificationsChannel(app);
    await subscribeNotices(app);
    await app.register(notificationsRoutes, { prefix: serviceBasePaths.notifications });
  },
});
