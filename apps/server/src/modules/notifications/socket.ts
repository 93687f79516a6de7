import {
  NOTIFICATIONS_NAMESPACE,
  type NotificationsClientToServerEvents,
  type NotificationsServerToClientEvents,
  notificationsSocketAuthSchema,
  SOCKET_SESSION_EXPIRED,
  userIdleEventSchema,
} from '@paws/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../plugins/authenticate.ts';
import { playerRoom } from './service.ts';

interface SocketData {
  /** The session cookie's player; absent when the session had expired (the socket only hears 4001). */
  user?: AuthUser;
}

/**
 * The notifications channel (spec 001 §7): the session cookie says who connects, the handshake's
 * {userId, type:'idle-tracker'} must agree with it. A socket whose session has expired is let in only
 * to hear socketError 4001 (the client refreshes its tokens and reconnects), then dropped.
 */
export function notificationsChannel(app: FastifyInstance) {
  const namespace = app.io.of(NOTIFICATIONS_NAMESPACE) as unknown as import('socket.io').Namespace<
    NotificationsClientToServerEvents,
    NotificationsServerToClientEvents,
    Record<string, never>,
    SocketData
  >;

  namespace.use(async (socket, next) => {
    try {
      const auth = notificationsSocketAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success) return next(new Error('Handshake auth must be {userId, type: "idle-tracker"}'));
      const user = await app.resolveUser(socket.handshake.headers.cookie);
      if (user && user.id !== auth.data.userId) return next(new Error('Forbidden'));
      socket.data.user = user ?? undefined;
      next();
    } catch (error) {
      app.log.error({ err: error }, 'notifications socket handshake failed');
      next(new Error('Internal Server Error'));
    }
  });

  namespace.on('connection', (socket) => {
    const user = socket.data.user;
    if (!user) {
      socket.emit('socketError', { statusCode: SOCKET_SESSION_EXPIRED, message: 'Session expired' });
      socket.disconnect(true);
      return;
    }
    void socket.join(playerRoom(user.id));
    socket.on('userIdle', (payload) => {
      const event = userIdleEventSchema.safeParse(payload);
      if (!event.success || event.data.userId !== user.id) return;
      app.notifications.recordIdle(user.id, event.data).catch((error: unknown) => {
        app.log.warn({ err: error }, 'userIdle not recorded');
      });
    });
  });
}
