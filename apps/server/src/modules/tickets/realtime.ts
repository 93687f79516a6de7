import { DESK_NAMESPACE, type DeskServerToClientEvents } from '@paws/contracts/staff-tickets';
import { TICKETS_NAMESPACE, type TicketsServerToClientEvents } from '@paws/contracts/tickets';
import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server } from 'socket.io';
import type { SocketAuthData } from '../identity/index.ts';
import type { GuestLinks } from './guest-links.ts';
import { type FileAudience, toTicketMessage } from './messages.ts';
import type { TicketRow } from './schema.ts';
import type { TicketChange } from './writes.ts';

/** The socket.io room of one ticket's chat, in the tickets channel and in the desk alike. */
export const ticketRoom = (ticketId: string) => `ticket:${ticketId}`;
/** Every desk socket: queue refreshes. */
export const DESK_QUEUE_ROOM = 'queue';

export interface TicketSocketData extends SocketAuthData {
  ticketId?: string;
}

export type TicketsNamespace = Namespace<
  Record<string, never>,
  TicketsServerToClientEvents,
  Record<string, never>,
  TicketSocketData
>;
export type DeskNamespace = Namespace<Record<string, never>, DeskServerToClientEvents>;

/** How long a presence question may take before the answer is "not in the chat" (so the player is told). */
const PRESENCE_TIMEOUT_MS = 2000;

/**
 * Tells everyone concerned about a committed change: the ticket's chat (player or visitor, with attachment
 * links they can open) and the desk (the chat of whoever follows it, and every queue). Neither the player's
 * notice nor the visitor's e-mail is sent from here: for staff's replies and status changes the change
 * recorded tickets.replied (the notifications module's notice, asking playerInChat) or
 * tickets.guest_replied (the visitor's e-mail, guest-mail.ts).
 */
export function createAnnouncer({
  io,
  desk,
  guestLinks,
  log,
}: {
  io: Server | undefined;
  desk: Server | undefined;
  guestLinks: GuestLinks;
  log: FastifyBaseLogger;
}) {
  const channel = () => io?.of(TICKETS_NAMESPACE) as TicketsNamespace | undefined;
  const deskChannel = () => desk?.of(DESK_NAMESPACE) as DeskNamespace | undefined;
  const audienceOf = (ticket: TicketRow): FileAudience =>
    ticket.userId ? { kind: 'player' } : { kind: 'guest', token: guestLinks.tokenFor(ticket) };

  /**
   * Whether the player has the ticket's chat open (a socket of theirs in its room, on any process). A
   * question that fails or takes over PRESENCE_TIMEOUT_MS (fan-out down) answers false: better a notice
   * too many than a reply never told.
   */
  async function playerInChat(ticketId: string, userId: string) {
    const namespace = channel();
    if (!namespace) return false;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), PRESENCE_TIMEOUT_MS);
    });
    const asked = namespace
      .in(ticketRoom(ticketId))
      .fetchSockets()
      .then((sockets) => sockets.some((socket) => socket.data.user?.id === userId))
      .catch((err: unknown) => {
        log.warn({ err, ticketId }, 'ticket chat presence unknown');
        return false;
      });
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    audienceOf,
    playerInChat,
    /**
     * The visitor's sockets on the ticket's chat (any process) are dropped, hearing socketError 410: after
     * staff revoked the links, an open page must not go on reading or writing.
     */
    async dropGuests(ticketId: string, message: string) {
      const namespace = channel();
      if (!namespace) return;
      const sockets = await namespace.in(ticketRoom(ticketId)).fetchSockets();
      for (const socket of sockets) {
        if (!socket.data.guest) continue;
        socket.emit('socketError', { statusCode: 410, message });
        socket.disconnect(true);
      }
    },
    announce(change: TicketChange) {
      const { ticket, messages } = change;
      const room = channel()?.to(ticketRoom(ticket.id));
      const deskRoom = deskChannel()?.to(ticketRoom(ticket.id));
      const audience = audienceOf(ticket);
      for (const row of messages) {
        room?.emit('receiveTicketMessage', toTicketMessage(row, audience));
        deskRoom?.emit('ticketMessage', {
          ticketId: ticket.id,
          message: toTicketMessage(row, { kind: 'staff' }),
        });
        if (row.changeStatus) {
          room?.emit('ticketStatus', { status: row.changeStatus });
          deskRoom?.emit('ticketStatus', { ticketId: ticket.id, status: row.changeStatus });
        }
      }
      deskChannel()?.to(DESK_QUEUE_ROOM).emit('ticketUpdated', { ticketId: ticket.id });
    },
    /** A change only staff see (a note): the desks refresh. */
    touched(ticketId: string) {
      deskChannel()?.to(DESK_QUEUE_ROOM).emit('ticketUpdated', { ticketId });
    },
    /** One side's typing, to the other side. */
    typing(ticketId: string, byManager: boolean, typing: boolean, except?: string) {
      if (byManager) channel()?.to(ticketRoom(ticketId)).emit('typing', { byManager, typing });
      else {
        const room = channel()?.to(ticketRoom(ticketId));
        (except ? room?.except(except) : room)?.emit('typing', { byManager, typing });
        deskChannel()?.to(ticketRoom(ticketId)).emit('typing', { ticketId, typing });
      }
    },
    /** One side has read every message up to messageId. */
    read(ticketId: string, byManager: boolean, read: { messageId: string; readAt: string }) {
      channel()
        ?.to(ticketRoom(ticketId))
        .emit('read', { byManager, ...read });
      if (!byManager)
        deskChannel()
          ?.to(ticketRoom(ticketId))
          .emit('read', { ticketId, ...read });
    },
  };
}
export type Announcer = ReturnType<typeof createAnnouncer>;
