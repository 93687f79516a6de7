import { authServerMessages } from '@paws/contracts/auth';
import type { BanInfo } from '@paws/contracts/bans';
import { NATIONAL_REGISTER_REASON, restrictionMessages } from '@paws/contracts/responsible-gaming';
import { and, desc, eq, exists, gt, isNull, lte, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { type BanRow, bans, users } from './schema.ts';

/** A ban is live at `at` when it has started, has not ended and was not lifted. */
export function liveBanAt(at: Date | Placeholder): SQL {
  return and(
    isNull(bans.liftedAt),
    lte(bans.startsAt, at),
    or(isNull(bans.endsAt), gt(bans.endsAt, at)),
  ) as SQL;
}

/** Whether the account in `userId` (a column of the outer query) has a live ban: for the session check. */
export function isBannedSql(userId: PgColumn, at: Date | Placeholder) {
  return sql<boolean>`exists (select 1 from ${bans} where ${bans.userId} = ${userId} and ${liveBanAt(at)})`;
}

/**
 * When the ban state of the account in `userId` next changes by time alone (a ban in force ending, one set
 * for later starting), or null: how long the session cache may keep a check's ban state.
 */
export function nextBanChangeSql(userId: PgColumn, at: Date | Placeholder) {
  return sql<Date | null>`(select min(case when ${bans.startsAt} > ${at} then ${bans.startsAt} else ${bans.endsAt} end)
    from ${bans} where ${bans.userId} = ${userId} and ${bans.liftedAt} is null
    and (${bans.endsAt} is null or ${bans.endsAt} > ${at}))`.mapWith(bans.startsAt);
}

/** The ban a player is shown: of their live bans, the one that lasts longest (a permanent one first). */
export async function liveBanOf(
  db: DbOrTx,
  userId: string,
  at: Date,
  { staffOnly = false } = {},
): Promise<BanRow | undefined> {
  const [row] = await db
    .select()
    .from(bans)
    .where(and(eq(bans.userId, userId), liveBanAt(at), staffOnly ? eq(bans.kind, 'STAFF') : undefined))
    .orderBy(sql`${bans.endsAt} desc nulls first`, desc(bans.startsAt))
    .limit(1);
  return row;
}

export const toBanInfo = (row: BanRow): BanInfo => ({
  reason: row.reason,
  startedAt: row.startsAt.toISOString(),
  endsAt: row.endsAt?.toISOString() ?? null,
  ...(row.kind === 'STAFF'
    ? {}
    : { kind: row.kind, returnAllowedAt: row.returnAllowedAt?.toISOString() ?? null }),
});

/** The player's own live time-out or self-exclusion, the one lasting longest. */
export async function liveSelfRestrictionOf(
  db: DbOrTx,
  userId: string,
  at: Date,
): Promise<BanRow | undefined> {
  const [row] = await db
    .select()
    .from(bans)
    .where(and(eq(bans.userId, userId), ne(bans.kind, 'STAFF'), liveBanAt(at)))
    .orderBy(sql`${bans.endsAt} desc nulls first`, desc(bans.startsAt))
    .limit(1);
  return row;
}

/**
 * Whether bonuses may be credited to the account now: 'no-account' for an id without one (a provider's test
 * player), 'on-break' during the player's own time-out or self-exclusion (nothing is paid then), else 'yes'.
 * One indexed read.
 */
export async function bonusEligibility(
  db: DbOrTx,
  userId: string,
  at: Date,
): Promise<'yes' | 'no-account' | 'on-break'> {
  const onBreak = db
    .select({ one: sql`1` })
    .from(bans)
    .where(and(eq(bans.userId, users.id), ne(bans.kind, 'STAFF'), liveBanAt(at)));
  const [row] = await db
    .select({ onBreak: sql<boolean>`${exists(onBreak)}` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return 'no-account';
  return row.onBreak ? 'on-break' : 'yes';
}

/** 403 saying until when the player's own break from play lasts, with it, so the client can say it too. */
export function restrictedSignInError(row: BanRow) {
  const kind = row.kind === 'TIME_OUT' ? 'TIME_OUT' : 'SELF_EXCLUSION';
  const message =
    row.reason === NATIONAL_REGISTER_REASON
      ? restrictionMessages.nationalRegister
      : restrictionMessages.signInRefused(
          kind,
          row.endsAt?.toISOString() ?? null,
          row.returnAllowedAt?.toISOString() ?? null,
        );
  return new AppError(403, message, undefined, { ban: toBanInfo(row) });
}

/** 403 'Your account is banned' with the ban, so the player's client can show it. */
export function bannedError(ban: BanRow | BanInfo | undefined) {
  const info = ban && 'id' in ban ? toBanInfo(ban) : ban;
  return new AppError(403, authServerMessages.banned, undefined, info ? { ban: info } : undefined);
}

/**
 * liveBanAt as text, for a statement written by hand (the wallet folds it into each bet's statement, so a ban
 * is read where the bet already reads its session): `userId` and `at` are SQL expressions of the statement.
 */
export function liveBanExistsText(userId: string, at: string): string {
  return `exists (select 1 from bans where bans.user_id = ${userId} and bans.lifted_at is null
    and bans.starts_at <= ${at} and (bans.ends_at is null or bans.ends_at > ${at}))`;
}
