import type { StaffPage } from '@paws/contracts/staff-lists';
import { hasPermission } from '@paws/contracts/staff-permissions';
import {
  type CannedResponse,
  cannedResponseBodySchema,
  type StaffTicketDetail,
  type StaffTicketListItem,
  type StaffTicketsQuery,
  staffTicketMessages,
  staffTicketsQuerySchema,
  TICKET_FIRST_RESPONSE_MINUTES,
  TICKET_NEXT_RESPONSE_MINUTES,
} from '@paws/contracts/staff-tickets';
import { type TicketStatus, ticketMessages as texts, ticketStatuses } from '@paws/contracts/tickets';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { AuditService, StaffAuditActor } from '../audit/index.ts';
import type { IncomingFile } from './files.ts';
import { toTicketMessage } from './messages.ts';
import { ticketRules } from './rules.ts';
import {
  type CannedResponseRow,
  type TicketRow,
  ticketCannedResponses,
  ticketNotes,
  tickets,
} from './schema.ts';
import { FINISHED, type TicketsService } from './service.ts';
import type { TicketAuthor } from './writes.ts';

/** The staff member acting at the desk: who (audit) and the name the player sees on their replies. */
export interface DeskActor extends StaffAuditActor {
  actorId: string;
  email: string | null;
}

export interface DeskDeps {
  db: Db;
  service: TicketsService;
  audit: AuditService;
  /** Staff accounts with their roles and e-mails (assignees, agents). */
  staffMembers(): Promise<
    Array<{ userId: string; email: string | null; username: string | null; roles: string[] }>
  >;
  /** Whether a player account is banned now (the requester's context). */
  isBanned(userId: string): Promise<boolean>;
  /** The name a staff member's replies show (their username, else 'Manager'). */
  displayNameOf(staffId: string): Promise<string>;
  /** After a change only staff see (a note): refresh the desks. */
  touched(ticketId: string): void;
  /** After staff revoked a visitor's links: the visitor's open chats are dropped with `message`. */
  guestLinksRevoked(ticketId: string, message: string): Promise<void>;
}

const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000).toISOString();
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The desk's status filter: statuses (comma-separated) or 'open' (not finished). */
function statusFilter(value: string | undefined): SQL | undefined {
  if (!value?.trim()) return undefined;
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const statuses = new Set<TicketStatus>();
  for (const name of names) {
    if (name === 'open') {
      for (const status of ticketStatuses)
        if (!(FINISHED as readonly string[]).includes(status)) statuses.add(status);
    } else if ((ticketStatuses as readonly string[]).includes(name)) statuses.add(name as TicketStatus);
    else
      throw badRequest(
        `status must be open or one of ${ticketStatuses.join(', ')} (comma-separated)`,
        'status',
      );
  }
  return inArray(tickets.status, [...statuses]);
}

