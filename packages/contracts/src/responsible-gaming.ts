import { z } from 'zod';
import { amountSchema, formatMoney } from './wallet.ts';

/** Responsible gaming (issue 28): the player's own limits on deposits, losses and wagers. */

export const limitKinds = ['DEPOSIT', 'LOSS', 'WAGER'] as const;
export type LimitKind = (typeof limitKinds)[number];

/** What a limit change can be about: the money limits, and the daily play-time limit (in minutes, per DAY). */
export const limitChangeKinds = [...limitKinds, 'PLAY_TIME'] as const;
export type LimitChangeKind = (typeof limitChangeKinds)[number];

export const limitPeriods = ['DAY', 'WEEK', 'MONTH'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];

/** Rolling window lengths in hours: 24 hours, 7 days, 30 days. */
export const limitPeriodHours: Record<LimitPeriod, number> = { DAY: 24, WEEK: 24 * 7, MONTH: 24 * 30 };

/** How long a raise or a removal waits before it applies. */
export const LIMIT_RAISE_DELAY_HOURS = 24;

const periodWords: Record<LimitPeriod, string> = { DAY: '24-hour', WEEK: '7-day', MONTH: '1-month' };
const kindWords: Record<LimitKind, string> = { DEPOSIT: 'deposit', LOSS: 'loss', WAGER: 'wager' };

export const responsibleGamingMessages = {
  kind: `kind must be one of ${limitKinds.join(', ')}`,
  period: `period must be one of ${limitPeriods.join(', ')}`,
  amountPositive: 'A limit must be more than 0',
  /** A deposit over what a limit leaves (minor units, USD). */
  depositOverLimit: (period: LimitPeriod, limit: number, left: number) =>
    `This deposit is over your ${periodWords[period]} deposit limit of ${formatMoney(limit, 'USD')}: ${formatMoney(left, 'USD')} is left`,
  /** A bet over what a loss or wager limit leaves: one fixed text per limit, so the game pages translate it. */
  betOverLimit: (kind: 'LOSS' | 'WAGER', period: LimitPeriod) =>
    `This bet is over your ${periodWords[period]} ${kindWords[kind]} limit`,
} as const;

/** Every fixed refusal text of a bet, for the game pages' translations. */
export const betOverLimitMessages = (['LOSS', 'WAGER'] as const).flatMap((kind) =>
  limitPeriods.map((period) => responsibleGamingMessages.betOverLimit(kind, period)),
);

/** PUT /profile/responsible-gaming/limits: set, lower, raise or (amount null) remove one limit. */
export const setLimitSchema = z.object({
  kind: z.enum(limitKinds, { error: responsibleGamingMessages.kind }),
  period: z.enum(limitPeriods, { error: responsibleGamingMessages.period }),
  amount: amountSchema.refine((v) => v > 0, responsibleGamingMessages.amountPositive).nullable(),
});
export type SetLimit = z.infer<typeof setLimitSchema>;

/** The deposit limit a player may choose in the sign-up form (optional): in force from the account's start. */
export const signUpDepositLimitSchema = z.object({
  period: z.enum(limitPeriods, { error: responsibleGamingMessages.period }),
  amount: amountSchema.refine((v) => v > 0, responsibleGamingMessages.amountPositive),
});
export type SignUpDepositLimit = z.infer<typeof signUpDepositLimitSchema>;

export const limitViewSchema = z.object({
  kind: z.enum(limitKinds),
  period: z.enum(limitPeriods),
  /** The limit in force (USD), null when none. */
  amount: z.number().nullable(),
  /** A raise or removal waiting for its time; amount null: the limit goes. */
  pending: z.object({ amount: z.number().nullable(), effectiveAt: z.string() }).nullable(),
  /** Counted in the rolling window so far (deposits, stakes, or stakes − wins). */
  used: z.number(),
  /** What the limit in force still allows; null without a limit. */
  left: z.number().nullable(),
});
export type LimitView = z.infer<typeof limitViewSchema>;

export const limitsOverviewSchema = z.object({ limits: z.array(limitViewSchema) });
export type LimitsOverview = z.infer<typeof limitsOverviewSchema>;

/** The refusal's details, so a client can say it in the reader's language. */
export const limitRefusalSchema = z.object({
  kind: z.enum(limitKinds),
  period: z.enum(limitPeriods),
  limit: z.number(),
  left: z.number(),
});
export type LimitRefusal = z.infer<typeof limitRefusalSchema>;

/* Time-outs and self-exclusions: the player's own break from play. */

export const timeOutPeriods = ['DAY', 'WEEK', 'MONTH', 'SIX_WEEKS'] as const;
export type TimeOutPeriod = (typeof timeOutPeriods)[number];
export const timeOutDays: Record<TimeOutPeriod, number> = { DAY: 1, WEEK: 7, MONTH: 30, SIX_WEEKS: 42 };

export const exclusionPeriods = ['SIX_MONTHS', 'ONE_YEAR', 'TWO_YEARS', 'FIVE_YEARS', 'INDEFINITE'] as const;
export type ExclusionPeriod = (typeof exclusionPeriods)[number];
/** Months; an indefinite exclusion may be ended on request after the shortest period, six months. */
export const exclusionMonths: Record<ExclusionPeriod, number> = {
  SIX_MONTHS: 6,
  ONE_YEAR: 12,
  TWO_YEARS: 24,
  FIVE_YEARS: 60,
  INDEFINITE: 6,
};

/** The cooling-off between asking to return from a self-exclusion and being able to play again. */
export const RETURN_COOLING_OFF_HOURS = 24;

