import { bonusRuleKinds } from '@paws/contracts/bonuses';
import type { CurrencyCode } from '@paws/contracts/wallet';
import {
  bigint,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
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
  /** What the player sees (presentationRuleName). */
  name: text().notNull(),
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
