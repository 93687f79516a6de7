import { ticketCategories, ticketStatuses } from '@paws/contracts/tickets';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { users } from '../identity/schema.ts';

export const ticketStatus = pgEnum('ticket_status', ticketStatuses);
export const ticketCategory = pgEnum('ticket_category', ticketCategories);

const at = () => timestamp({ withTimezone: true, mode: 'date' });
const timeOrderedId = () =>
  uuid()
    .primaryKey()
    .defaultRandom()
    .$defaultFn(() => uuidv7());

/**
 * A support ticket (spec 001 §3, §4): a signed-in player's (userId) or a visitor's (userId null, followed
 * through the e-mailed private link). The queue's figures (last message, who spoke last, waiting since,
 * first response) are kept on the row as messages arrive, so the desk's queue reads one table.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: timeOrderedId(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    nameOfUser: text().notNull(),
    email: text().notNull(),
    category: ticketCategory().notNull(),
    status: ticketStatus().notNull().default('CREATED'),
    /** The first message's opening words (the desk's subject line). */
    subject: text().notNull(),
    assigneeId: uuid().references(() => users.id, { onDelete: 'set null' }),
    rating: smallint(),
    ratingText: text(),
    ratedAt: at(),
    ...timestamps,
    /** Any message or status change: the player's list is newest activity first. */
    activityAt: at().notNull().defaultNow(),
    /** The last real message (not a status marker). */
    lastMessageAt: at().notNull().defaultNow(),
    lastMessageText: text(),
    lastMessageByManager: boolean().notNull().default(false),
    messageCount: integer().notNull().default(0),
    /** Staff's first answer (message, or taking it with a status change). */
    firstResponseAt: at(),
    /** The player's oldest message staff have not answered yet; null when staff spoke last. */
    waitingSince: at(),
    statusChangedAt: at().notNull().defaultNow(),
    /** When staff last proposed the resolution (RESOLVE_REQUEST): the auto-close clock starts here. */
    resolveRequestedAt: at(),
    closedAt: at(),
    /** Read state of each side: the last message read and when. */
    playerReadMessageId: uuid(),
    playerReadAt: at(),
    staffReadMessageId: uuid(),
    staffReadAt: at(),
    /**
     * The generation of a visitor's private links: it is inside each link (MAC'd), and staff revoking the
     * ticket's links bumps it, so every link made before stops opening the ticket (guest-links.ts).
     */
    guestLinkVersion: integer().notNull().default(0),
  },
  (t) => [
    index('tickets_user_activity_idx').on(t.userId, t.activityAt.desc()),
    index('tickets_status_waiting_idx').on(t.status, t.waitingSince),
    index('tickets_assignee_idx').on(t.assigneeId).where(sql`${t.assigneeId} is not null`),
    index('tickets_resolve_request_idx').on(t.resolveRequestedAt).where(sql`${t.status} = 'RESOLVE_REQUEST'`),
    index('tickets_email_created_idx').on(t.email, t.createdAt),
  ],
);
export type TicketRow = typeof tickets.$inferSelect;

/**
 * One message of a ticket's chat (spec 001 §3 Ticket message): text and/or one file (kept in private storage
 * under fileKey), or a status-change marker (changeStatus). `username` is the name shown at writing time.
 */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: timeOrderedId(),
    ticketId: uuid()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    byManager: boolean().notNull(),
    username: text(),
    message: text().notNull().default(''),
    changeStatus: ticketStatus(),
    fileKey: text(),
    fileName: text(),
    fileType: text(),
    fileSize: integer(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt, t.id)],
);
export type TicketMessageRow = typeof ticketMessages.$inferSelect;

/** Staff's internal notes on a ticket: never shown to the player. */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: timeOrderedId(),
    ticketId: uuid()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: uuid().notNull(),
    authorEmail: text().notNull(),
    text: text().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index('ticket_notes_ticket_idx').on(t.ticketId, t.createdAt)],
);
export type TicketNoteRow = typeof ticketNotes.$inferSelect;

/** Canned responses the desk inserts into a reply. */
export const ticketCannedResponses = pgTable('ticket_canned_responses', {
  id: timeOrderedId(),
  title: text().notNull(),
  text: text().notNull(),
  createdBy: uuid(),
  ...timestamps,
});
export type CannedResponseRow = typeof ticketCannedResponses.$inferSelect;
