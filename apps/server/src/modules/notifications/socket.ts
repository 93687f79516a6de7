import { ACCESS_TOKEN_COOKIE, authServerMessages } from '@paws/contracts/auth';
import {
  NOTIFICATIONS_NAMESPACE,
  type NotificationsClientToServerEvents,
  type NotificationsServerToClientEvents,
  notificationsSocketAuthSchema,
  SOCKET_SESSION_EXPIRED,
  userIdleEventSchema,
} from '@paws/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import type { Namespace } from 'socket.io';
import type { AuthUser } from '../../plugins/authenticate.ts';
import { playerRoom } from './service.ts';

interface SocketData {
  /** The session cookie's player; absent when the access token had lapsed (the socket only hears 4001). */
  user?: AuthUser;
}

/** A handshake refusal: the client's connect_error carries `data.statusCode`. */
function refusal(message: string, statusCode: number) {
  const error = new Error(message) as Error & { data?: { statusCode: number } };
  error.data = { statusCode };
  return error;
}

/**
 * The notifications channel (spec 001 §7): the session cookie says who connects, exactly as for HTTP calls;
 * the handshake's {userId, type:'idle-tracker'} must agree with it. A lapsed access token (expired, or
 * already dropped by the browser, whose cookie lives as long as the token) is let in only to hear
 * socketError 4001, so the client refreshes its tokens and reconnects; then it is dropped. A token we did
 * not sign, a revoked session or a banned player is refused.
 */
export function notificationsChannel(app: FastifyInstance) {
  const namespace = app.io.of(NOTIFICATIONS_NAMESPACE) as unknown as Namespace<
    NotificationsClientToServerEvents,
    NotificationsServerToClientEvents,
    Record<string, never>,
    SocketData
  >;

  namespace.use(async (socket, next) => {
    try {
      const auth = notificationsSocketAuthSchema.safeParse(socket.handshake.auth);
      if (!auth.success) return next(refusal('Handshake auth must be {userId, type: "idle-tracker"}', 400));
      const cookie = socket.handshake.headers.cookie;
      const token = cookie ? app.parseCookie(cookie)[ACCESS_TOKEN_COOKIE] : undefined;
      if (!token) return next();
      const session = await app.identity.sessions.check(token);
      if (session.user) {
        if (session.user.id !== auth.data.userId) return next(refusal('Forbidden', 403));
        socket.data.user = session.user;
        return next();
      }
      if (session.expired) return next();
      return next(session.banned ? refusal(authServerMessages.banned, 403) : refusal('Unauthorized', 401));
    } catch (error) {
      app.log.error({ err: error }, 'notifications socket handshake failed');
      next(refusal('Internal Server Error', 500));
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
