import { notificationCategories } from '@paws/contracts/notifications';
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const notificationCategory = pgEnum('notification_category', notificationCategories);

/** One message to one player (spec 001 §3 Notification). userId is a plain uuid, like the wallet's. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().notNull(),
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
  userId: uuid().primaryKey(),
  isIdle: boolean().notNull(),
  /** The client's timestamp of the last change. */
  changedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  page: text().notNull(),
  userAgent: text().notNull(),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
