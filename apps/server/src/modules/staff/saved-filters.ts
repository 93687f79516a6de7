import {
  SAVED_FILTERS_PER_QUEUE,
  type SavedFilter,
  type SavedFilterQueue,
  type SaveFilterBody,
  savedFilterMessages,
} from '@paws/contracts/staff-saved-filters';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { staffSavedFilters } from './schema.ts';

type Row = typeof staffSavedFilters.$inferSelect;

const present = (row: Row): SavedFilter => ({
  id: row.id,
  queue: row.queue as SavedFilterQueue,
  name: row.name,
  filters: row.filters,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * A staff member's saved filters, per queue: their own only (every read and change is keyed by the member),
 * at most SAVED_FILTERS_PER_QUEUE a queue. Saving under a name already used replaces its filters. Not
 * audited: a saved filter changes no one's data and is seen by its owner alone.
 */
export function createStaffSavedFilters(db: Db, now: () => Date = () => new Date()) {
  async function list(userId: string, queue: SavedFilterQueue) {
    const rows = await db
      .select()
      .from(staffSavedFilters)
      .where(and(eq(staffSavedFilters.userId, userId), eq(staffSavedFilters.queue, queue)))
      .orderBy(asc(staffSavedFilters.name));
    return rows.map(present);
  }

  async function save(userId: string, { queue, name, filters }: SaveFilterBody) {
    return db.transaction(async (tx) => {
      // One member's saves of one queue in turn, so two at once cannot pass the limit together.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`staff-saved-filters:${userId}:${queue}`}))`,
      );
      const mine = and(eq(staffSavedFilters.userId, userId), eq(staffSavedFilters.queue, queue));
      const [existing] = await tx
        .select({ id: staffSavedFilters.id })
        .from(staffSavedFilters)
        .where(and(mine, eq(staffSavedFilters.name, name)));
      if (!existing) {
        const [kept] = await tx.select({ n: count() }).from(staffSavedFilters).where(mine);
        if ((kept?.n ?? 0) >= SAVED_FILTERS_PER_QUEUE) throw conflict(savedFilterMessages.tooMany, 'name');
      }
      const [row] = await tx
        .insert(staffSavedFilters)
        .values({ userId, queue, name, filters, updatedAt: now() })
        .onConflictDoUpdate({
          target: [staffSavedFilters.userId, staffSavedFilters.queue, staffSavedFilters.name],
          set: { filters, updatedAt: now() },
        })
        .returning();
      return present(row as Row);
    });
  }

  async function remove(userId: string, id: string) {
    const removed = await db
      .delete(staffSavedFilters)
      .where(and(eq(staffSavedFilters.id, id), eq(staffSavedFilters.userId, userId)))
      .returning({ id: staffSavedFilters.id });
    // Another member's filter is answered as one that does not exist.
    if (removed.length === 0) throw notFound(savedFilterMessages.notFound);
  }

  return { list, save, remove };
}

export type StaffSavedFilters = ReturnType<typeof createStaffSavedFilters>;
