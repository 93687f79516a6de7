import { z } from 'zod';
import { historyQuerySchema } from './history.ts';
import { currencyCodeSchema } from './wallet.ts';

export { bonusNameKeys, bonusNames, renderBonusName } from './notifications-messages.ts';

/**
 * A bonus name's translation key (contracts bonusNames) and its parameters; null when the name is shown as
 * stored (typed by staff). The client renders it in the reader's language, else presentationRuleName.
 */
const presentationRuleKey = z.string().nullable().optional();
const presentationRuleParams = z.record(z.string(), z.union([z.string(), z.number()])).optional();

/** The bonuses service (spec 001 §2 /profile/bonuses, §3 Bonuses response and User bonus item, §9). */

/** REFERRAL: paid by the referral rules (bonuses/referrals.ts) when a referred player first deposits. */
export const bonusRuleKinds = ['DAILY', 'WEEKLY', 'MONTHLY', 'WIN_BET', 'ONBOARDING', 'REFERRAL'] as const;
export type BonusRuleKind = (typeof bonusRuleKinds)[number];

/** Welcome tasks a new player completes once each. */
export const onboardingTasks = ['CONFIRM_EMAIL', 'CHOOSE_USERNAME', 'FIRST_DEPOSIT', 'FIRST_BET'] as const;
export type OnboardingTask = (typeof onboardingTasks)[number];

/** Spec 001 §9: the daily bonus needs bets on 7 days. */
export const DAILY_BONUS_DAYS = 7;

/** Daily bonus: the days (YYYY-MM-DD, UTC) of the current run that have a bet. */
export const dailyBonusSchema = z.object({
  id: z.uuid(),
  presentationRuleName: z.string(),
  presentationRuleKey,
  /** Reward in dollars. */
  amount: z.number(),
  betDates: z.array(z.string()),
});
export type DailyBonus = z.infer<typeof dailyBonusSchema>;

/** Weekly, monthly and win-bet bonuses: progress of the period's real bets (or wins) against the target. */
export const activityBonusSchema = z.object({
  id: z.uuid(),
  presentationRuleName: z.string(),
  presentationRuleKey,
  /** Reward in dollars. */
  amount: z.number(),
  /** USD staked in the current period. */
  sumOfBets: z.number(),
  /** USD won in the current period. */
  winningAmount: z.number(),
  /** The target in dollars: bets for everyWeek and everyMonth, winnings for winBet. */
  targetAmount: z.number(),
  /** Whether this period's reward has been credited. */
  credited: z.boolean(),
});
export type ActivityBonus = z.infer<typeof activityBonusSchema>;

export const onboardingBonusSchema = z.object({
  id: z.uuid(),
  presentationRuleName: z.string(),
  presentationRuleKey,
  amount: z.number(),
  /** The task is done and its reward credited. */
  hasBonus: z.boolean(),
});
export type OnboardingBonus = z.infer<typeof onboardingBonusSchema>;

/** GET /profile/bonuses; a bonus without an active rule is null (or absent from onboarding). */
export const bonusesResponseSchema = z.object({
  activityBonuses: z.object({
    daily: dailyBonusSchema.nullable(),
    everyWeek: activityBonusSchema.nullable(),
    everyMonth: activityBonusSchema.nullable(),
    winBet: activityBonusSchema.nullable(),
  }),
  welcomeBonuses: z.object({ onboarding: z.array(onboardingBonusSchema) }),
});
export type BonusesResponse = z.infer<typeof bonusesResponseSchema>;

export const userBonusSchema = z.object({
  id: z.uuid(),
  presentationRuleName: z.string(),
  presentationRuleKey,
  presentationRuleParams,
  /** Credited amount in its currency's unit (dollars for BONUS_USD, points for PAWS, spins for FREE_SPINS). */
  amount: z.number(),
  /** The currency the bonus was paid in. */
  currencyCode: currencyCodeSchema.optional(),
  /** ISO 8601 */
  createdAt: z.string(),
});
export type UserBonus = z.infer<typeof userBonusSchema>;

/** GET /user-bonuses: the same query as every history list. */
export const userBonusesQuerySchema = historyQuerySchema;
export const userBonusesResponseSchema = z.object({
  userBonuses: z.array(userBonusSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type UserBonusesResponse = z.infer<typeof userBonusesResponseSchema>;
