import {
  type ActivityBonus,
  type BonusesResponse,
  DAILY_BONUS_DAYS,
  type OnboardingTask,
  type UserBonusesResponse,
} from '@paws/contracts/bonuses';
import type { HistoryQuery } from '@paws/contracts/history';
import { fromMinor } from '@paws/contracts/wallet';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { recordEvent } from '../../core/events/record.ts';
import type { Db } from '../../db/client.ts';
import { createdBetween, paged, pageOf } from '../../db/paging.ts';
import type { AuditService } from '../audit/index.ts';
import type { WalletService } from '../wallet/index.ts';
import { createPromoCodes } from './promo-codes.ts';
import { createBonusRulesAdmin } from './rules-admin.ts';
import { type BonusRuleRow, bonusRules, promoCodes, promoRedemptions, userBonuses } from './schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const dollars = (minor: number) => minor / 100;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);
const startOfDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/** Periods are UTC: ISO weeks from Monday, calendar months. */
export function periodsAt(at: Date) {
  const day = startOfDay(at);
  const weekStart = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
  const monthStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  return {
    weekStart,
    monthStart,
    weekKey: `week:${isoDay(weekStart)}`,
    monthKey: `month:${isoDay(monthStart).slice(0, 7)}`,
    today: isoDay(day),
  };
}

interface Progress {
  weekBets: number;
  monthBets: number;
  weekWins: number;
  /** Days (YYYY-MM-DD) of the current daily run that have a bet. */
  betDates: string[];
  credited: Set<string>;
  tasks: Record<OnboardingTask, boolean>;
  exists: boolean;
}

/**
 * The bonus engine: progress from the player's real bets, wins and account, against rules kept as data;
 * a reached target credits its reward through the wallet's ledger exactly once per period.
 */
