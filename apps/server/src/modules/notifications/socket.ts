import {
  NOTIFICATIONS_NAMESPACE,
  type NotificationsClientToServerEvents,
  type NotificationsServerToClientEvents,
  notificationsSocketAuthSchema,
  userIdleEventSchema,
} from '@paws/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import type { Namespace } from 'socket.io';
import { type SocketAuthData, socketRefusal } from '../identity/index.ts';
import { playerRoom } from './service.ts';

/**
 * The notifications channel (spec 001 §7): the session cookie says who connects (app.socketAuth, shared with
 * the tickets channel: a lapsed token hears socketError 4001), and the handshake's {userId,
 * type:'idle-tracker'} must agree with it.
 */
export function notificationsChannel(app: FastifyInstance) {
  const namespace = app.io.of(NOTIFICATIONS_NAMESPACE) as unknown as Namespace<
    NotificationsClientToServerEvents,
    NotificationsServerToClientEvents,
    Record<string, never>,
    SocketAuthData
  >;

  app.socketAuth(namespace, {
    handshake(socket) {
      if (notificationsSocketAuthSchema.safeParse(socket.handshake.auth).success) return undefined;
      return socketRefusal('Handshake auth must be {userId, type: "idle-tracker"}', 400);
    },
    admit(socket, user) {
      const auth = notificationsSocketAuthSchema.parse(socket.handshake.auth);
      return user.id === auth.userId ? undefined : socketRefusal('Forbidden', 403);
    },
    onConnection(socket, user) {
      void socket.join(playerRoom(user.id));
      socket.on('userIdle', (payload) => {
        const event = userIdleEventSchema.safeParse(payload);
        if (!event.success || event.data.userId !== user.id) return;
        app.notifications.recordIdle(user.id, event.data).catch((error: unknown) => {
          app.log.warn({ err: error }, 'userIdle not recorded');
        });
      });
    },
  });
}
