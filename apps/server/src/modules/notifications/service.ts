import {
  type MessageParams,
  NOTIFICATIONS_NAMESPACE,
  type Notification,
  type NotificationCategory,
  type NotificationMessageKey,
  type NotificationsQuery,
  type NotificationsResponse,
  type NotificationsServerToClientEvents,
  notificationCategories,
  notificationMessages,
  notificationsQuerySchema,
  type UserIdleEvent,
} from '@paws/contracts/notifications';
import { and, count, desc, eq, ilike, not, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Server } from 'socket.io';
import type { Db, DbOrTx } from '../../db/client.ts';
import { createdBetween, paged, pageOf } from '../../db/paging.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuditService } from '../audit/index.ts';
import { type BroadcastAudience, createBroadcasts } from './broadcasts.ts';
import { type NotificationRow, notifications, playerActivity } from './schema.ts';

/** Between processes: notifications to push, each by the process holding its player's sockets. */
const PUSH_BATCH = 'notifications:push';
interface Pushed {
  userId: string;
  notification: Notification;
}

/** The socket.io room of one player's sockets, on every server process. */
export const playerRoom = (userId: string) => `user:${userId}`;

/**
 * One notification to write. `message` is the text stored (English, searched, shown when there is no key);
 * a message with a key (contracts notificationMessage()) is rendered in each reader's language. Plain text
 * without a key (the older call shape) is shown as it is.
 */
export interface NotifyInput {
  userId: string;
  category: NotificationCategory;
  message: string;
  messageKey?: NotificationMessageKey | null;
  messageParams?: MessageParams | null;
}

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  notificationMessage: row.message,
  messageKey: row.messageKey,
  messageParams: row.messageParams,
  category: row.category,
  isRead: row.isRead,
  createdAt: row.createdAt.toISOString(),
});

