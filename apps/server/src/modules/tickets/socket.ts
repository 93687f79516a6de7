import { ACCESS_TOKEN_COOKIE } from '@paws/contracts/auth';
import { SOCKET_SESSION_EXPIRED } from '@paws/contracts/notifications-constants';
import {
  TICKETS_NAMESPACE,
  type TicketRequest,
  type TicketRequestAck,
  type TicketsClientToServerEvents,
  type TicketsServerToClientEvents,
  ticketMessages,
  ticketsSocketAuthSchema,
} from '@paws/contracts/tickets';
import type { FastifyInstance } from 'fastify';
import type { Namespace, Socket } from 'socket.io';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { AuthUser } from '../identity/index.ts';
import { type SocketRefusal, socketRefusal } from '../identity/index.ts';
import type { IncomingFile } from './files.ts';
import { toTicketMessage } from './messages.ts';
import { type TicketSocketData, ticketRoom } from './realtime.ts';
import { ticketRules } from './rules.ts';
import type { TicketAuthor } from './writes.ts';

type TicketsSocket = Socket<
  TicketsClientToServerEvents,
  TicketsServerToClientEvents,
  Record<string, never>,
  TicketSocketData
>;

/** The ticketRequest's file as bytes, or a 400 naming the field. */
function fileOf(request: TicketRequest): IncomingFile | undefined {
  const file = request.file;
  if (file === undefined || file === null) return undefined;
  const raw = (file as { buffer?: unknown }).buffer;
  const data = Buffer.isBuffer(raw)
    ? raw
    : raw instanceof ArrayBuffer
      ? Buffer.from(raw)
      : raw instanceof Uint8Array
        ? Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength)
        : undefined;
  if (!data) throw badRequest('file.buffer must be the file as bytes', 'file');
  const name = typeof file.originalname === 'string' ? file.originalname : undefined;
  return { data, name };
}

/** Messages one socket may send: 10 in any 10 seconds (a chat, not a firehose). */
export const SOCKET_MESSAGE_BURST = { points: 10, windowMs: 10_000 };
export const tooManyMessages = 'Too many messages, please slow down';

/** A sliding window of the socket's recent sends: whether one more is allowed now. */
function burstLimiter({ points, windowMs } = SOCKET_MESSAGE_BURST) {
  const times: number[] = [];
  return () => {
    const now = Date.now();
    while (times.length > 0 && (times[0] ?? 0) <= now - windowMs) times.shift();
    if (times.length >= points) return false;
    times.push(now);
    return true;
  };
}

/**
 * The tickets channel (spec 001 §7, namespace /tickets, websocket only): the session cookie and the ticketId
 * say who joins which chat (its owner; anyone else is refused, whatever staff roles their account holds:
 * staff answer at the desk, /desk on the back office), a visitor joins with the private link's token
 * instead (refused 404 for a link we did not make, 410 for an expired or revoked one). On joining: getMessages. ticketRequest posts a message (acked), every message and
 * status change reaches both sides (receiveTicketMessage, ticketStatus), typing and read go to the other side.
 * A lapsed session hears socketError 4001, on joining or when it next writes.
 */
