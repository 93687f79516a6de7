import type { ActivityBonus, BonusesResponse, UserBonusesResponse } from '@paws/contracts/bonuses';
import type { HistoryQuery } from '@paws/contracts/history';
import { fromMinor } from '@paws/contracts/wallet';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { createdBetween, paged, pageOf } from '../../db/paging.ts';
import type { AuditService } from '../audit/index.ts';
import type { IdentityService } from '../identity/index.ts';
import type { WalletService } from '../wallet/index.ts';
import { type CounterDelta, emptyDelta } from './counters.ts';
import { createProgressKeeper, type Progress, progressOf, standing } from './progress.ts';
import { createPromoCodes } from './promo-codes.ts';
import { createBonusRulesAdmin } from './rules-admin.ts';
import {
  type BonusRuleRow,
  bonusCounters,
  bonusRules,
  promoCodes,
  promoRedemptions,
  userBonuses,
} from './schema.ts';

const dollars = (minor: number) => minor / 100;

/**
 * The bonus engine: progress kept as running counters from the player's bets, wins, deposits and account
 * steps (bonuses.progress, counters.ts), against rules kept as data; a reached target credits its reward
 * through the wallet's ledger exactly once per period.
 */
export function createBonusesService({
  db,
  wallet,
  accounts,
  audit,
  now = () => new Date(),
}: {
  db: Db;
  /** Staff edits of rules and promo codes are audited in their own transaction. */
  audit: AuditService;
  /** Bonus credits through the ledger. */
  wallet: Pick<WalletService, 'ensureAccounts' | 'bonusCredit'>;
  /** The account's welcome-task facts and whether it may receive bonuses (identity's public reads). */
  accounts: {
    accountOf(userId: string): Promise<{ confirmed: boolean; username: string | null } | undefined>;
    bonusEligibility: IdentityService['bonusEligibility'];
  };
  now?: () => Date;
}) {
  const progress = createProgressKeeper({ db, wallet, accounts, now });

  function activity(
    rule: BonusRuleRow | undefined,
    figures: Progress,
    credited: Set<string>,
    at: Date,
  ): ActivityBonus | null {
    if (!rule) return null;
    const { periodKey } = standing(rule, figures, at);
    const bets = rule.kind === 'MONTHLY' ? figures.monthBets : figures.weekBets;
    return {
      id: rule.id,
      presentationRuleName: rule.name,
      presentationRuleKey: rule.nameKey,
      amount: dollars(rule.rewardMinor),
      sumOfBets: dollars(bets),
      winningAmount: dollars(figures.weekWins),
      targetAmount: dollars(rule.targetMinor ?? 0),
      credited: credited.has(`${rule.id}|${periodKey}`),
    };
  }

  /**
   * The player's counters and the rules, crediting what is due first. Identity's account facts go in too:
   * they may be ahead of the account events still on their way to the subscriber.
   */
  async function standingOf(userId: string) {
    const account = await accounts.accountOf(userId);
    if (!account) {
      const [row] = await db.select().from(bonusCounters).where(eq(bonusCounters.userId, userId));
      return { row, active: await progress.activeRules(), at: now() };
    }
    const facts = {
      ...emptyDelta(userId),
      confirmed: account.confirmed,
      usernameChosen: Boolean(account.username),
    };
    const applied = await db.transaction((tx) => progress.apply(tx, [facts]));
    applied.afterCommit();
    return { row: applied.rows[0], active: applied.active, at: applied.at };
  }

  return {
    ...createBonusRulesAdmin({ db, audit, onChange: progress.rulesChanged }),
    ...createPromoCodes({ db, wallet, audit, now }),
    /** The subscriber's work for a batch of events, in its transaction (bonuses.progress). */
    applyEvents: (tx: DbOrTx, deltas: CounterDelta[]) => progress.apply(tx, deltas),

    /** GET /profile/bonuses: credits what is due, then reports the player's standing on every rule. */
    async overview(userId: string): Promise<BonusesResponse> {
      const { row, active, at } = await standingOf(userId);
      const figures = progressOf(row, at);
      const credited = await progress.creditedOf(
        userId,
        active.map((rule) => ({ ruleId: rule.id, periodKey: standing(rule, figures, at).periodKey })),
      );
      const of = (kind: BonusRuleRow['kind']) => active.find((rule) => rule.kind === kind);
      const daily = of('DAILY');
      return {
        activityBonuses: {
          daily: daily
            ? {
                id: daily.id,
                presentationRuleName: daily.name,
                presentationRuleKey: daily.nameKey,
                amount: dollars(daily.rewardMinor),
                betDates: figures.betDates,
              }
            : null,
          everyWeek: activity(of('WEEKLY'), figures, credited, at),
          everyMonth: activity(of('MONTHLY'), figures, credited, at),
          winBet: activity(of('WIN_BET'), figures, credited, at),
        },
        welcomeBonuses: {
          onboarding: active
            .filter((rule) => rule.kind === 'ONBOARDING')
            .map((rule) => ({
              id: rule.id,
              presentationRuleName: rule.name,
              presentationRuleKey: rule.nameKey,
              amount: dollars(rule.rewardMinor),
              hasBonus: credited.has(`${rule.id}|once`),
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
      // One snapshot for the page and its count: a bonus credited meanwhile is in both or in neither.
      const [rows, rules, promos] = await db.transaction(
        (tx) =>
          Promise.all([
            unionAll(
              tx
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
              tx
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
            tx.select({ value: count() }).from(userBonuses).where(ruleWhere),
            tx.select({ value: count() }).from(promoRedemptions).where(promoWhere),
          ]),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
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