export const timeOutSchema = z.object({
  period: z.enum(timeOutPeriods, { error: `period must be one of ${timeOutPeriods.join(', ')}` }),
});
export const selfExclusionSchema = z.object({
  period: z.enum(exclusionPeriods, { error: `period must be one of ${exclusionPeriods.join(', ')}` }),
});
export const restrictionResponseSchema = z.object({
  kind: z.enum(['TIME_OUT', 'SELF_EXCLUSION']),
  /** Null: until the player asks to return (from returnAllowedAt) and the cooling-off has passed. */
  endsAt: z.string().nullable(),
  returnAllowedAt: z.string().nullable(),
});
export type RestrictionResponse = z.infer<typeof restrictionResponseSchema>;

/**
 * The reason a self-exclusion recorded from the national self-exclusion register (GAMSTOP in Great Britain)
 * carries: the player's client and the back office tell it apart from one the player chose here.
 */
export const NATIONAL_REGISTER_REASON = 'National self-exclusion register';

/** Who recorded a self-exclusion: the player here, or the national register's answer. */
export const restrictionSourceOf = (reason: string) =>
  reason === NATIONAL_REGISTER_REASON ? ('NATIONAL_REGISTER' as const) : ('PLAYER' as const);

const utc = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

export const restrictionMessages = {
  /** Sign-in refused during a time-out or self-exclusion, saying until when. */
  signInRefused: (
    kind: 'TIME_OUT' | 'SELF_EXCLUSION',
    endsAt: string | null,
    returnAllowedAt: string | null,
  ) =>
    kind === 'TIME_OUT'
      ? `You are taking a break from play until ${utc(endsAt ?? '')}`
      : endsAt
        ? `You have excluded yourself from play until ${utc(endsAt)}`
        : `You have excluded yourself from play; you can ask to return from ${utc(returnAllowedAt ?? '')}`,
  cannotShorten: 'You already have a longer break from play in force: it cannot be shortened',
  returnTooEarly: (from: string) => `You can ask to return from ${utc(from)}`,
  notExcluded: 'This account has no self-exclusion in force',
  /** Sign-in refused: the national self-exclusion register names the player. */
  nationalRegister:
    'You are registered with a national self-exclusion scheme (such as GAMSTOP), so you cannot sign in or play here while it lasts',
  /** The register could not be asked and the player has no recent answer: sign-in waits for it. */
  registerUnavailable:
    'We cannot check the national self-exclusion register right now. Please try again in a few minutes',
} as const;

/* Play sessions, reality checks and the daily play-time limit (issue 28, points 2 and 3). */

/** A play session ends after this long without a bet; the next bet starts a new one. */
export const PLAY_SESSION_IDLE_MINUTES = 30;

/** The reality check's intervals the player may choose (null: off). */
export const realityCheckIntervals = [15, 30, 60] as const;
export type RealityCheckInterval = (typeof realityCheckIntervals)[number];

/** The daily play-time limits the player may choose, in minutes: 30 minutes to 8 hours (null: none). */
export const playTimeLimitChoices = [30, 60, 90, 120, 180, 240, 360, 480] as const;

export const playSessionMessages = {
  interval: `intervalMinutes must be one of ${realityCheckIntervals.join(', ')}, or null`,
  minutes: `minutes must be one of ${playTimeLimitChoices.join(', ')}, or null`,
  /** A bet after the day's play time: a fixed text (the day ends at midnight UTC), so the game pages translate it. */
  playTimeReached: 'You have reached your daily play-time limit: you can play again after midnight UTC',
} as const;

/** PUT /profile/responsible-gaming/reality-check */
export const setRealityCheckSchema = z.object({
  intervalMinutes: z
    .number({ error: playSessionMessages.interval })
    .refine((v) => (realityCheckIntervals as readonly number[]).includes(v), playSessionMessages.interval)
    .nullable(),
});
export type SetRealityCheck = z.infer<typeof setRealityCheckSchema>;

/** PUT /profile/responsible-gaming/play-time-limit: lowered at once, raised or removed after 24 hours. */
export const setPlayTimeLimitSchema = z.object({
  minutes: z
    .number({ error: playSessionMessages.minutes })
    .refine((v) => (playTimeLimitChoices as readonly number[]).includes(v), playSessionMessages.minutes)
    .nullable(),
});
export type SetPlayTimeLimit = z.infer<typeof setPlayTimeLimitSchema>;

/** GET /profile/responsible-gaming/play-session: the current play session and the player's play settings. */
export const playSessionViewSchema = z.object({
  /** The server's time of the answer, so a client counts elapsed time on the server's clock. */
  now: z.string(),
  /** The session in progress (a bet within the last 30 minutes), or null. Amounts in USD. */
  session: z
    .object({
      startedAt: z.string(),
      lastBetAt: z.string(),
      stakes: z.number(),
      wins: z.number(),
      /** Wins − stakes. */
      net: z.number(),
    })
    .nullable(),
  realityCheck: z.object({
    intervalMinutes: z.number().nullable(),
    /** The interval as the clock counts it (intervalMinutes × 60 except on test rigs), null when off. */
    everySeconds: z.number().nullable(),
  }),
  playTime: z.object({
    /** The daily limit in force, in minutes; null when none. */
    limitMinutes: z.number().nullable(),
    pending: z.object({ minutes: z.number().nullable(), effectiveAt: z.string() }).nullable(),
    /** Play time of the current UTC day so far, in seconds. */
    playedTodaySeconds: z.number(),
    /** When the limit is reached: the moment play is possible again (the next midnight UTC). */
    blockedUntil: z.string().nullable(),
  }),
});
export type PlaySessionView = z.infer<typeof playSessionViewSchema>;
