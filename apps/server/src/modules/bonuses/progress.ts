import { DAILY_BONUS_DAYS, type OnboardingTask } from '@paws/contracts/bonuses';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { recordEvent } from '../../core/events/record.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { IdentityService } from '../identity/index.ts';
import type { WalletService } from '../wallet/index.ts';
import { addDays, type CounterDelta, periodsAt, upsertCounters } from './counters.ts';
import {
  type BonusCountersRow,
  type BonusRuleRow,
  bonusCounters,
  bonusRules,
  userBonuses,
} from './schema.ts';

/** A player's standing in the current periods, read from their counters alone. */
export interface Progress {
  weekBets: number;
  monthBets: number;
  weekWins: number;
  /** Days (YYYY-MM-DD) of the current daily run that have a bet. */
  betDates: string[];
  tasks: Record<OnboardingTask, boolean>;
}

/** The counters as they stand at `at`: a figure of a past period is zero now. */
export function progressOf(row: BonusCountersRow | undefined, at: Date): Progress {
  const { weekStart, monthStart, today } = periodsAt(at);
  const week = weekStart.toISOString().slice(0, 10);
  const month = monthStart.toISOString().slice(0, 10);
  const runFrom = addDays(today, 1 - DAILY_BONUS_DAYS);
  const from = row?.dailyRunFrom && row.dailyRunFrom > runFrom ? row.dailyRunFrom : runFrom;
  const betDates: string[] = [];
  if (row?.lastBetDay) {
    for (let back = DAILY_BONUS_DAYS - 1; back >= 0; back--) {
      const day = addDays(row.lastBetDay, -back);
      if ((row.betDays & (1 << back)) !== 0 && day >= from && day <= today) betDates.push(day);
    }
  }
  return {
    weekBets: row?.weekStart === week ? row.weekBets : 0,
    weekWins: row?.weekStart === week ? row.weekWins : 0,
    monthBets: row?.monthStart === month ? row.monthBets : 0,
    betDates,
    tasks: {
      CONFIRM_EMAIL: row?.confirmed === true,
      CHOOSE_USERNAME: row?.usernameChosen === true,
      FIRST_DEPOSIT: row?.deposited === true,
      FIRST_BET: row?.placedBet === true,
    },
  };
}

/** The period a rule's progress counts in, and whether its target is reached now. */
export function standing(rule: BonusRuleRow, progress: Progress, at: Date) {
  const { weekKey, monthKey, today } = periodsAt(at);
  const target = rule.targetMinor ?? 0;
  switch (rule.kind) {
    case 'DAILY':
      return { periodKey: `day:${today}`, reached: progress.betDates.length >= DAILY_BONUS_DAYS };
    case 'WEEKLY':
      return { periodKey: weekKey, reached: target > 0 && progress.weekBets >= target };
    case 'MONTHLY':
      return { periodKey: monthKey, reached: target > 0 && progress.monthBets >= target };
    case 'WIN_BET':
      return { periodKey: weekKey, reached: target > 0 && progress.weekWins >= target };
    case 'ONBOARDING':
      return { periodKey: 'once', reached: progress.tasks[rule.task as OnboardingTask] === true };
    case 'REFERRAL':
      // Paid per referred player by bonuses/referrals.ts, never by the periodic evaluation.
      return { periodKey: 'referral', reached: false };
  }
}

/** Bounds the memory of credits seen: past it, the set starts afresh (a miss costs one insert that finds the row). */
const CREDITED_MEMORY = 100_000;

/**
 * Applies counter deltas and credits what they make due, in the caller's transaction: one upsert for all
 * the players, then one insert per reached target not yet known credited (the unique (player, rule,
 * period) key makes it once), its ledger credit and its bonuses.credited event.
 */
