import type { TicketStatus } from '@paws/contracts/tickets';
import { and, asc, count, desc, eq, ilike, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { type TicketRow, ticketCannedResponses, ticketNotes, tickets } from './schema.ts';
import { FINISHED } from './service.ts';

type NewCannedResponse = typeof ticketCannedResponses.$inferInsert;

/** Which tickets the desk's queue shows; an absent field does not filter. */
export interface QueueFilter {
  statuses?: TicketStatus[];
  category?: TicketRow['category'];
  /** null: the unassigned ones. */
  assigneeId?: string | null;
  /** Part of the subject, e-mail or requester's name (any case), or the whole id. */
  search?: string;
}

export interface QueueOrder {
  sort: 'createdAt' | 'lastMessageAt' | 'waitingSince';
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** A LIKE pattern that matches `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The staff desk's own SQL: the queue, notes and canned responses (ticket writes are writes.ts's). */
export function createDeskRepository(db: Db) {
  return {
    transaction<T>(fn: (tx: DbOrTx) => Promise<T>) {
      return db.transaction((tx) => fn(tx));
    },

    async queuePage(filter: QueueFilter, { sort, order, limit, offset }: QueueOrder) {
      const { search } = filter;
      const where = and(
        filter.statuses ? inArray(tickets.status, filter.statuses) : undefined,
        filter.category ? eq(tickets.category, filter.category) : undefined,
        filter.assigneeId === null
          ? isNull(tickets.assigneeId)
          : filter.assigneeId !== undefined
            ? eq(tickets.assigneeId, filter.assigneeId)
            : undefined,
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
      }[sort];
      const ordered = order === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`;
      const [rows, [total]] = await Promise.all([
        db.select().from(tickets).where(where).orderBy(ordered, desc(tickets.id)).limit(limit).offset(offset),
        db.select({ value: count() }).from(tickets).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    /** How many unfinished tickets each assignee (null: nobody) has. */
    async openCountsByAssignee() {
      return db
        .select({ assigneeId: tickets.assigneeId, value: count() })
        .from(tickets)
        .where(notInArray(tickets.status, [...FINISHED]))
        .groupBy(tickets.assigneeId);
    },

    // Notes.
    async notesOf(ticketId: string) {
      return db
        .select()
        .from(ticketNotes)
        .where(eq(ticketNotes.ticketId, ticketId))
        .orderBy(asc(ticketNotes.createdAt));
    },
    async insertNote(values: typeof ticketNotes.$inferInsert, tx: DbOrTx) {
      const [note] = await tx.insert(ticketNotes).values(values).returning();
      return note;
    },

    // Canned responses.
    async cannedResponses() {
      return db.select().from(ticketCannedResponses).orderBy(asc(ticketCannedResponses.title));
    },
    async insertCanned(values: NewCannedResponse, tx: DbOrTx) {
      const [row] = await tx.insert(ticketCannedResponses).values(values).returning();
      return row;
    },
    async lockCanned(id: string, tx: DbOrTx) {
      const [row] = await tx
        .select()
        .from(ticketCannedResponses)
        .where(eq(ticketCannedResponses.id, id))
        .for('update');
      return row;
    },
    async updateCanned(id: string, values: Partial<NewCannedResponse>, tx: DbOrTx) {
      const [row] = await tx
        .update(ticketCannedResponses)
        .set(values)
        .where(eq(ticketCannedResponses.id, id))
        .returning();
      return row;
    },
    async deleteCanned(id: string, tx: DbOrTx) {
      const [row] = await tx
        .delete(ticketCannedResponses)
        .where(eq(ticketCannedResponses.id, id))
        .returning();
      return row;
    },
  };
}

export type DeskRepository = ReturnType<typeof createDeskRepository>;
