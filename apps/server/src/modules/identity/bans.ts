import { authServerMessages } from '@paws/contracts/auth';
import type { BanInfo } from '@paws/contracts/bans';
import { and, desc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type BanRow, bans } from './schema.ts';

/** A ban is live at `at` when it has started, has not ended and was not lifted. */
export function liveBanAt(at: Date): SQL {
  return and(
    isNull(bans.liftedAt),
    lte(bans.startsAt, at),
    or(isNull(bans.endsAt), gt(bans.endsAt, at)),
  ) as SQL;
}

/** Whether the account in `userId` (a column of the outer query) has a live ban: for the session check. */
export function isBannedSql(userId: PgColumn, at: Date) {
  return sql<boolean>`exists (select 1 from ${bans} where ${bans.userId} = ${userId} and ${liveBanAt(at)})`;
}

/** The ban a player is shown: of their live bans, the one that lasts longest (a permanent one first). */
export async function liveBanOf(db: DbOrTx, userId: string, at: Date): Promise<BanRow | undefined> {
  const [row] = await db
    .select()
    .from(bans)
    .where(and(eq(bans.userId, userId), liveBanAt(at)))
    .orderBy(sql`${bans.endsAt} desc nulls first`, desc(bans.startsAt))
    .limit(1);
  return row;
}

export const toBanInfo = (row: BanRow): BanInfo => ({
  reason: row.reason,
  startedAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
});

/** 403 'Your account is banned' with the ban, so the player's client can show it. */
export function bannedError(ban: BanRow | BanInfo | undefined) {
  const info = ban && 'id' in ban ? toBanInfo(ban) : ban;
  return new AppError(403, authServerMessages.banned, undefined, info ? { ban: info } : undefined);
}
