import {
  type RateTicketBody,
  rateTicketBodySchema,
  TICKET_AUTO_CLOSE_HOURS,
  type TicketDetail,
  type TicketsSocketAuth,
  ticketMessages as texts,
  type UserTicketsQuery,
  type UserTicketsResponse,
  userTicketsQuerySchema,
} from '@paws/contracts/tickets';
import { and, asc, count, desc, eq, inArray, isNull, lte, notInArray, sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/errors.ts';
import { type GuestLinks, guestLinkOpens } from './guest-links.ts';
import { toTicketDetail, toTicketListItem } from './messages.ts';
import { ticketRules } from './rules.ts';
import { type TicketMessageRow, type TicketRow, ticketMessages, tickets } from './schema.ts';
import { createTicketWrites, type TicketAuthor, type TicketChange, type WriteDeps } from './writes.ts';

export const FINISHED = ['CLOSED', 'AUTO_CLOSED'] as const;

/**
 * Staff messages the player has not read: after the last message they had read (by the database's clock, as
 * the messages are stamped), status markers aside.
 */
// Spelled out: drizzle writes a selected expression's columns without their table, which the subquery's own
// alias would then capture.
const unreadCount = sql<number>`(
  select count(*) from ticket_messages m
  where m.ticket_id = tickets.id and m.by_manager and m.change_status is null
    and (tickets.player_read_message_id is null or m.created_at > (
      select r.created_at from ticket_messages r where r.id = tickets.player_read_message_id
    ))
)`.mapWith(Number);

export interface TicketsServiceDeps extends WriteDeps {
  guestLinks: GuestLinks;
}

/**
 * The tickets service as the player and the visitor use it: tickets, their chat, status actions, the
 * rating, read state and attachments, each checked for ownership (another player's ticket is not found).
 */
export function createTicketsService(deps: TicketsServiceDeps) {
  const { db, files, now, guestLinks } = deps;
  const writes = createTicketWrites(deps);

  /** The player's own ticket, or 404 (another player's ticket reads as not found). */
  async function ownTicket(userId: string, ticketId: string) {
    const [row] = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), eq(tickets.userId, userId)));
    if (!row) throw notFound(texts.notFound);
    return row;
  }

  /**
   * The visitor's ticket the private link opens: 404 for a link we did not make (or no such visitor's
   * ticket), 410 for one that expired or whose generation staff revoked (guest-links.ts).
   */
  async function guestTicket(token: string) {
    const claim = guestLinks.claimOf(token);
    const [row] = claim
      ? await db
          .select()
          .from(tickets)
          .where(and(eq(tickets.id, claim.ticketId), isNull(tickets.userId)))
      : [];
    if (!row || !claim) throw notFound(texts.guestToken);
    if (!guestLinkOpens(row, claim.version, now())) throw new AppError(410, texts.guestLinkExpired);
    return row;
  }

  const playerOf = (userId: string, username: string | null): TicketAuthor => ({
    kind: 'player',
    userId,
    username,
  });
  const sameOwner = (userId: string) => (ticket: TicketRow) => {
    if (ticket.userId !== userId) throw notFound(texts.notFound);
  };

  return {
    writes,
    ownTicket,
    guestTicket,
    guestLinks,

    create: writes.create,

    /** GET /tickets/user: the player's tickets, newest activity first, with the category filter. */
    async list(userId: string, input: UserTicketsQuery): Promise<UserTicketsResponse> {
      const query = userTicketsQuerySchema.parse(input);
      const where = and(
        eq(tickets.userId, userId),
        query.invocationCategory ? eq(tickets.category, query.invocationCategory) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ ticket: tickets, unread: unreadCount })
          .from(tickets)
          .where(where)
          .orderBy(desc(tickets.activityAt), desc(tickets.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ value: count() }).from(tickets).where(where),
      ]);
      return {
        tickets: rows.map(({ ticket, unread }) => toTicketListItem(ticket, unread)),
        total: total?.value ?? 0,
      };
    },

    async detail(userId: string, ticketId: string): Promise<TicketDetail> {
      return toTicketDetail(await ownTicket(userId, ticketId));
    },

    /** Every message of a ticket, oldest first (ownership checked by the caller). */
    async messagesOf(ticketId: string): Promise<TicketMessageRow[]> {
      return db
        .select()
        .from(ticketMessages)
        .where(eq(ticketMessages.ticketId, ticketId))
        .orderBy(asc(ticketMessages.createdAt), asc(ticketMessages.id));
    },

    /** The player's message in their ticket. */
    async postAsPlayer(
      userId: string,
      username: string | null,
      ticketId: string,
      input: { message: unknown; file?: Parameters<typeof writes.post>[2]['file'] },
    ) {
      return writes.post(ticketId, playerOf(userId, username), input, (ticket) => {
        sameOwner(userId)(ticket);
        ticketRules.message(ticket.status);
        return undefined;
      });
    },

    /** The visitor's message through the private link. */
    async postAsGuest(
      token: string,
      input: { message: unknown; file?: Parameters<typeof writes.post>[2]['file'] },
    ) {
      const ticket = await guestTicket(token);
      return writes.post(ticket.id, { kind: 'guest' }, input, (locked) => {
        ticketRules.message(locked.status);
        return undefined;
      });
    },

    /** PATCH /tickets/{id}/resolve: Accept or 'Problem solved' (CLOSED). */
    async resolve(userId: string, username: string | null, ticketId: string): Promise<TicketDetail> {
      const change = await writes.move(ticketId, playerOf(userId, username), (ticket) => {
        sameOwner(userId)(ticket);
        return ticketRules.resolve(ticket.status);
      });
      return toTicketDetail(change.ticket);
    },

    /** PATCH /tickets/{id}/return: 'Return it for revision' (RETURNED). */
    async returnForRevision(
      userId: string,
      username: string | null,
      ticketId: string,
    ): Promise<TicketDetail> {
      const change = await writes.move(ticketId, playerOf(userId, username), (ticket) => {
        sameOwner(userId)(ticket);
        return ticketRules.return(ticket.status);
      });
      return toTicketDetail(change.ticket);
    },

    /** PATCH /tickets/{id}/rate: once, on a CLOSED ticket. */
    async rate(userId: string, ticketId: string, input: RateTicketBody): Promise<TicketDetail> {
      const body = rateTicketBodySchema.parse(input);
      const change = await writes.move(
        ticketId,
        playerOf(userId, null),
        (ticket) => {
          sameOwner(userId)(ticket);
          ticketRules.rate(ticket.status, ticket.rating !== null);
          return undefined;
        },
        () => ({ rating: body.rating, ratingText: body.text || null, ratedAt: now() }),
      );
      return toTicketDetail(change.ticket);
    },

    /**
     * One side has read every message so far: the last message's id and the time, or undefined when the
     * ticket has no message yet.
     */
    async markRead(ticketId: string, side: 'player' | 'staff') {
      const [last] = await db
        .select({ id: ticketMessages.id })
        .from(ticketMessages)
        .where(eq(ticketMessages.ticketId, ticketId))
        .orderBy(desc(ticketMessages.createdAt), desc(ticketMessages.id))
        .limit(1);
      if (!last) return undefined;
      const readAt = now();
      await db
        .update(tickets)
        .set(
          side === 'player'
            ? { playerReadMessageId: last.id, playerReadAt: readAt }
            : { staffReadMessageId: last.id, staffReadAt: readAt },
        )
        .where(eq(tickets.id, ticketId));
      return { messageId: last.id, readAt: readAt.toISOString() };
    },

    /** An attachment with its message and ticket (who may read it is the caller's check). */
    async attachment(messageId: string) {
      const [row] = await db
        .select({ message: ticketMessages, ticket: tickets })
        .from(ticketMessages)
        .innerJoin(tickets, eq(tickets.id, ticketMessages.ticketId))
        .where(eq(ticketMessages.id, messageId));
      if (!row?.message.fileKey) return undefined;
      return { ...row, data: await files.read(row.message.fileKey) };
    },

    /**
     * Who a tickets-channel handshake is for: with the private link, the visitor's ticket it opens (404 or
     * 410 as on HTTP); else the ticket if the signed-in user owns it. A staff role opens nothing here: staff
     * follow tickets at the desk (/desk on the back office).
     */
    async ticketForSocket(auth: TicketsSocketAuth, userId: string | null) {
      if (auth.guestToken) {
        const ticket = await guestTicket(auth.guestToken);
        if (ticket.id !== auth.ticketId) throw notFound(texts.guestToken);
        return ticket;
      }
      if (userId === null) return undefined;
      const [row] = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, auth.ticketId), eq(tickets.userId, userId)));
      return row;
    },

    /**
     * The scheduled job: every RESOLVE_REQUEST proposed at least TICKET_AUTO_CLOSE_HOURS ago that the player
     * has not answered (no Accept, no Return, no message since) becomes AUTO_CLOSED. Answers how many.
     */
    async autoClose(hours = TICKET_AUTO_CLOSE_HOURS): Promise<TicketChange[]> {
      const cutoff = new Date(now().getTime() - hours * 3_600_000);
      const stale = (row: Pick<TicketRow, 'status' | 'resolveRequestedAt' | 'waitingSince'>) =>
        row.status === 'RESOLVE_REQUEST' &&
        row.resolveRequestedAt !== null &&
        row.resolveRequestedAt.getTime() <= cutoff.getTime() &&
        row.waitingSince === null;
      const due = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(
          and(
            eq(tickets.status, 'RESOLVE_REQUEST'),
            lte(tickets.resolveRequestedAt, cutoff),
            isNull(tickets.waitingSince),
          ),
        )
        .limit(500);
      const closed: TicketChange[] = [];
      for (const { id } of due) {
        // Checked again under the lock: the player may have answered meanwhile.
        const change = await writes.move(id, { kind: 'system' }, (ticket) =>
          stale(ticket) ? ticketRules.autoClose(ticket.status) : undefined,
        );
        if (change.messages.length > 0) closed.push(change);
      }
      return closed;
    },

    /** Tickets not finished (the dashboard's tile). */
    async openCount(): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(tickets)
        .where(notInArray(tickets.status, [...FINISHED]));
      return row?.value ?? 0;
    },

    /** Tickets by id (the desk's reads). */
    async byIds(ids: string[]) {
      if (ids.length === 0) return [];
      return db.select().from(tickets).where(inArray(tickets.id, ids));
    },
  };
}
export type TicketsService = ReturnType<typeof createTicketsService>;