/** ILIKE pattern for a literal substring: % and _ and the escape itself match only themselves. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function createNotificationsService({
  db,
  io,
  log,
  audience,
  audit,
  enqueueBroadcast,
  clustered,
}: {
  db: Db;
  /** Who a broadcast's segment holds (identity's and payments' public reads). */
  audience: BroadcastAudience;
  audit: AuditService;
  /** Queues a broadcast's delivery job in the transaction that records it. */
  enqueueBroadcast: (broadcastId: string, tx: DbOrTx) => Promise<unknown>;
  /** Absent in a process without sockets: rows are still written, and read by the list call. */
  io?: Server;
  /** Whether other processes hold sockets too (io's adapter carries messages between them: REDIS_URL). */
  clustered: boolean;
  log: FastifyBaseLogger;
}) {
  const namespace = io?.of(NOTIFICATIONS_NAMESPACE);

  /** Pushes to the sockets of this process alone: a player with none here is passed over at the cost of a lookup. */
  function pushHere(items: Pushed[]) {
    if (!namespace) return;
    for (const { userId, notification } of items) {
      const room = playerRoom(userId);
      if (namespace.adapter.rooms.has(room)) namespace.local.to(room).emit('newNotification', notification);
    }
  }
  // The other processes' batches (below).
  if (clustered) namespace?.on(PUSH_BATCH, (items: Pushed[]) => pushHere(items));

  /**
   * Pushes rows to their players' sockets on every process. Clustered, the rows go to the other processes as
   * one message, each pushing to the sockets it holds: a broadcast's thousand rows are one Redis message and
   * one decode per process, not a thousand of each in every process (the adapter's per-room publish).
   */
  function push(rows: NotificationRow[]) {
    if (!namespace) return;
    const items = rows.map((row) => ({
      userId: row.userId,
      notification: toNotification(row) satisfies Parameters<
        NotificationsServerToClientEvents['newNotification']
      >[0],
    }));
    if (clustered) namespace.serverSideEmit(PUSH_BATCH, items);
    pushHere(items);
  }

  return {
    ...createBroadcasts({ db, audience, audit, enqueue: enqueueBroadcast, push, log }),

    /** Writes one player's notification and pushes it to their sockets on every process. */
    async notify(input: NotifyInput): Promise<Notification> {
      const [row] = await db.insert(notifications).values(input).returning();
      if (!row) throw new Error('notification insert returned no row');
      push([row]);
      return toNotification(row);
    },

    /** Writes the notification in the caller's transaction; answers the push to make once it commits. */
    async write(tx: DbOrTx, input: NotifyInput): Promise<() => void> {
      const [row] = await tx.insert(notifications).values(input).returning();
      if (!row) throw new Error('notification insert returned no row');
      return () => push([row]);
    },

    /** GET /notifications: the caller's rows, newest first, with the unread counts per category. */
    async list(userId: string, input: NotificationsQuery): Promise<NotificationsResponse> {
      const query = notificationsQuerySchema.parse(input);
      const { limit, offset } = pageOf(query);
      const where: (SQL | undefined)[] = [eq(notifications.userId, userId)];
      if (query.category) where.push(eq(notifications.category, query.category));
      where.push(createdBetween(notifications.createdAt, query));
      if (query.search?.trim()) where.push(ilike(notifications.message, containing(query.search.trim())));

      // One snapshot for the page, its count and the unread counts: a notification written meanwhile (a
      // deposit's, a broadcast's) is in all three or in none, so the badge never disagrees with the list.
      const [rows, [total], unread] = await db.transaction(
        (tx) =>
          Promise.all([
            tx
              .select()
              .from(notifications)
              .where(and(...where))
              .orderBy(desc(notifications.createdAt), desc(notifications.id))
              .limit(limit)
              .offset(offset),
            tx
              .select({ value: count() })
              .from(notifications)
              .where(and(...where)),
            tx
              .select({ category: notifications.category, value: count() })
              .from(notifications)
              .where(and(eq(notifications.userId, userId), not(notifications.isRead)))
              .groupBy(notifications.category),
          ]),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      const unreadCounts = Object.fromEntries([
        ['', unread.reduce((sum, item) => sum + item.value, 0)],
        ...notificationCategories.map((category) => [
          category,
          unread.find((item) => item.category === category)?.value ?? 0,
        ]),
      ]) as NotificationsResponse['unreadCounts'];
      const page = paged({ rows: rows.map(toNotification), count: total?.value }, offset);
      return { notifications: page.items, count: page.count, hasMore: page.hasMore, unreadCounts };
    },

    /** PATCH /notifications/read/{id}: only the owner's row; anyone else's id reads as not found. */
    async markRead(userId: string, id: string): Promise<Notification> {
      const [row] = await db
        .update(notifications)
        .set({ isRead: true })
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning();
      if (!row) throw notFound(notificationMessages.notFound);
      return toNotification(row);
    },

    /** DELETE /notifications/{id}: only the owner's row. */
    async remove(userId: string, id: string): Promise<void> {
      const [row] = await db
        .delete(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .returning({ id: notifications.id });
      if (!row) throw notFound(notificationMessages.notFound);
    },

    /** The idle tracker's change for a player (last activity and idle state). */
    async recordIdle(userId: string, event: UserIdleEvent): Promise<void> {
      const values = {
        userId,
        isIdle: event.isIdle,
        // The client's clock, unless it is more than a day off (then ours).
        lastActivityAt: new Date(
          Math.abs(event.timestamp - Date.now()) < 86_400_000 ? event.timestamp : Date.now(),
        ),
        page: event.page,
        userAgent: event.userAgent,
        updatedAt: new Date(),
      };
      await db
        .insert(playerActivity)
        .values(values)
        .onConflictDoUpdate({ target: playerActivity.userId, set: values });
    },

    /** The recorded idle state of a player, if any (operators; tests). */
    async activityOf(userId: string) {
      const [row] = await db.select().from(playerActivity).where(eq(playerActivity.userId, userId));
      return row;
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
