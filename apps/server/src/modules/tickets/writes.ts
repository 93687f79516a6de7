import {
  TICKET_MESSAGE_MAX,
  type TicketCategory,
  type TicketStatus,
  ticketMessages as texts,
} from '@paws/contracts/tickets';
import { eq, sql } from 'drizzle-orm';
import { recordEvent } from '../../core/events/record.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { type CheckedFile, checkTicketFile, type IncomingFile, type PrivateFiles } from './files.ts';
import { snippet, subjectOf } from './messages.ts';
import { isFinished } from './rules.ts';
import { type TicketMessageRow, type TicketRow, ticketMessages, tickets } from './schema.ts';

/** Who writes or acts: the ticket's player, a visitor through the private link, staff, or the scheduler. */
export type TicketAuthor =
  | { kind: 'player'; userId: string; username: string | null }
  | { kind: 'guest' }
  | { kind: 'staff'; staffId: string; name: string }
  | { kind: 'system' };

/** One committed change: the ticket after it and the rows it added (a message, then status markers). */
export interface TicketChange {
  ticket: TicketRow;
  /** The ticket before (absent for a new ticket). */
  before?: TicketRow;
  messages: TicketMessageRow[];
  by: TicketAuthor;
}

export interface WriteDeps {
  db: Db;
  files: PrivateFiles;
  now: () => Date;
  /** Runs after each commit: the live channels (the player's notice and the visitor's e-mail are events). */
  changed(change: TicketChange): void;
}

const byManager = (author: TicketAuthor) => author.kind === 'staff' || author.kind === 'system';
const authorIdOf = (author: TicketAuthor) =>
  author.kind === 'player' ? author.userId : author.kind === 'staff' ? author.staffId : null;
const nameOf = (author: TicketAuthor) =>
  author.kind === 'player' ? author.username : author.kind === 'staff' ? author.name : null;

/** The text of a message: trimmed, at most TICKET_MESSAGE_MAX; with no file it must not be empty. */
export function messageText(text: unknown, hasFile: boolean): string {
  if (text !== undefined && text !== null && typeof text !== 'string')
    throw badRequest(texts.message, 'message');
  if (text?.includes('\u0000')) throw badRequest('must not contain a NUL character', 'message');
  const trimmed = (text ?? '').trim();
  if (trimmed.length > TICKET_MESSAGE_MAX) throw badRequest(texts.message, 'message');
  if (!trimmed && !hasFile) throw badRequest(texts.messageOrFile, 'message');
  return trimmed;
}

/**
 * Support's answer (a staff reply, a status change by staff or the scheduler) as a domain event, in the
 * change's own transaction, so what it tells survives a process that dies right after the commit: on a
 * player's ticket tickets.replied, which the notifications module turns into a notice
 * (notifications/producers.ts); on a visitor's, tickets.guest_replied, which this module's tickets.guest-mail
 * subscriber turns into the visitor's e-mail (guest-mail.ts).
 */
async function recordReplied(
  tx: DbOrTx,
  ticket: TicketRow,
  messages: TicketMessageRow[],
  author: TicketAuthor,
) {
  const first = messages[0];
  if (!first || (author.kind !== 'staff' && author.kind !== 'system')) return;
  const reply = messages.find((m) => m.changeStatus === null);
  const status = messages.findLast((m) => m.changeStatus !== null)?.changeStatus;
  const answer = {
    ticketId: ticket.id,
    messageId: first.id,
    ...(reply ? { reply: snippet(reply.message || reply.fileName || '') } : {}),
    ...(status ? { status } : {}),
  };
  if (ticket.userId) await recordEvent(tx, 'tickets.replied', { ...answer, userId: ticket.userId });
  else await recordEvent(tx, 'tickets.guest_replied', answer);
}