export function ticketsChannel(app: FastifyInstance) {
  const namespace = app.io.of(TICKETS_NAMESPACE) as unknown as Namespace<
    TicketsClientToServerEvents,
    TicketsServerToClientEvents,
    Record<string, never>,
    TicketSocketData
  >;
  const service = app.tickets;
  const authOf = (socket: TicketsSocket) => ticketsSocketAuthSchema.parse(socket.handshake.auth);

  app.socketAuth(namespace, {
    handshake(socket) {
      if (ticketsSocketAuthSchema.safeParse(socket.handshake.auth).success) return undefined;
      return socketRefusal('Handshake auth must be {ticketId} (a uuid), with guestToken for a visitor', 400);
    },
    async guest(socket): Promise<boolean | SocketRefusal> {
      const auth = authOf(socket);
      if (!auth.guestToken) return false;
      try {
        const ticket = await service.ticketForSocket(auth, null);
        if (!ticket) return socketRefusal(ticketMessages.notFound, 404);
        socket.data.ticketId = ticket.id;
        return true;
      } catch (error) {
        if (error instanceof AppError) return socketRefusal(error.message, error.statusCode);
        throw error;
      }
    },
    async admit(socket, user) {
      const ticket = await service.ticketForSocket(authOf(socket), user.id);
      if (!ticket) return socketRefusal(ticketMessages.notFound, 404);
      socket.data.ticketId = ticket.id;
      return undefined;
    },
    onConnection(socket, user) {
      join(socket, user);
    },
    onGuest(socket) {
      join(socket, undefined);
    },
  });

  /**
   * The session behind the socket, checked again when it writes: a lapsed one hears 4001 and is dropped. A
   * visitor's link likewise: one that expired or was revoked since joining hears 410 and is dropped.
   */
  async function stillSignedIn(socket: TicketsSocket) {
    if (socket.data.guest) {
      const token = authOf(socket).guestToken;
      try {
        if (token) await service.guestTicket(token);
        return true;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        socket.emit('socketError', { statusCode: error.statusCode, message: error.message });
        socket.disconnect(true);
        return false;
      }
    }
    const cookie = socket.handshake.headers.cookie;
    const token = cookie ? app.parseCookie(cookie)[ACCESS_TOKEN_COOKIE] : undefined;
    const session = await app.identity.sessions.check(token);
    if (session.user) return true;
    socket.emit('socketError', { statusCode: SOCKET_SESSION_EXPIRED, message: 'Session expired' });
    socket.disconnect(true);
    return false;
  }

  /** Who writes from this socket: the ticket's player (its owner, checked on joining) or a visitor. */
  async function authorFor(user: AuthUser | undefined): Promise<TicketAuthor> {
    if (!user) return { kind: 'guest' };
    const account = await app.identity.accountOf(user.id);
    return { kind: 'player', userId: user.id, username: account?.username ?? null };
  }

  function join(socket: TicketsSocket, user: AuthUser | undefined) {
    const joined = socket.data.ticketId;
    if (!joined) return void socket.disconnect(true);
    const ticketId: string = joined;
    const ready = authorFor(user);
    ready.catch(() => {});

    const mayPost = burstLimiter();
    // Listeners first, synchronously: a message sent right after connecting is not lost.
    socket.on('ticketRequest', (request, ack) => {
      if (!mayPost()) {
        const refusal = { ok: false as const, statusCode: 429, message: tooManyMessages };
        if (typeof ack === 'function') ack(refusal);
        else socket.emit('socketError', { statusCode: 429, message: tooManyMessages });
        return;
      }
      void ready.then((author) => handleRequest(author, request, ack));
    });
    // Everyone here is the ticket's side (player or visitor): staff's typing and reads come from the desk.
    socket.on('typing', (typing) => {
      app.ticketsRealtime.typing(ticketId, false, typing === true, socket.id);
    });
    socket.on('read', () => {
      service
        .markRead(ticketId, 'player')
        .then((read) => read && app.ticketsRealtime.read(ticketId, false, read))
        .catch((err: unknown) => app.log.warn({ err, ticketId }, 'ticket read state not recorded'));
    });

    async function handleRequest(
      author: TicketAuthor,
      request: TicketRequest,
      ack?: (result: TicketRequestAck) => void,
    ) {
      const answer = (result: TicketRequestAck) => {
        if (typeof ack === 'function') ack(result);
        else if (!result.ok)
          socket.emit('socketError', { statusCode: result.statusCode, message: result.message });
      };
      try {
        if (!(await stillSignedIn(socket))) return;
        if (typeof request !== 'object' || request === null)
          throw badRequest(ticketMessages.messageOrFile, 'message');
        const input = { message: request.message, file: fileOf(request) };
        const change =
          author.kind === 'player'
            ? await service.postAsPlayer(author.userId, author.username, ticketId, input)
            : await service.writes.post(ticketId, author, input, (t) => {
                ticketRules.message(t.status);
                return undefined;
              });
        answer({ ok: true, id: change.messages[0]?.id ?? '' });
      } catch (error) {
        if (error instanceof AppError)
          answer({ ok: false, statusCode: error.statusCode, message: error.message });
        else {
          app.log.error({ err: error, ticketId }, 'ticketRequest failed');
          answer({ ok: false, statusCode: 500, message: 'Internal Server Error' });
        }
      }
    }

    // In the room before reading the list: a message written meanwhile comes twice (same id), never not at all.
    void (async () => {
      await socket.join(ticketRoom(ticketId));
      const [[ticket], messages] = await Promise.all([
        service.byIds([ticketId]),
        service.messagesOf(ticketId),
      ]);
      if (!ticket) return void socket.disconnect(true);
      const audience = app.ticketsRealtime.audienceOf(ticket);
      socket.emit(
        'getMessages',
        messages.map((row) => toTicketMessage(row, audience)),
      );
    })().catch((err: unknown) => {
      app.log.error({ err, ticketId }, 'tickets channel join failed');
      socket.emit('socketError', { statusCode: 500, message: 'Internal Server Error' });
      socket.disconnect(true);
    });
  }
}
