import { type MessageParams, notificationCategories } from '@paws/contracts/notifications';
import type {
  BroadcastSegment,
  BroadcastStatus,
  BroadcastTranslations,
} from '@paws/contracts/staff-promotions';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
    /** The English text (searched; shown as it is when there is no key: older rows and broadcasts). */
    message: text().notNull(),
    /** The key and parameters the reader's language is rendered from (contracts notifications-messages.ts). */
    messageKey: text(),
    messageParams: jsonb().$type<MessageParams>(),
    category: notificationCategory().notNull(),
    isRead: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** The broadcast it was part of: one row per player and broadcast, however often its job runs. */
    broadcastId: uuid(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_user_unread_idx').on(t.userId, t.category).where(sql`not ${t.isRead}`),
    uniqueIndex('notifications_broadcast_user_unique')
      .on(t.broadcastId, t.userId)
      .where(sql`${t.broadcastId} is not null`),
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

/**
 * An operator's advertising broadcast: what it said, to which segment, who sent it and how it went. The
 * rows it writes carry its id (notifications.broadcast_id).
 */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: uuid()
      .primaryKey()
      .defaultRandom()
      .$defaultFn(() => uuidv7()),
    /** null for the spec's POST /notifications/broadcast, which has a message only. */
    title: text(),
    text: text().notNull(),
    /** The notificationMessage written to every recipient. */
    message: text().notNull(),
    /** Spanish, French and Italian title and text, where staff wrote them (English is title and text). */
    translations: jsonb().$type<BroadcastTranslations>().notNull().default({}),
    segment: text().$type<BroadcastSegment>().notNull(),
    activeDays: integer(),
    status: text().$type<BroadcastStatus>().notNull().default('QUEUED'),
    recipients: integer().notNull().default(0),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Why it failed, for operators (FAILED only). */
    error: text(),
  },
  (t) => [index('broadcasts_created_idx').on(t.createdAt)],
);
export type BroadcastRow = typeof broadcasts.$inferSelect;
