import { BROADCAST_MESSAGE_KEY } from '@paws/contracts/notifications-messages';
import type { StaffPage } from '@paws/contracts/staff-lists';
import {
  type BroadcastCompose,
  type BroadcastListQuery,
  type BroadcastPreview,
  type BroadcastSegment,
  broadcastMessageParams,
  broadcastMessages,
  renderBroadcastMessage,
  type StaffBroadcast,
} from '@paws/contracts/staff-promotions';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { createdBetween } from '../../db/paging.ts';
import { type NamedStatement, runNamed } from '../../db/statements.ts';
import { badRequest } from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import type { AuditService, StaffAuditActor } from '../audit/index.ts';
import { type BroadcastRow, broadcasts, type NotificationRow, notifications } from './schema.ts';

/** The queue that writes a broadcast's rows (worked where the notifications module runs). */
export const BROADCAST_JOB = 'notifications.broadcast';

/** Rows written per statement of a broadcast. */
const BROADCAST_CHUNK = 250;

/**
 * A chunk of a broadcast's rows from two arrays (ids, players): two parameters whatever the chunk's size, where
 * a VALUES list binds six per row. A player holding the broadcast already is skipped (its unique index).
 */
const insertBroadcastRows: NamedStatement = {
  name: 'notifications_broadcast_rows',
  text: `insert into notifications (id, user_id, message, message_key, message_params, category, broadcast_id)
    select r.id, r.user_id, $3, $4, $5::jsonb, 'ADVERTISING', $6::uuid
    from unnest($1::uuid[], $2::uuid[]) as r(id, user_id)
    on conflict do nothing
    returning id, user_id as "userId", created_at as "createdAt"`,
};
const DAY_MS = 24 * 60 * 60 * 1000;

/** The account reads a segment is made of (identity's and payments' public reads). */
export interface BroadcastAudience {
  /** Every player account not banned (staff left out): every segment is within it. */
  activePlayerIds(): Promise<string[]>;
  depositorIds(): Promise<string[]>;
  verifiedIds(): Promise<string[]>;
  seenSinceIds(since: Date): Promise<string[]>;
  emailsOf(ids: readonly string[]): Promise<Map<string, string | null>>;
}

const within = (ids: string[], keep: string[]) => {
  const kept = new Set(keep);
  return ids.filter((id) => kept.has(id));
};
const without = (ids: string[], drop: string[]) => {
  const dropped = new Set(drop);
  return ids.filter((id) => !dropped.has(id));
};

/** Written in more than English: each reader's language is picked as it is shown (English the fallback). */
function keyOf(broadcast: Pick<BroadcastRow, 'title' | 'text' | 'translations'>) {
  if (broadcast.title === null || Object.keys(broadcast.translations).length === 0) return {};
  return {
    messageKey: BROADCAST_MESSAGE_KEY,
    messageParams: broadcastMessageParams(broadcast.title, broadcast.text, broadcast.translations),
  };
}

const sortColumns = {
  createdAt: broadcasts.createdAt,
  recipients: broadcasts.recipients,
  sentAt: broadcasts.sentAt,
} as const;

/**
 * Advertising broadcasts from the back office: a preview (who and what, nothing written), a send that records
 * the broadcast and its audit row and queues a job, the job that writes one notification per recipient in
 * chunks (a unique (broadcast, player) key makes a retried job write nobody twice), and the history.
 */
