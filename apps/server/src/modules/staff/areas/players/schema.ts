import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../../../db/columns.ts';

/**
 * Staff notes on a player (the player page's notes): append-only, newest first. No foreign keys to
 * identity's users, like the rest of the staff module's tables: a note outlives the accounts it names.
 */
export const staffPlayerNotes = pgTable(
  'staff_player_notes',
  {
    id: id(),
    userId: uuid().notNull(),
    authorId: uuid().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    check('staff_player_notes_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);
export type StaffPlayerNoteRow = typeof staffPlayerNotes.$inferSelect;
