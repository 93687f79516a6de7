import { bonusRuleKinds } from '@paws/contracts/bonuses';
import type { PromoRewardCurrency } from '@paws/contracts/staff-promotions';
import type { CurrencyCode } from '@paws/contracts/wallet';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';

export const bonusRuleKind = pgEnum('bonus_rule_kind', bonusRuleKinds);

/**
 * The bonus rules, as data: what a player must do (kind, target, onboarding task) and what it pays. Seeded;
 * an operator changes figures or adds rules without code. Amounts are minor units (cents).
 */
export const bonusRules = pgTable('bonus_rules', {
  id: id(),
  /** Stable key of a seeded rule ('weekly-bets'). */
  code: text().notNull().unique(),
  /** What the player sees (presentationRuleName), as stored: English for seeded rules, or as staff typed it. */
  name: text().notNull(),
  /**
   * The translated name's key (contracts bonusNames), set for seeded rules and cleared when staff rename the
   * rule: a typed name is shown as it is in every language.
   */
  nameKey: text(),
  kind: bonusRuleKind().notNull(),
  /** USD cents to stake (WEEKLY, MONTHLY) or win (WIN_BET) in the period; null for DAILY and ONBOARDING. */
  targetMinor: bigint({ mode: 'number' }),
  rewardMinor: bigint({ mode: 'number' }).notNull(),
  rewardCurrency: text().$type<CurrencyCode>().notNull().default('BONUS_USD'),
  /** ONBOARDING only: the task (CONFIRM_EMAIL, CHOOSE_USERNAME, FIRST_DEPOSIT, FIRST_BET). */
  task: text(),
  active: boolean().notNull().default(true),
  sortOrder: integer().notNull().default(0),
});
export type BonusRuleRow = typeof bonusRules.$inferSelect;

/**
 * One credited bonus. The unique (player, rule, period) key is what makes a reward happen once, however
 * many bets race to cross its target.
 */
export const userBonuses = pgTable(
  'user_bonuses',
  {
    id: id(),
    userId: uuid().notNull(),
    ruleId: uuid()
      .notNull()
      .references(() => bonusRules.id),
    /** 'week:2026-11-16', 'month:2026-11', 'day:2026-11-22' (daily run completed that day), 'once'. */
    periodKey: text().notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: text().$type<CurrencyCode>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_bonuses_once_per_period').on(t.userId, t.ruleId, t.periodKey),
    index('user_bonuses_user_created_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * Promo codes made in the back office and entered at sign-up: a reward (BONUS_USD or FREE_SPINS, in the
 * currency's minor units), an expiry and a number of uses. `usesCount` only grows by the guarded update of a
 * redemption, and the CHECK keeps it within `maxUses` whatever races.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    /** 6 letters or digits, upper-cased. */
    code: text().notNull().unique(),
    rewardCurrency: text().$type<PromoRewardCurrency>().notNull(),
    rewardMinor: bigint({ mode: 'number' }).notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    maxUses: integer().notNull(),
    usesCount: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    /** The staff member who made it. */
    createdBy: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    check('promo_codes_code_format', sql`${t.code} ~ '^[A-Z0-9]{6}$'`),
    check('promo_codes_reward_positive', sql`${t.rewardMinor} > 0`),
    check('promo_codes_uses_within_max', sql`${t.usesCount} >= 0 and ${t.usesCount} <= ${t.maxUses}`),
    index('promo_codes_created_idx').on(t.createdAt),
  ],
);
export type PromoCodeRow = typeof promoCodes.$inferSelect;

/** One player's use of one code: the unique key is what makes a code pay a player once. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: id(),
    promoCodeId: uuid()
      .notNull()
      .references(() => promoCodes.id),
    userId: uuid().notNull(),
    amountMinor: bigint({ mode: 'number' }).notNull(),
    currency: text().$type<PromoRewardCurrency>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('promo_redemptions_once_per_player').on(t.promoCodeId, t.userId),
    index('promo_redemptions_user_created_idx').on(t.userId, t.createdAt),
  ],
);

const day = () => date({ mode: 'string' });

/**
 * Each player's running progress towards the bonus rules, kept by the bonuses.progress subscriber from the
 * events alone (one upsert per player and delivered batch) so that neither it nor GET /profile/bonuses
 * reads the player's history. Sums are real-money (USD) minor units of the period named beside them: a
 * figure whose period is not the current one counts as zero. See bonuses/counters.ts for how rows merge.
 */
export const bonusCounters = pgTable('bonus_counters', {
  userId: uuid().primaryKey(),
  /** Monday (UTC) of the week weekBets and weekWins belong to. */
  weekStart: day(),
  /** Standing bets (rolled-back ones taken off again). */
  weekBets: bigint({ mode: 'number' }).notNull().default(0),
  weekWins: bigint({ mode: 'number' }).notNull().default(0),
  /** First day of the month monthBets belongs to. */
  monthStart: day(),
  monthBets: bigint({ mode: 'number' }).notNull().default(0),
  /** The latest UTC day with a real-money bet; betDays bit i: a bet on the i-th day before it (i < 7). */
  lastBetDay: day(),
  betDays: smallint().notNull().default(0),
  /** The daily run counts days from this one on: the day after the daily bonus was last credited. */
  dailyRunFrom: day(),
  confirmed: boolean().notNull().default(false),
  usernameChosen: boolean().notNull().default(false),
  deposited: boolean().notNull().default(false),
  placedBet: boolean().notNull().default(false),
});
export type BonusCountersRow = typeof bonusCounters.$inferSelect;

/**
 * The one-time back-fill of bonus_counters from the players' history (bonuses/backfill.ts): events committed
 * before `cutoff` are in the back-filled figures and the subscriber skips them; `afterUserId` is how far it
 * got, advanced in the transaction of each page, so a restart resumes without counting anyone twice.
 */
export const bonusCountersBackfill = pgTable('bonus_counters_backfill', {
  id: smallint().primaryKey().default(1),
  cutoff: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  afterUserId: uuid(),
  done: boolean().notNull().default(false),
});
