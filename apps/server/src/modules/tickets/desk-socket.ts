import { STAFF_SESSION_COOKIE } from '@paws/contracts/staff-auth';
import { hasPermission } from '@paws/contracts/staff-permissions';
import {
  DESK_NAMESPACE,
  type DeskClientToServerEvents,
  type DeskServerToClientEvents,
  STAFF_SOCKET_PATH,
} from '@paws/contracts/staff-tickets';
import type { FastifyInstance } from 'fastify';
import { type Namespace, Server } from 'socket.io';
import { faceOfMessage } from '../../lib/faces.ts';
import { foreignOrigin } from '../../plugins/origin-check.ts';
import { connectRedisAdapter } from '../../plugins/redis-adapter.ts';
import { socketRefusal } from '../identity/index.ts';
import { DESK_QUEUE_ROOM, ticketRoom } from './realtime.ts';

type StaffActor = NonNullable<Awaited<ReturnType<FastifyInstance['staffAuth']['actorFor']>>>;

interface DeskSocketData {
  staff?: StaffActor;
  ticketId?: string;
}

/**
 * The staff desk's socket.io server: a second server on the same HTTP server, on path /api/staff/socket.io
 * (so the staff cookie, path /api/staff, is sent), back-office origin only, websocket only; with REDIS_URL
 * its own Redis adapter carries emits to every process. A process that does not serve tickets keeps it
 * unattached: it only emits (through the adapter) to the desks connected elsewhere.
 */
export async function createDeskServer(app: FastifyInstance, attach: boolean) {
  const backOffice = new Set([new URL(app.env.BACKOFFICE_URL).origin]);
  const io = new Server({
    path: STAFF_SOCKET_PATH,
    transports: ['websocket'],
    cors: { origin: [...backOffice], credentials: true },
    serveClient: false,
    // The player's socket.io server shares this HTTP server: leave upgrades for other paths to it.
    destroyUpgrade: false,
    // Each face serves only its own sockets: the desk's on the back office alone.
    allowRequest: (request, done) => {
      if (faceOfMessage(request, app.env) !== 'backoffice')
        return done('Only served on the back office', false);
      const problem = foreignOrigin(request.headers, backOffice);
      done(problem ?? null, problem === undefined);
    },
  });
  // With REDIS_URL: its own Redis adapter, which rides out an outage (plugins/redis-adapter.ts).
  const fanOut = app.env.REDIS_URL
    ? await connectRedisAdapter(
        app.env.REDIS_URL,
        app.log,
        'socket fan-out to other processes (ticket desk)',
        {
          key: `${app.env.REDIS_KEY_PREFIX}:socket.io`,
        },
      )
    : undefined;
  if (fanOut) io.adapter(fanOut.adapter);
  if (attach) io.attach(app.server);
  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
  });
  app.addHook('onClose', async () => {
    await io.close().catch(() => {});
    await fanOut?.close();
  });
  return io;
}

/**
 * The /desk namespace: a staff session (cookie) holding tickets.answer. Every desk socket hears the queue's
 * changes; `join` follows one ticket's chat (its messages, status, the player's typing and read state).
 */
export function deskChannel(app: FastifyInstance, io: Server) {
  const namespace = io.of(DESK_NAMESPACE) as unknown as Namespace<
    DeskClientToServerEvents,
    DeskServerToClientEvents,
    Record<string, never>,
    DeskSocketData
  >;
  namespace.use(async (socket, next) => {
    try {
      const cookie = socket.handshake.headers.cookie;
      const token = cookie ? app.parseCookie(cookie)[STAFF_SESSION_COOKIE] : undefined;
      const actor = await app.staffAuth.actorFor(token, socket.handshake.address);
      if (!actor) return next(socketRefusal('Unauthorized', 401));
      if (!hasPermission(actor.roles, 'tickets.answer')) return next(socketRefusal('Forbidden', 403));
      socket.data.staff = actor;
      next();
    } catch (error) {
      app.log.error({ err: error }, 'desk handshake failed');
      next(socketRefusal('Internal Server Error', 500));
    }
  });

  namespace.on('connection', (socket) => {
    void socket.join(DESK_QUEUE_ROOM);
    socket.on('join', (ticketId, ack) => {
      void (async () => {
        const [ticket] =
          typeof ticketId === 'string' && /^[0-9a-f-]{36}$/i.test(ticketId)
            ? await app.tickets.byIds([ticketId])
            : [];
        if (!ticket) return ack?.(false);
        if (socket.data.ticketId) await socket.leave(ticketRoom(socket.data.ticketId));
        socket.data.ticketId = ticket.id;
        await socket.join(ticketRoom(ticket.id));
        ack?.(true);
      })().catch((err: unknown) => {
        app.log.warn({ err }, 'desk join failed');
        ack?.(false);
      });
    });
    socket.on('leave', (ticketId) => {
      if (socket.data.ticketId !== ticketId) return;
      socket.data.ticketId = undefined;
      void socket.leave(ticketRoom(ticketId));
    });
    socket.on('typing', (payload) => {
      const ticketId = socket.data.ticketId;
      if (!ticketId || payload?.ticketId !== ticketId) return;
      app.ticketsRealtime.typing(ticketId, true, payload.typing === true);
    });
    socket.on('read', (payload) => {
      const ticketId = socket.data.ticketId;
      if (!ticketId || payload?.ticketId !== ticketId) return;
      app.tickets
        .markRead(ticketId, 'staff')
        .then((read) => read && app.ticketsRealtime.read(ticketId, true, read))
        .catch((err: unknown) => app.log.warn({ err, ticketId }, 'desk read state not recorded'));
    });
  });
}