export function createBonusesService({
  db,
  wallet,
  accounts,
  payments,
  audit,
  now = () => new Date(),
}: {
  db: Db;
  /** Staff edits of rules and promo codes are audited in their own transaction. */
  audit: AuditService;
  /** Reads and credits: the player's play totals, bonus credits through the ledger. */
  wallet: Pick<WalletService, 'playTotals' | 'ensureAccounts' | 'bonusCredit'>;
  /** The account's welcome-task facts (identity's public read). */
  accounts: {
    accountOf(userId: string): Promise<{ confirmed: boolean; username: string | null } | undefined>;
  };
  /** The count of credited deposits (payments' public read). */
  payments: { completedDeposits(userId: string): Promise<number> };
  now?: () => Date;
}) {
  const activeRules = () =>
    db.select().from(bonusRules).where(eq(bonusRules.active, true)).orderBy(asc(bonusRules.sortOrder));

  /** Where the daily run starts: the last 7 days, but after the day a daily bonus was last credited. */
  async function dailyRunStart(userId: string, rule: BonusRuleRow | undefined, at: Date) {
    const windowStart = new Date(startOfDay(at).getTime() - (DAILY_BONUS_DAYS - 1) * DAY_MS);
    if (!rule) return windowStart;
    const [last] = await db
      .select({ createdAt: userBonuses.createdAt })
      .from(userBonuses)
      .where(and(eq(userBonuses.userId, userId), eq(userBonuses.ruleId, rule.id)))
      .orderBy(desc(userBonuses.createdAt))
      .limit(1);
    const afterLast = last ? new Date(startOfDay(last.createdAt).getTime() + DAY_MS) : windowStart;
    return afterLast > windowStart ? afterLast : windowStart;
  }

  async function progressOf(userId: string, rules: BonusRuleRow[], at: Date): Promise<Progress> {
    const { weekStart, monthStart } = periodsAt(at);
    const runStart = await dailyRunStart(
      userId,
      rules.find((rule) => rule.kind === 'DAILY'),
      at,
    );
    const [play, credited, account, deposits] = await Promise.all([
      wallet.playTotals(userId, { weekStart, monthStart, runStart }),
      db
        .select({ ruleId: userBonuses.ruleId, periodKey: userBonuses.periodKey })
        .from(userBonuses)
        .where(eq(userBonuses.userId, userId)),
      accounts.accountOf(userId),
      payments.completedDeposits(userId),
    ]);
    return {
      weekBets: play.weekBets,
      monthBets: play.monthBets,
      weekWins: play.weekWins,
      betDates: play.betDates,
      credited: new Set(credited.map((c) => `${c.ruleId}|${c.periodKey}`)),
      exists: account !== undefined,
      tasks: {
        CONFIRM_EMAIL: account?.confirmed === true,
        CHOOSE_USERNAME: Boolean(account?.username),
        FIRST_DEPOSIT: deposits > 0,
        FIRST_BET: play.hasBet,
      },
    };
  }

  /** The period a rule's progress counts in, and whether its target is reached now. */
  function standing(rule: BonusRuleRow, progress: Progress, at: Date) {
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

  /** Inserts the player's bonus for the period and credits it in one transaction; nothing when it exists. */
  async function credit(userId: string, rule: BonusRuleRow, periodKey: string) {
    await wallet.ensureAccounts(userId);
    const currency = rule.rewardCurrency;
    const inserted = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(userBonuses)
        .values({ userId, ruleId: rule.id, periodKey, amountMinor: rule.rewardMinor, currency })
        .onConflictDoNothing()
        .returning();
      if (!row) return undefined;
      await wallet.bonusCredit(
        { userId, currency, amount: rule.rewardMinor, key: row.id, metadata: { rule: rule.code, periodKey } },
        tx,
      );
      await recordEvent(tx, 'bonuses.credited', {
        userId,
        ruleName: rule.name,
        ruleKey: rule.nameKey,
        amount: rule.rewardMinor,
        currency,
      });
      return row;
    });
    return inserted !== undefined;
  }

  /** Credits every reached, not yet credited target of the player; answers the progress it read. */
  async function evaluateNow(userId: string) {
    const at = now();
    const rules = await activeRules();
    let progress = await progressOf(userId, rules, at);
    // Bonuses are for players with an account; wallet-only callers (a provider's test players) earn none.
    if (!progress.exists) return { rules, progress, at };
    let creditedAny = false;
    for (const rule of rules) {
      const { periodKey, reached } = standing(rule, progress, at);
      if (reached && !progress.credited.has(`${rule.id}|${periodKey}`)) {
        creditedAny = (await credit(userId, rule, periodKey)) || creditedAny;
      }
    }
    if (creditedAny) progress = await progressOf(userId, rules, at);
    return { rules, progress, at };
  }

  // One evaluation per player at a time in this process; events arriving meanwhile ask for one more run.
  // A failure rejects every waiting caller, so each one's event is retried.
  const running = new Map<string, { again: boolean; done: Promise<void> }>();
  function evaluateSoon(userId: string) {
    const current = running.get(userId);
    if (current) {
      current.again = true;
      return current.done;
    }
    const state = { again: false, done: Promise.resolve() };
    state.done = (async () => {
      try {
        do {
          state.again = false;
          await evaluateNow(userId);
        } while (state.again);
      } finally {
        running.delete(userId);
      }
    })();
    running.set(userId, state);
    return state.done;
  }

  function activity(rule: BonusRuleRow | undefined, progress: Progress, at: Date): ActivityBonus | null {
    if (!rule) return null;
    const { periodKey } = standing(rule, progress, at);
    const bets = rule.kind === 'MONTHLY' ? progress.monthBets : progress.weekBets;
    return {
      id: rule.id,
      presentationRuleName: rule.name,
      presentationRuleKey: rule.nameKey,
      amount: dollars(rule.rewardMinor),
      sumOfBets: dollars(bets),
      winningAmount: dollars(progress.weekWins),
      targetAmount: dollars(rule.targetMinor ?? 0),
      credited: progress.credited.has(`${rule.id}|${periodKey}`),
    };
  }

  return {
    ...createBonusRulesAdmin({ db, audit }),
    ...createPromoCodes({ db, wallet, audit, now }),
    evaluate: evaluateSoon,

    /** GET /profile/bonuses: credits what is due, then reports the player's standing on every rule. */
    async overview(userId: string): Promise<BonusesResponse> {
      // An evaluation under way fails on its own (its event is retried); this one starts afresh.
      await running.get(userId)?.done.catch(() => {});
      const { rules, progress, at } = await evaluateNow(userId);
      const of = (kind: BonusRuleRow['kind']) => rules.find((rule) => rule.kind === kind);
      const daily = of('DAILY');
      return {
        activityBonuses: {
          daily: daily
            ? {
                id: daily.id,
                presentationRuleName: daily.name,
                presentationRuleKey: daily.nameKey,
                amount: dollars(daily.rewardMinor),
                betDates: progress.betDates,
              }
            : null,
          everyWeek: activity(of('WEEKLY'), progress, at),
          everyMonth: activity(of('MONTHLY'), progress, at),
          winBet: activity(of('WIN_BET'), progress, at),
        },
        welcomeBonuses: {
          onboarding: rules
            .filter((rule) => rule.kind === 'ONBOARDING')
            .map((rule) => ({
              id: rule.id,
              presentationRuleName: rule.name,
              presentationRuleKey: rule.nameKey,
              amount: dollars(rule.rewardMinor),
              hasBonus: progress.credited.has(`${rule.id}|once`),
            })),
        },
      };
    },

    /** GET /user-bonuses: the player's credited bonuses and redeemed promo codes, newest first. */
    async list(userId: string, query: HistoryQuery): Promise<UserBonusesResponse> {
      const { limit, offset } = pageOf(query);
      const ruleWhere = and(eq(userBonuses.userId, userId), createdBetween(userBonuses.createdAt, query));
      const promoWhere = and(
        eq(promoRedemptions.userId, userId),
        createdBetween(promoRedemptions.createdAt, query),
      );
      const [rows, rules, promos] = await Promise.all([
        unionAll(
          db
            .select({
              id: userBonuses.id,
              name: bonusRules.name,
              nameKey: bonusRules.nameKey,
              code: sql<string | null>`null`,
              amountMinor: userBonuses.amountMinor,
              currency: userBonuses.currency,
              createdAt: userBonuses.createdAt,
            })
            .from(userBonuses)
            .innerJoin(bonusRules, eq(bonusRules.id, userBonuses.ruleId))
            .where(ruleWhere),
          db
            .select({
              id: promoRedemptions.id,
              name: sql<string>`'Promo code ' || ${promoCodes.code}`,
              nameKey: sql<string | null>`'promo-code'`,
              code: promoCodes.code,
              amountMinor: promoRedemptions.amountMinor,
              currency: promoRedemptions.currency,
              createdAt: promoRedemptions.createdAt,
            })
            .from(promoRedemptions)
            .innerJoin(promoCodes, eq(promoCodes.id, promoRedemptions.promoCodeId))
            .where(promoWhere),
        )
          .orderBy(desc(sql`created_at`), desc(sql`id`))
          .limit(limit)
          .offset(offset),
        db.select({ value: count() }).from(userBonuses).where(ruleWhere),
        db.select({ value: count() }).from(promoRedemptions).where(promoWhere),
      ]);
      const page = paged(
        {
          rows: rows.map((row) => ({
            id: row.id,
            presentationRuleName: row.name,
            presentationRuleKey: row.nameKey,
            ...(row.code ? { presentationRuleParams: { code: row.code } } : {}),
            amount: fromMinor(Number(row.amountMinor), row.currency),
            currencyCode: row.currency,
            createdAt: new Date(row.createdAt).toISOString(),
          })),
          count: (rules[0]?.value ?? 0) + (promos[0]?.value ?? 0),
        },
        offset,
      );
      return { userBonuses: page.items, count: page.count, hasMore: page.hasMore };
    },
  };
}
export type BonusesService = ReturnType<typeof createBonusesService>;
