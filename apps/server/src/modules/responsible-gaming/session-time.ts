import { LIMIT_RAISE_DELAY_HOURS } from '@paws/contracts/responsible-gaming';
import { eq, sql } from 'drizzle-orm';
import { recordEvent } from '../../core/events/record.ts';
import type { Db } from '../../db/client.ts';
import { rgAccounts, rgLimitChanges, rgPlaySettings } from './schema.ts';

const HOUR = 3_600_000;

type SettingsRow = typeof rgPlaySettings.$inferSelect;

/** The daily play-time limit in force at `at` (minutes, null: none) and whether a change still waits. */
export function playTimeLimitAt(row: SettingsRow | undefined, at: Date) {
  if (!row) return { minutes: null, pending: false };
  const due = row.nextPlayTimeFrom !== null && row.nextPlayTimeFrom <= at;
  return {
    minutes: due ? row.nextPlayTimeLimit : row.playTimeLimit,
    pending: !due && row.nextPlayTimeFrom !== null,
  };
}

/**
 * The daily play-time limit, with the limits' rule: set or lowered at once (dropping a pending raise), raised or
 * removed after 24 hours. A player with one has an rg_accounts row, so their bets take the limited path, where
 * the bet statement checks the day's play time. Every change goes into the limits' history and publishes
 * `responsible-gaming.limit_changed` as a money limit's does (kind PLAY_TIME, period DAY, minutes).
 */
export function createSessionTimeLimits({ db, now }: { db: Db; now: () => Date }) {
  async function change(userId: string, minutes: number | null) {
    const at = now();
    await db.transaction(async (tx) => {
      await tx.insert(rgAccounts).values({ userId }).onConflictDoNothing();
      await tx.execute(sql`select 1 from rg_accounts where user_id = ${userId} for update`);
      const [row] = await tx.select().from(rgPlaySettings).where(eq(rgPlaySettings.userId, userId));
      const current = playTimeLimitAt(row, at);
      // Asking again for what is in force, or for the change already waiting, changes nothing (nor its clock).
      if (minutes === current.minutes && !current.pending) return;
      if (current.pending && row?.nextPlayTimeLimit === minutes) return;
      const stricter = minutes !== null && (current.minutes === null || minutes <= current.minutes);
      const effectiveAt = stricter ? at : new Date(at.getTime() + LIMIT_RAISE_DELAY_HOURS * HOUR);
      const values = stricter
        ? { playTimeLimit: minutes, nextPlayTimeLimit: null, nextPlayTimeFrom: null, updatedAt: at }
        : {
            playTimeLimit: current.minutes,
            nextPlayTimeLimit: minutes,
            nextPlayTimeFrom: effectiveAt,
            updatedAt: at,
          };
      await tx
        .insert(rgPlaySettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: rgPlaySettings.userId, set: values });
      const change = { userId, kind: 'PLAY_TIME' as const, period: 'DAY' as const };
      await tx.insert(rgLimitChanges).values({
        ...change,
        fromAmount: current.minutes,
        toAmount: minutes,
        requestedAt: at,
        effectiveAt,
        requestedBy: 'player',
      });
      await recordEvent(tx, 'responsible-gaming.limit_changed', {
        ...change,
        from: current.minutes,
        to: minutes,
        effectiveAt: effectiveAt.toISOString(),
      });
    });
  }
  return { change };
}
