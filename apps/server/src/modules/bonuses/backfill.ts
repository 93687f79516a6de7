import { DAILY_BONUS_DAYS } from '@paws/contracts/bonuses';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { WalletService } from '../wallet/index.ts';
import { addDays, type CounterDelta, emptyDelta, isoDay, periodsAt, upsertCounters } from './counters.ts';
import { bonusCounters, bonusCountersBackfill, bonusRules, userBonuses } from './schema.ts';

const PAGE = 200;

export interface BackfillSources {
  db: Db;
  wallet: Pick<WalletService, 'playTotals'>;
  accounts: {
    userIdsAfter(after: string | null, limit: number): Promise<string[]>;
    accountOf(userId: string): Promise<{ confirmed: boolean; username: string | null } | undefined>;
  };
  payments: { completedDeposits(userId: string): Promise<number> };
  now: () => Date;
}

/**
 * The counters' cut-off: the first process to start after the counters came in sets it (a few seconds in the
 * past, so no game call still in flight started before it). Events recorded before it are in the back-fill's
 * figures, later ones are the subscriber's: each bet is counted by exactly one of them.
 */
export async function countersCutoff(db: Db): Promise<Date> {
  await db
    .insert(bonusCountersBackfill)
    .values({ id: 1, cutoff: sql`now() - interval '5 seconds'` })
    .onConflictDoNothing();
  const [state] = await db.select().from(bonusCountersBackfill).where(eq(bonusCountersBackfill.id, 1));
  if (!state) throw new Error('bonus_counters_backfill has no row');
  return state.cutoff;
}

/** One player's history before the cut-off as counters, through the owning modules' public reads. */
async function historyOf(sources: BackfillSources, userId: string, cutoff: Date): Promise<CounterDelta> {
  const at = sources.now();
  const { weekStart, monthStart, today } = periodsAt(at);
  const runStart = new Date(`${addDays(today, 1 - DAILY_BONUS_DAYS)}T00:00:00Z`);
  const [play, account, deposits] = await Promise.all([
    sources.wallet.playTotals(userId, { weekStart, monthStart, runStart, until: cutoff }),
    sources.accounts.accountOf(userId),
    sources.payments.completedDeposits(userId),
  ]);
  const lastBetDay = play.betDates.at(-1) ?? null;
  const betDays = lastBetDay
    ? play.betDates.reduce(
        (bits, day) => bits | (1 << Math.round((Date.parse(lastBetDay) - Date.parse(day)) / 86_400_000)),
        0,
      )
    : 0;
  return {
    ...emptyDelta(userId),
    weekStart: isoDay(weekStart),
    weekBets: play.weekBets,
    weekWins: play.weekWins,
    monthStart: isoDay(monthStart),
    monthBets: play.monthBets,
    lastBetDay,
    betDays,
    confirmed: account?.confirmed === true,
    usernameChosen: Boolean(account?.username),
    deposited: deposits > 0,
    placedBet: play.hasBet,
  };
}

/** The day after the player's last daily bonus, from this module's own credits. */
async function dailyRunFrom(db: Db, userId: string) {
  const [last] = await db
    .select({ createdAt: userBonuses.createdAt })
    .from(userBonuses)
    .innerJoin(bonusRules, eq(bonusRules.id, userBonuses.ruleId))
    .where(and(eq(userBonuses.userId, userId), eq(bonusRules.kind, 'DAILY')))
    .orderBy(desc(userBonuses.createdAt))
    .limit(1);
  return last ? addDays(isoDay(last.createdAt), 1) : null;
}

/**
 * Fills the counters of every existing account from its history once, a page at a time: the page's reads
 * run first (other modules' reads use their own connections), then one transaction merges the page into the
 * counters (the same commutative merge as the subscriber's) and moves the cursor, if no other process moved
 * it meanwhile. A restart resumes at the cursor; a page is never merged twice.
 */
export async function backfillCounters(sources: BackfillSources, cutoff: Date, log: FastifyBaseLogger) {
  const { db } = sources;
  let filled = 0;
  for (;;) {
    const [state] = await db.select().from(bonusCountersBackfill).where(eq(bonusCountersBackfill.id, 1));
    if (!state || state.done) break;
    const ids = await sources.accounts.userIdsAfter(state.afterUserId, PAGE);
    const page = await Promise.all(
      ids.map(async (userId) => ({
        delta: await historyOf(sources, userId, cutoff),
        runFrom: await dailyRunFrom(db, userId),
      })),
    );
    const moved = await db.transaction(async (tx) => {
      const [locked] = await tx
        .select()
        .from(bonusCountersBackfill)
        .where(eq(bonusCountersBackfill.id, 1))
        .for('update');
      if (!locked || locked.done || locked.afterUserId !== state.afterUserId) return false;
      await upsertCounters(
        tx,
        page.map((entry) => entry.delta),
      );
      for (const { delta, runFrom } of page) {
        if (!runFrom) continue;
        await tx
          .update(bonusCounters)
          .set({ dailyRunFrom: sql`greatest(${bonusCounters.dailyRunFrom}, ${runFrom}::date)` })
          .where(eq(bonusCounters.userId, delta.userId));
      }
      await tx
        .update(bonusCountersBackfill)
        .set({ afterUserId: ids.at(-1) ?? state.afterUserId, done: ids.length < PAGE })
        .where(eq(bonusCountersBackfill.id, 1));
      return true;
    });
    if (moved) filled += ids.length;
  }
  if (filled > 0) log.info({ players: filled }, 'bonus counters back-filled from history');
}
