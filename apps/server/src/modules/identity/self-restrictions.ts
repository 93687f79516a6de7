import { randomUUID } from 'node:crypto';
import { RETURN_COOLING_OFF_HOURS, restrictionMessages } from '@paws/contracts/responsible-gaming';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import { recordEvent } from '../../core/events/record.ts';
import type { Db } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { liveSelfRestrictionOf } from './bans.ts';
import { type BanRow, bans, sessions } from './schema.ts';

const HOUR = 3_600_000;

export interface SelfRestriction {
  kind: 'TIME_OUT' | 'SELF_EXCLUSION';
  /** A time-out's end; null for a self-exclusion (it lasts until the player asks to return). */
  endsAt: Date | null;
  /** A self-exclusion's earliest end. */
  returnAllowedAt: Date | null;
  /** Why (the back office shows it); defaults to the player's own choice. */
  reason?: string;
}

/** The earliest a restriction can end: a time-out's end, a self-exclusion's earliest return (or its end). */
const earliestEnd = (row: Pick<BanRow, 'endsAt' | 'returnAllowedAt'>) =>
  (row.endsAt ?? row.returnAllowedAt ?? new Date(8.64e15)).getTime();

export const toRestriction = (row: BanRow) => ({
  kind: row.kind as SelfRestriction['kind'],
  endsAt: row.endsAt?.toISOString() ?? null,
  returnAllowedAt: row.returnAllowedAt?.toISOString() ?? null,
});

/**
 * The player's own time-out or self-exclusion, kept as a ban of its kind so that everything that stops a
 * banned account (the bet statement, deposits, the broadcasts' audience) stops it too; and unlike a staff ban
 * it signs the player out everywhere and refuses sign-in (sign-up-and-in.ts).
 */
export function createSelfRestrictions({ db, now }: { db: Db; now: () => Date }) {
  async function restrictSelf(userId: string, wanted: SelfRestriction) {
    const at = now();
    return db.transaction(async (tx) => {
      const current = await liveSelfRestrictionOf(tx, userId, at);
      // Never shorter than what is in force: a time-out cannot end an exclusion, nor a shorter one a longer.
      if (
        current &&
        ((current.kind === 'SELF_EXCLUSION' && wanted.kind === 'TIME_OUT') ||
          earliestEnd(wanted) < earliestEnd(current))
      ) {
        throw conflict(restrictionMessages.cannotShorten, 'period');
      }
      const [row] = await tx
        .insert(bans)
        .values({
          id: randomUUID(),
          userId,
          kind: wanted.kind,
          reason:
            wanted.reason ??
            (wanted.kind === 'TIME_OUT'
              ? 'Time-out chosen by the player'
              : 'Self-exclusion chosen by the player'),
          startsAt: at,
          endsAt: wanted.endsAt,
          returnAllowedAt: wanted.returnAllowedAt,
          createdAt: at,
        })
        .returning();
      if (!row) throw new Error('Restriction not written');
      await tx
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
      await recordEvent(tx, 'identity.self_restricted', { userId, banId: row.id, ...toRestriction(row) });
      return toRestriction(row);
    });
  }

  /**
   * A self-excluded player's request to return, once the earliest end has come: the exclusion ends 24 hours
   * later (the cooling-off). Asked again, it answers the same end.
   */
  async function askToReturn(userId: string) {
    const at = now();
    return db.transaction(async (tx) => {
      const current = await liveSelfRestrictionOf(tx, userId, at);
      if (current?.kind !== 'SELF_EXCLUSION') throw conflict(restrictionMessages.notExcluded);
      if (current.endsAt) return toRestriction(current);
      if (current.returnAllowedAt && current.returnAllowedAt > at)
        throw new AppError(403, restrictionMessages.returnTooEarly(current.returnAllowedAt.toISOString()));
      const [row] = await tx
        .update(bans)
        .set({ endsAt: new Date(at.getTime() + RETURN_COOLING_OFF_HOURS * HOUR) })
        .where(eq(bans.id, current.id))
        .returning();
      return toRestriction(row as BanRow);
    });
  }

  /** The restriction in force, if any (the profile and the back office). */
  async function currentOf(userId: string) {
    const row = await liveSelfRestrictionOf(db, userId, now());
    return row ? toRestriction(row) : null;
  }

  /** Every time-out and self-exclusion of the player, newest first (the back office's history). */
  async function historyOf(userId: string) {
    return db
      .select()
      .from(bans)
      .where(and(eq(bans.userId, userId), ne(bans.kind, 'STAFF')))
      .orderBy(desc(bans.startsAt))
      .limit(200);
  }

  return { restrictSelf, askToReturn, currentOf, historyOf };
}