export function createBroadcasts({
  db,
  audience,
  audit,
  enqueue,
  push,
  log,
  now = () => new Date(),
}: {
  db: Db;
  audience: BroadcastAudience;
  audit: AuditService;
  /** Queues the job that delivers the broadcast, in the transaction that records it. */
  enqueue: (broadcastId: string, tx: DbOrTx) => Promise<unknown>;
  /** Tells the players' open sockets (after the rows are written). */
  push: (rows: NotificationRow[]) => void;
  log: FastifyBaseLogger;
  now?: () => Date;
}) {
  async function recipientsOf(segment: BroadcastSegment, activeDays: number | null | undefined) {
    const players = await audience.activePlayerIds();
    switch (segment) {
      case 'ALL':
        return players;
      case 'DEPOSITED':
        return within(players, await audience.depositorIds());
      case 'NEVER_DEPOSITED':
        return without(players, await audience.depositorIds());
      case 'VERIFIED':
        return within(players, await audience.verifiedIds());
      case 'ACTIVE':
        return within(
          players,
          await audience.seenSinceIds(new Date(now().getTime() - (activeDays ?? 1) * DAY_MS)),
        );
    }
  }

  async function toStaffBroadcasts(rows: BroadcastRow[]): Promise<StaffBroadcast[]> {
    const emails = await audience.emailsOf(rows.flatMap((row) => (row.createdBy ? [row.createdBy] : [])));
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      text: row.text,
      message: row.message,
      translations: row.translations,
      segment: row.segment,
      activeDays: row.activeDays,
      recipients: row.recipients,
      status: row.status,
      createdBy: row.createdBy,
      createdByEmail: row.createdBy ? (emails.get(row.createdBy) ?? null) : null,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
    }));
  }

  /**
   * Writes one chunk of the broadcast's rows, skipping the players who hold it already (a retried job); the
   * rows written come back as ids and times, the rest being the broadcast's own.
   */
  async function writeChunk(broadcast: BroadcastRow, userIds: string[]): Promise<NotificationRow[]> {
    const { messageKey = null, messageParams = null } = keyOf(broadcast);
    const written = await runNamed<Pick<NotificationRow, 'id' | 'userId' | 'createdAt'>>(
      db,
      insertBroadcastRows,
      [
        userIds.map(() => uuidv7()),
        userIds,
        broadcast.message,
        messageKey,
        messageParams === null ? null : JSON.stringify(messageParams),
        broadcast.id,
      ],
    );
    return written.map((row) => ({
      ...row,
      message: broadcast.message,
      messageKey,
      messageParams,
      category: 'ADVERTISING',
      isRead: false,
      broadcastId: broadcast.id,
    }));
  }

  /**
   * Writes the broadcast's notification for each recipient not yet holding it, in chunks, pushing each chunk
   * while the next one is written; answers how many it wrote.
   */
  async function write(broadcast: BroadcastRow, recipients: string[]) {
    const chunks: string[][] = [];
    for (let i = 0; i < recipients.length; i += BROADCAST_CHUNK) {
      chunks.push(recipients.slice(i, i + BROADCAST_CHUNK));
    }
    let written = 0;
    let next = chunks[0] ? writeChunk(broadcast, chunks[0]) : undefined;
    for (let i = 0; next; i++) {
      const rows = await next;
      const following = chunks[i + 1];
      next = following ? writeChunk(broadcast, following) : undefined;
      // Awaited at the next turn; handled now so a failure while this chunk is pushed is not unhandled.
      next?.catch(() => undefined);
      push(rows);
      written += rows.length;
    }
    return written;
  }

  async function finish(broadcast: BroadcastRow) {
    const delivered = await db.$count(notifications, eq(notifications.broadcastId, broadcast.id));
    await db
      .update(broadcasts)
      .set({ status: 'SENT', recipients: delivered, sentAt: now(), error: null })
      .where(eq(broadcasts.id, broadcast.id));
    log.info({ broadcastId: broadcast.id, recipients: delivered }, 'notification broadcast sent');
    return delivered;
  }

  return {
    /** Who the composed broadcast would reach and what they would read; writes nothing. */
    async previewBroadcast(input: BroadcastCompose): Promise<BroadcastPreview> {
      const recipients = await recipientsOf(input.segment, input.activeDays);
      return {
        recipients: recipients.length,
        notification: {
          notificationMessage: renderBroadcastMessage(input.title, input.text),
          messageKey: null,
          messageParams: null,
          ...keyOf(input),
          category: 'ADVERTISING',
          isRead: false,
          createdAt: now().toISOString(),
        },
      };
    },

    /**
     * Records the broadcast (QUEUED), its audit row (broadcast.send) and its delivery job in one transaction;
     * the job writes the rows. An empty segment is refused (400 on `segment`).
     */
    async sendBroadcast(actor: StaffAuditActor, input: BroadcastCompose): Promise<StaffBroadcast> {
      const recipients = await recipientsOf(input.segment, input.activeDays);
      if (recipients.length === 0) throw badRequest(broadcastMessages.noRecipients, 'segment');
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(broadcasts)
          .values({
            title: input.title,
            text: input.text,
            message: renderBroadcastMessage(input.title, input.text),
            translations: input.translations,
            segment: input.segment,
            activeDays: input.segment === 'ACTIVE' ? (input.activeDays ?? null) : null,
            recipients: recipients.length,
            createdBy: actor.actorId,
          })
          .returning();
        if (!created) throw new Error('broadcast insert returned no row');
        await audit.record(
          {
            ...actor,
            action: 'broadcast.send',
            targetType: 'broadcast',
            targetId: created.id,
            before: null,
            after: {
              title: created.title,
              message: created.message,
              translations: created.translations,
              segment: created.segment,
              activeDays: created.activeDays,
              recipients: recipients.length,
            },
          },
          tx,
        );
        await enqueue(created.id, tx);
        return created;
      });
      const [shown] = await toStaffBroadcasts([row]);
      return shown as StaffBroadcast;
    },

    /**
     * The job: writes the broadcast to its segment as it is now (a player who joined since the preview gets
     * it too), once per player however often it runs, then marks it SENT with the number reached.
     */
    async deliverBroadcast(broadcastId: string): Promise<void> {
      const [broadcast] = await db.select().from(broadcasts).where(eq(broadcasts.id, broadcastId));
      if (!broadcast || broadcast.status === 'SENT') return;
      await db.update(broadcasts).set({ status: 'SENDING' }).where(eq(broadcasts.id, broadcastId));
      try {
        await write(broadcast, await recipientsOf(broadcast.segment, broadcast.activeDays));
        await finish(broadcast);
      } catch (err) {
        // Shown in the history until a retry of the job succeeds.
        await db
          .update(broadcasts)
          .set({ status: 'FAILED', error: err instanceof Error ? err.message : String(err) })
          .where(eq(broadcasts.id, broadcastId));
        throw err;
      }
    },

    async listBroadcasts(
      query: BroadcastListQuery,
      page: number,
      limit: number,
    ): Promise<StaffPage<StaffBroadcast>> {
      const filters: (SQL | undefined)[] = [
        query.segment ? eq(broadcasts.segment, query.segment) : undefined,
        query.status ? eq(broadcasts.status, query.status) : undefined,
        createdBetween(broadcasts.createdAt, query),
      ];
      const where = and(...filters);
      const direction = query.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(broadcasts)
          .where(where)
          .orderBy(direction(sortColumns[query.sort]), direction(broadcasts.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ value: count() }).from(broadcasts).where(where),
      ]);
      return { items: await toStaffBroadcasts(rows), total: total?.value ?? 0 };
    },
  };
}
export type Broadcasts = ReturnType<typeof createBroadcasts>;