export function createProgressKeeper({
  db,
  wallet,
  accounts,
  now,
}: {
  db: Db;
  wallet: Pick<WalletService, 'bonusCredit'>;
  /**
   * Bonuses are for players with an account who are not on a break of their own (time-out, self-exclusion);
   * wallet-only callers (a provider's test players) earn none.
   */
  accounts: Pick<IdentityService, 'bonusEligibility'>;
  now: () => Date;
}) {
  // The active rules, read once and again after a staff edit (rulesChanged); a short life bounds how long
  // another process's edit takes to be seen here.
  const RULES_TTL_MS = 30_000;
  let rules: { rows: Promise<BonusRuleRow[]>; readAt: number } | undefined;
  function activeRules(q: DbOrTx = db): Promise<BonusRuleRow[]> {
    if (!rules || Date.now() - rules.readAt > RULES_TTL_MS) {
      const rows = q
        .select()
        .from(bonusRules)
        .where(eq(bonusRules.active, true))
        .orderBy(asc(bonusRules.sortOrder))
        .execute();
      rows.catch(() => {
        rules = undefined;
      });
      rules = { rows, readAt: Date.now() };
    }
    return rules.rows;
  }

  // `${userId}|${ruleId}|${periodKey}` known credited (remembered once the crediting transaction committed).
  const credited = new Set<string>();
  const remember = (keys: string[]) => {
    if (credited.size + keys.length > CREDITED_MEMORY) credited.clear();
    for (const key of keys) credited.add(key);
  };

  async function credit(tx: DbOrTx, row: BonusCountersRow, rule: BonusRuleRow, periodKey: string) {
    const { userId } = row;
    const currency = rule.rewardCurrency;
    const [bonus] = await tx
      .insert(userBonuses)
      .values({ userId, ruleId: rule.id, periodKey, amountMinor: rule.rewardMinor, currency })
      .onConflictDoNothing()
      .returning();
    if (!bonus) return false;
    await wallet.bonusCredit(
      { userId, currency, amount: rule.rewardMinor, key: bonus.id, metadata: { rule: rule.code, periodKey } },
      tx,
    );
    await recordEvent(tx, 'bonuses.credited', {
      userId,
      ruleName: rule.name,
      ruleKey: rule.nameKey,
      amount: rule.rewardMinor,
      currency,
    });
    if (rule.kind === 'DAILY') {
      // The next run starts the day after.
      row.dailyRunFrom = addDays(periodKey.slice('day:'.length), 1);
      await tx
        .update(bonusCounters)
        .set({ dailyRunFrom: row.dailyRunFrom })
        .where(eq(bonusCounters.userId, userId));
    }
    return true;
  }

  /** The reached targets of these counters not known credited yet. */
  function dueOf(rows: BonusCountersRow[], active: BonusRuleRow[], at: Date) {
    return rows.flatMap((row) => {
      const progress = progressOf(row, at);
      return active
        .map((rule) => ({ row, rule, ...standing(rule, progress, at) }))
        .map((due) => ({ ...due, key: `${row.userId}|${due.rule.id}|${due.periodKey}` }))
        .filter((due) => due.reached && !credited.has(due.key));
    });
  }

  /** Of these (player, rule, period) keys, the ones credited already: one statement for a batch's worth. */
  async function creditedAlready(
    tx: DbOrTx,
    due: { row: BonusCountersRow; rule: BonusRuleRow; periodKey: string }[],
  ) {
    const rows = await tx
      .select({ userId: userBonuses.userId, ruleId: userBonuses.ruleId, periodKey: userBonuses.periodKey })
      .from(userBonuses)
      .where(
        and(
          inArray(userBonuses.userId, [...new Set(due.map((d) => d.row.userId))]),
          inArray(userBonuses.ruleId, [...new Set(due.map((d) => d.rule.id))]),
          inArray(userBonuses.periodKey, [...new Set(due.map((d) => d.periodKey))]),
        ),
      );
    return new Set(rows.map((row) => `${row.userId}|${row.ruleId}|${row.periodKey}`));
  }

  /**
   * Credits the reached targets not yet credited; answers the keys settled (credited, found credited, or of
   * an id without an account), to remember once committed.
   */
  async function creditDue(tx: DbOrTx, rows: BonusCountersRow[], active: BonusRuleRow[], at: Date) {
    const due = dueOf(rows, active, at);
    if (due.length === 0) return [];
    const done = await creditedAlready(tx, due);
    const eligibility = new Map<string, ReturnType<IdentityService['bonusEligibility']>>();
    const onBreak = new Set<string>();
    for (const { row, rule, periodKey, key } of due) {
      if (done.has(key)) continue;
      if (!eligibility.has(row.userId))
        eligibility.set(row.userId, accounts.bonusEligibility(row.userId, tx));
      const standing = await eligibility.get(row.userId);
      if (standing === 'yes') await credit(tx, row, rule, periodKey);
      // Not paid during the break, nor remembered: the first event after it pays what still stands.
      else if (standing === 'on-break') onBreak.add(key);
    }
    return due.map((d) => d.key).filter((key) => !onBreak.has(key));
  }

  return {
    activeRules,
    rulesChanged() {
      rules = undefined;
    },

    /**
     * Merges the deltas into the counters and credits what is due, in `tx`; answers the counters after, and
     * what to run once `tx` has committed (remembering the credits, so later events skip them).
     */
    async apply(tx: DbOrTx, deltas: CounterDelta[]) {
      // Read in `tx` when not cached: the handler must not wait for a second connection while holding one.
      const active = await activeRules(tx);
      const at = now();
      const rows = await upsertCounters(tx, deltas);
      const seen = await creditDue(tx, rows, active, at);
      return { rows, active, at, afterCommit: () => remember(seen) };
    },

    /** Which of these (rule, period) pairs the player has been credited: one index probe per pair. */
    async creditedOf(userId: string, pairs: { ruleId: string; periodKey: string }[]) {
      if (pairs.length === 0) return new Set<string>();
      const rows = await db
        .select({ ruleId: userBonuses.ruleId, periodKey: userBonuses.periodKey })
        .from(userBonuses)
        .where(
          and(
            eq(userBonuses.userId, userId),
            inArray(userBonuses.ruleId, [...new Set(pairs.map((pair) => pair.ruleId))]),
            inArray(userBonuses.periodKey, [...new Set(pairs.map((pair) => pair.periodKey))]),
          ),
        );
      return new Set(rows.map((row) => `${row.ruleId}|${row.periodKey}`));
    },
  };
}

export type ProgressKeeper = ReturnType<typeof createProgressKeeper>;
