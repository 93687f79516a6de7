import { notificationCategories } from '@paws/contracts/notifications';
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/ids.ts';
import { users } from '../identity/schema.ts';

export const notificationCategory = pgEnum('notification_category', notificationCategories);

/**
 * One message to one player (spec 001 §3 Notification). Unlike the wallet, the rows reference identity's
 * users: notifications live with the accounts they are addressed to (broadcast reads the users anyway).
 */
export const notifications = pgTable(
  'notifications',
  {
    // Time-ordered ids (made by the app): notifications written in the same instant list in the order made.
    id: uuid()
      .primaryKey()
      .defaultRandom()
      .$defaultFn(() => uuidv7()),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text().notNull(),
    category: notificationCategory().notNull(),
    isRead: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx').on(t.userId, t.category).where(sql`not ${t.isRead}`),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/** The idle tracker's last word per player (000 §7 userIdle): whether they are idle, where and since when. */
export const playerActivity = pgTable('player_activity', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  isIdle: boolean().notNull(),
  /** The client's timestamp of its last idle-state change (activity, or the start of idleness). */
  lastActivityAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  page: text().notNull(),
  userAgent: text().notNull(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