/** The staff desk's reads and actions on tickets; every action is audited in its own transaction. */
export function createDesk({
  db,
  service,
  audit,
  staffMembers,
  isBanned,
  displayNameOf,
  touched,
  guestLinksRevoked,
}: DeskDeps) {
  const { writes } = service;

  async function answerers() {
    const members = await staffMembers();
    return members.filter((m) =>
      hasPermission(m.roles as Parameters<typeof hasPermission>[0], 'tickets.answer'),
    );
  }

  async function toItems(rows: TicketRow[]): Promise<StaffTicketListItem[]> {
    const members = new Map((await staffMembers()).map((m) => [m.userId, m]));
    const banned = new Map(
      await Promise.all(
        [...new Set(rows.map((r) => r.userId).filter((id): id is string => id !== null))].map(
          async (id) => [id, await isBanned(id)] as const,
        ),
      ),
    );
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      category: row.category,
      createdAt: row.createdAt.toISOString(),
      subject: row.subject,
      requester: {
        userId: row.userId,
        name: row.nameOfUser,
        email: row.email,
        guest: row.userId === null,
        banned: row.userId ? (banned.get(row.userId) ?? false) : false,
      },
      assignee: row.assigneeId
        ? { id: row.assigneeId, email: members.get(row.assigneeId)?.email ?? '' }
        : null,
      lastMessageAt: row.lastMessageAt.toISOString(),
      lastMessage: row.messageCount > 0 ? (row.lastMessageText ?? '') : null,
      lastMessageByManager: row.lastMessageByManager,
      firstResponseAt: row.firstResponseAt?.toISOString() ?? null,
      firstResponseDueAt: minutes(row.createdAt, TICKET_FIRST_RESPONSE_MINUTES),
      waitingSince: row.waitingSince?.toISOString() ?? null,
      nextResponseDueAt: row.waitingSince ? minutes(row.waitingSince, TICKET_NEXT_RESPONSE_MINUTES) : null,
      messageCount: row.messageCount,
    }));
  }

  async function ticketOf(id: string) {
    const [row] = await service.byIds([id]);
    if (!row) throw notFound(texts.notFound);
    return row;
  }

  async function detail(id: string): Promise<StaffTicketDetail> {
    const ticket = await ticketOf(id);
    const [[item], messages, notes] = await Promise.all([
      toItems([ticket]),
      service.messagesOf(id),
      db.select().from(ticketNotes).where(eq(ticketNotes.ticketId, id)).orderBy(asc(ticketNotes.createdAt)),
    ]);
    if (!item) throw notFound(texts.notFound);
    return {
      ...item,
      rating: ticket.rating,
      ratingText: ticket.ratingText,
      messages: messages.map((row) => toTicketMessage(row, { kind: 'staff' })),
      notes: notes.map((note) => ({
        id: note.id,
        text: note.text,
        authorId: note.authorId,
        authorEmail: note.authorEmail,
        createdAt: note.createdAt.toISOString(),
      })),
      playerReadMessageId: ticket.playerReadMessageId,
    };
  }

  const record = (
    tx: DbOrTx,
    actor: DeskActor,
    action: string,
    ticketId: string,
    before: unknown,
    after: unknown,
  ) =>
    audit.record(
      {
        actorId: actor.actorId,
        actorRoles: actor.actorRoles,
        ip: actor.ip,
        action,
        targetType: 'ticket',
        targetId: ticketId,
        before,
        after,
      },
      tx,
    );
  const staffAuthor = async (actor: DeskActor): Promise<TicketAuthor> => ({
    kind: 'staff',
    staffId: actor.actorId,
    name: await displayNameOf(actor.actorId),
  });
  const brief = (t: TicketRow) => ({ status: t.status, assigneeId: t.assigneeId });

  const toCanned = (row: CannedResponseRow): CannedResponse => ({
    id: row.id,
    title: row.title,
    text: row.text,
    updatedAt: row.updatedAt.toISOString(),
  });

  return {
    /** GET /api/staff/tickets: the queue, filtered, sorted and paged. */
    async queue(input: StaffTicketsQuery, staffId: string): Promise<StaffPage<StaffTicketListItem>> {
      const query = staffTicketsQuerySchema.parse(input);
      const assignee = query.assignee?.trim();
      let byAssignee: SQL | undefined;
      if (assignee === 'me') byAssignee = eq(tickets.assigneeId, staffId);
      else if (assignee === 'none') byAssignee = isNull(tickets.assigneeId);
      else if (assignee) {
        if (!/^[0-9a-f-]{36}$/i.test(assignee)) throw badRequest(staffTicketMessages.assignedTo, 'assignee');
        byAssignee = eq(tickets.assigneeId, assignee);
      }
      const search = query.search?.trim();
      const where = and(
        statusFilter(query.status),
        query.category ? eq(tickets.category, query.category) : undefined,
        byAssignee,
        search
          ? or(
              ilike(tickets.subject, containing(search)),
              ilike(tickets.email, containing(search)),
              ilike(tickets.nameOfUser, containing(search)),
              sql`${tickets.id}::text = ${search}`,
            )
          : undefined,
      );
      const column = {
        createdAt: tickets.createdAt,
        lastMessageAt: tickets.lastMessageAt,
        waitingSince: tickets.waitingSince,
      }[query.sort];
      const order = query.order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(tickets)
          .where(where)
          .orderBy(order, desc(tickets.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ value: count() }).from(tickets).where(where),
      ]);
      return { items: await toItems(rows), total: total?.value ?? 0 };
    },

    detail,

    /** GET /api/staff/tickets/agents: who answers tickets, with their open assigned counts. */
    async agents() {
      const [members, counts] = await Promise.all([
        answerers(),
        db
          .select({ assigneeId: tickets.assigneeId, value: count() })
          .from(tickets)
          .where(notInArray(tickets.status, [...FINISHED]))
          .groupBy(tickets.assigneeId),
      ]);
      const open = new Map(counts.map((c) => [c.assigneeId, c.value]));
      return {
        agents: members.map((m) => ({ id: m.userId, email: m.email ?? '', open: open.get(m.userId) ?? 0 })),
      };
    },

    /** Take: assigned to me; a new ticket becomes IN_PROGRESS. */
    async take(actor: DeskActor, id: string) {
      await writes.move(
        id,
        await staffAuthor(actor),
        (ticket) => ticketRules.take(ticket.status),
        () => ({ assigneeId: actor.actorId }),
        (tx, before, after) =>
          record(tx, actor, 'tickets.take', id, brief(before), brief(after)).then(() => {}),
      );
      return detail(id);
    },

    /** Assign to a staff member who answers tickets, or to no one. */
    async assign(actor: DeskActor, id: string, staffId: string | null) {
      if (staffId !== null && !(await answerers()).some((m) => m.userId === staffId)) {
        throw badRequest(staffTicketMessages.assignee, 'staffId');
      }
      await writes.move(
        id,
        await staffAuthor(actor),
        () => undefined,
        () => ({ assigneeId: staffId }),
        (tx, before, after) =>
          record(tx, actor, 'tickets.assign', id, brief(before), brief(after)).then(() => {}),
      );
      return detail(id);
    },

    /** A staff reply (text and/or file): CREATED and RETURNED become IN_PROGRESS. */
    async reply(actor: DeskActor, id: string, input: { message: unknown; file?: IncomingFile }) {
      await writes.post(
        id,
        await staffAuthor(actor),
        input,
        (ticket) => ticketRules.staffReply(ticket.status),
        (tx, before, after, message) =>
          record(tx, actor, 'tickets.reply', id, brief(before), {
            ...brief(after),
            messageId: message.id,
            file: message.fileName,
          }).then(() => {}),
      );
      return detail(id);
    },

    /** Propose the solution: RESOLVE_REQUEST. */
    async resolveRequest(actor: DeskActor, id: string) {
      await writes.move(
        id,
        await staffAuthor(actor),
        (ticket) => ticketRules.resolveRequest(ticket.status),
        undefined,
        (tx, before, after) =>
          record(tx, actor, 'tickets.resolve_request', id, brief(before), brief(after)).then(() => {}),
      );
      return detail(id);
    },

    /**
     * Revoke a visitor's private links: the ticket's link generation goes up, so every link e-mailed so far
     * stops opening it (410) and the visitor's open chats are dropped; the next e-mail (a staff reply)
     * carries a link of the new generation. Only a visitor's ticket has links (409 otherwise). Audited
     * (tickets.guest_links_revoke).
     */
    async revokeGuestLinks(actor: DeskActor, id: string) {
      await writes.move(
        id,
        await staffAuthor(actor),
        (ticket) => {
          if (ticket.userId !== null) throw conflict(staffTicketMessages.notGuestTicket);
          return undefined;
        },
        (ticket) => ({ guestLinkVersion: ticket.guestLinkVersion + 1 }),
        (tx, before, after) =>
          record(
            tx,
            actor,
            'tickets.guest_links_revoke',
            id,
            { guestLinkVersion: before.guestLinkVersion },
            { guestLinkVersion: after.guestLinkVersion },
          ).then(() => {}),
      );
      // Committed already: an open chat not reached now is refused at its next write (the link is checked).
      await guestLinksRevoked(id, texts.guestLinkExpired).catch(() => {});
      return detail(id);
    },

    /** An internal note (staff only). */
    async note(actor: DeskActor, id: string, text: string) {
      await ticketOf(id);
      await db.transaction(async (tx) => {
        const [note] = await tx
          .insert(ticketNotes)
          .values({ ticketId: id, authorId: actor.actorId, authorEmail: actor.email ?? '', text })
          .returning();
        await record(tx, actor, 'tickets.note', id, null, { noteId: note?.id, text });
      });
      touched(id);
      return detail(id);
    },

    /** An attachment, staff side. */
    async attachment(messageId: string) {
      const found = await service.attachment(messageId);
      if (!found) throw notFound('File not found');
      return found;
    },

    canned: {
      async list() {
        const rows = await db.select().from(ticketCannedResponses).orderBy(asc(ticketCannedResponses.title));
        return { items: rows.map(toCanned) };
      },
      async create(actor: DeskActor, input: unknown) {
        const body = cannedResponseBodySchema.parse(input);
        return db.transaction(async (tx) => {
          const [row] = await tx
            .insert(ticketCannedResponses)
            .values({ ...body, createdBy: actor.actorId })
            .returning();
          if (!row) throw new Error('canned response insert returned no row');
          await audit.record(
            {
              actorId: actor.actorId,
              actorRoles: actor.actorRoles,
              ip: actor.ip,
              action: 'tickets.canned_create',
              targetType: 'canned_response',
              targetId: row.id,
              after: toCanned(row),
            },
            tx,
          );
          return toCanned(row);
        });
      },
      async update(actor: DeskActor, id: string, input: unknown) {
        const body = cannedResponseBodySchema.parse(input);
        return db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(ticketCannedResponses)
            .where(eq(ticketCannedResponses.id, id))
            .for('update');
          if (!before) throw notFound(staffTicketMessages.cannedNotFound);
          const [row] = await tx
            .update(ticketCannedResponses)
            .set({ ...body, updatedAt: new Date() })
            .where(eq(ticketCannedResponses.id, id))
            .returning();
          if (!row) throw notFound(staffTicketMessages.cannedNotFound);
          await audit.record(
            {
              actorId: actor.actorId,
              actorRoles: actor.actorRoles,
              ip: actor.ip,
              action: 'tickets.canned_update',
              targetType: 'canned_response',
              targetId: id,
              before: toCanned(before),
              after: toCanned(row),
            },
            tx,
          );
          return toCanned(row);
        });
      },
      async remove(actor: DeskActor, id: string) {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .delete(ticketCannedResponses)
            .where(eq(ticketCannedResponses.id, id))
            .returning();
          if (!row) throw notFound(staffTicketMessages.cannedNotFound);
          await audit.record(
            {
              actorId: actor.actorId,
              actorRoles: actor.actorRoles,
              ip: actor.ip,
              action: 'tickets.canned_delete',
              targetType: 'canned_response',
              targetId: id,
              before: toCanned(row),
            },
            tx,
          );
        });
      },
    },
  };
}
export type TicketDesk = ReturnType<typeof createDesk>;
