import { ACCESS_TOKEN_COOKIE, authServerMessages } from '@paws/contracts/auth';
import { SOCKET_SESSION_EXPIRED } from '@paws/contracts/notifications-constants';
import type { FastifyInstance } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import type { AuthUser, SessionCheck } from './authenticate.ts';
import { sessionRoom } from './session-list.ts';

/** A handshake refusal: the client's connect_error carries `data.statusCode`. */
export type SocketRefusal = Error & { data: { statusCode: number } };

export function socketRefusal(message: string, statusCode: number): SocketRefusal {
  const error = new Error(message) as SocketRefusal;
  error.data = { statusCode };
  return error;
}

/** What socketAuth keeps on each socket: absent when the access token had lapsed. */
export interface SocketAuthData {
  user?: AuthUser;
  /** Set for a socket the channel let in without a session (options.guest). */
  guest?: boolean;
}

type Verdict = SocketRefusal | undefined;

export interface SocketAuthOptions<S> {
  /** Checks the handshake before the session is looked at (the shape of its auth payload). */
  handshake?(socket: S): Verdict;
  /** Checks a signed-in user against the handshake (the same userId, a ticket of theirs, a staff role). */
  admit?(socket: S, user: AuthUser): Verdict | Promise<Verdict>;
  /** Each connected socket of a live session, with its user. */
  onConnection(socket: S, user: AuthUser): void;
  /**
   * A handshake the channel admits without a session (a visitor's private link), checked before the session:
   * true lets it in as a guest (then onGuest), a refusal refuses it, false goes on to the session check.
   */
  guest?(socket: S): Promise<boolean | SocketRefusal>;
  /** Each connected guest socket. */
  onGuest?(socket: S): void;
}

// biome-ignore lint/suspicious/noExplicitAny: any event maps; the caller's namespace keeps its own types.
type AnyNamespace = Namespace<any, any, any, SocketAuthData>;
type SocketOf<N> = N extends Namespace<infer L, infer E, infer S, infer D> ? Socket<L, E, S, D> : never;

declare module 'fastify' {
  interface FastifyInstance {
    /** Authenticates a namespace's handshakes from the session cookie, exactly as HTTP calls are. */
    socketAuth<N extends AnyNamespace>(namespace: N, options: SocketAuthOptions<SocketOf<N>>): void;
  }
}

/**
 * Socket authentication shared by the realtime channels (notifications, tickets). The access cookie is
 * checked as for HTTP calls. A lapsed access token (expired, or already dropped by the browser, whose
 * cookie lives as long as the token) is let in only to hear the spec's socketError 4001, so the client
 * refreshes its tokens and reconnects; then it is dropped. A token we did not sign or a revoked session is
 * refused with 401, a banned account with 403.
 */
export function decorateSocketAuth(app: FastifyInstance, sessions: SessionCheck) {
  app.decorate(
    'socketAuth',
    <N extends AnyNamespace>(namespace: N, options: SocketAuthOptions<SocketOf<N>>) => {
      namespace.use(async (socket, next) => {
        const typed = socket as SocketOf<N>;
        try {
          const refused = options.handshake?.(typed);
          if (refused) return next(refused);
          const guest = await options.guest?.(typed);
          if (guest instanceof Error) return next(guest);
          if (guest) {
            socket.data.guest = true;
            return next();
          }
          const cookie = socket.handshake.headers.cookie;
          const token = cookie ? app.parseCookie(cookie)[ACCESS_TOKEN_COOKIE] : undefined;
          if (!token) return next();
          const session = await sessions.check(token);
          if (session.user) {
            const notAdmitted = await options.admit?.(typed, session.user);
            if (notAdmitted) return next(notAdmitted);
            socket.data.user = session.user;
            return next();
          }
          if (session.expired) return next();
          return next(
            session.banned
              ? socketRefusal(authServerMessages.banned, 403)
              : socketRefusal('Unauthorized', 401),
          );
        } catch (error) {
          app.log.error({ err: error, namespace: namespace.name }, 'socket handshake failed');
          next(socketRefusal('Internal Server Error', 500));
        }
      });

      namespace.on('connection', (socket) => {
        const user = socket.data.user;
        if (!user && socket.data.guest) {
          options.onGuest?.(socket as SocketOf<N>);
          return;
        }
        if (!user) {
          socket.emit('socketError', { statusCode: SOCKET_SESSION_EXPIRED, message: 'Session expired' });
          socket.disconnect(true);
          return;
        }
        // Ending this sign-in (the player's session list) drops the socket: see plugin.ts.
        void socket.join(sessionRoom(user.familyId));
        options.onConnection(socket as SocketOf<N>, user);
      });
    },
  );
}