export function createTicketWrites({ db, files, now, changed }: WriteDeps) {
  async function locked(tx: DbOrTx, ticketId: string) {
    const [row] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
    if (!row) throw notFound(texts.notFound);
    return row;
  }

  /** Stores the file under a fresh key first; the caller deletes it if its transaction fails. */
  async function store(ticketId: string, messageId: string, file: CheckedFile | undefined) {
    if (!file) return undefined;
    const key = `${ticketId}/${messageId}.${file.extension}`;
    await files.put(key, file.data);
    return key;
  }

  async function withFile<T>(key: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (key) await files.delete(key).catch(() => {});
      throw error;
    }
  }

  /** The status marker's row and the columns a move to `to` sets. */
  async function statusStep(
    tx: DbOrTx,
    ticket: TicketRow,
    to: TicketStatus,
    author: TicketAuthor,
    at: Date,
  ): Promise<{ row: TicketMessageRow; set: Partial<typeof tickets.$inferInsert> }> {
    const [row] = await tx
      .insert(ticketMessages)
      .values({
        id: uuidv7(),
        ticketId: ticket.id,
        authorId: authorIdOf(author),
        byManager: byManager(author),
        username: nameOf(author),
        changeStatus: to,
        createdAt: at,
      })
      .returning();
    if (!row) throw new Error('status message insert returned no row');
    const set: Partial<typeof tickets.$inferInsert> = { status: to, statusChangedAt: at, activityAt: at };
    if (author.kind === 'staff' && ticket.firstResponseAt === null) set.firstResponseAt = at;
    // Proposing the solution answers the player; returning it for revision waits for staff again.
    if (to === 'RESOLVE_REQUEST') Object.assign(set, { resolveRequestedAt: at, waitingSince: null });
    if (to === 'RETURNED') set.waitingSince = ticket.waitingSince ?? at;
    if (isFinished(to)) Object.assign(set, { closedAt: at, waitingSince: null });
    return { row, set };
  }

  /**
   * Locks the ticket, lets `decide` check it (throwing 4xx) and name the new status (or none), then writes the
   * marker and the columns; answers the change, already announced.
   */
  async function move(
    ticketId: string,
    author: TicketAuthor,
    decide: (ticket: TicketRow) => TicketStatus | undefined,
    extra: (ticket: TicketRow) => Partial<typeof tickets.$inferInsert> = () => ({}),
    inTx?: (tx: DbOrTx, before: TicketRow, after: TicketRow) => Promise<void>,
  ): Promise<TicketChange> {
    const change = await db.transaction(async (tx) => {
      const before = await locked(tx, ticketId);
      const to = decide(before);
      const at = now();
      const messages: TicketMessageRow[] = [];
      let set: Partial<typeof tickets.$inferInsert> = extra(before);
      if (to && to !== before.status) {
        const step = await statusStep(tx, before, to, author, at);
        messages.push(step.row);
        set = { ...set, ...step.set };
      }
      let ticket = before;
      if (Object.keys(set).length > 0) {
        const [updated] = await tx.update(tickets).set(set).where(eq(tickets.id, ticketId)).returning();
        if (!updated) throw notFound(texts.notFound);
        ticket = updated;
      }
      await inTx?.(tx, before, ticket);
      await recordReplied(tx, ticket, messages, author);
      return { ticket, before, messages, by: author } satisfies TicketChange;
    });
    if (change.messages.length > 0 || change.ticket !== change.before) changed(change);
    return change;
  }

  return {
    locked,
    move,

    /** A new ticket with its first message (and file); CREATED. */
    async create(input: {
      userId: string | null;
      username: string | null;
      nameOfUser: string;
      email: string;
      category: TicketCategory;
      message: string;
      file?: IncomingFile;
    }): Promise<TicketChange> {
      const file = input.file ? await checkTicketFile(input.file) : undefined;
      const ticketId = uuidv7();
      const messageId = uuidv7();
      const key = await store(ticketId, messageId, file);
      const change = await withFile(key, () =>
        db.transaction(async (tx) => {
          const at = now();
          const [ticket] = await tx
            .insert(tickets)
            .values({
              id: ticketId,
              userId: input.userId,
              nameOfUser: input.nameOfUser,
              email: input.email,
              category: input.category,
              subject: subjectOf(input.message, file?.name ?? null),
              createdAt: at,
              updatedAt: at,
              activityAt: at,
              lastMessageAt: at,
              lastMessageText: input.message,
              lastMessageByManager: false,
              messageCount: 1,
              waitingSince: at,
              statusChangedAt: at,
            })
            .returning();
          const [message] = await tx
            .insert(ticketMessages)
            .values({
              id: messageId,
              ticketId,
              authorId: input.userId,
              byManager: false,
              username: input.username,
              message: input.message,
              fileKey: key ?? null,
              fileName: file?.name ?? null,
              fileType: file?.type ?? null,
              fileSize: file?.data.length ?? null,
              createdAt: at,
            })
            .returning();
          if (!ticket || !message) throw new Error('ticket insert returned no row');
          const author: TicketAuthor = input.userId
            ? { kind: 'player', userId: input.userId, username: input.username }
            : { kind: 'guest' };
          return { ticket, messages: [message], by: author } satisfies TicketChange;
        }),
      );
      changed(change);
      return change;
    },

    /**
     * A chat message (text and/or one file). The player's or visitor's leaves the status alone and starts the
     * wait for an answer; staff's answers it, may move it to IN_PROGRESS, and assigns an unassigned ticket to
     * the one answering. `check` runs on the locked ticket (ownership is checked before).
     */
    async post(
      ticketId: string,
      author: TicketAuthor,
      input: { message: unknown; file?: IncomingFile | null },
      decide: (ticket: TicketRow) => TicketStatus | undefined,
      inTx?: (tx: DbOrTx, before: TicketRow, after: TicketRow, message: TicketMessageRow) => Promise<void>,
    ): Promise<TicketChange> {
      const text = messageText(input.message, Boolean(input.file));
      const file = input.file ? await checkTicketFile(input.file) : undefined;
      const messageId = uuidv7();
      const key = await store(ticketId, messageId, file);
      const change = await withFile(key, () =>
        db.transaction(async (tx) => {
          const before = await locked(tx, ticketId);
          const to = decide(before);
          const at = now();
          const [message] = await tx
            .insert(ticketMessages)
            .values({
              id: messageId,
              ticketId,
              authorId: authorIdOf(author),
              byManager: byManager(author),
              username: nameOf(author),
              message: text,
              fileKey: key ?? null,
              fileName: file?.name ?? null,
              fileType: file?.type ?? null,
              fileSize: file?.data.length ?? null,
              createdAt: at,
            })
            .returning();
          if (!message) throw new Error('message insert returned no row');
          const manager = byManager(author);
          let set: Partial<typeof tickets.$inferInsert> = {
            activityAt: at,
            lastMessageAt: at,
            lastMessageText: text,
            lastMessageByManager: manager,
            messageCount: sql`${tickets.messageCount} + 1` as unknown as number,
            waitingSince: manager ? null : (before.waitingSince ?? at),
          };
          if (author.kind === 'staff') {
            if (before.firstResponseAt === null) set.firstResponseAt = at;
            if (before.assigneeId === null) set.assigneeId = author.staffId;
          }
          const messages = [message];
          if (to && to !== before.status) {
            // The marker a moment after the reply, so it lists after it.
            const step = await statusStep(tx, before, to, author, new Date(at.getTime() + 1));
            messages.push(step.row);
            set = { ...set, ...step.set, waitingSince: null };
          }
          const [ticket] = await tx.update(tickets).set(set).where(eq(tickets.id, ticketId)).returning();
          if (!ticket) throw notFound(texts.notFound);
          await inTx?.(tx, before, ticket, message);
          await recordReplied(tx, ticket, messages, author);
          return { ticket, before, messages, by: author } satisfies TicketChange;
        }),
      );
      changed(change);
      return change;
    },
  };
}
export type TicketWrites = ReturnType<typeof createTicketWrites>;
