import type { LimitKind } from '@paws/contracts/responsible-gaming';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.ts';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/** PLAY_TIME appears only in rg_limit_changes (the play-time limit itself lives in rg_play_settings). */
export const rgLimitKind = pgEnum('rg_limit_kind', ['DEPOSIT', 'LOSS', 'WAGER', 'PLAY_TIME']);
export const rgLimitPeriod = pgEnum('rg_limit_period', ['DAY', 'WEEK', 'MONTH']);

/**
 * One row per player who has (or had) a limit: its presence makes the wallet count the player's play and
 * check their bets, and bets and deposits of a limited player take its lock, so concurrent ones see each other.
 */
export const rgAccounts = pgTable('rg_accounts', {
  userId: uuid().primaryKey(),
  createdAt: at().notNull().defaultNow(),
});

/** A limit: in force (`amount`), and a raise or removal waiting for `nextFrom` (`nextAmount` null: removal). */
export const rgLimits = pgTable(
  'rg_limits',
  {
    userId: uuid().notNull(),
    /** A money limit only: the play-time limit is in rg_play_settings. */
    kind: rgLimitKind().$type<LimitKind>().notNull(),
    period: rgLimitPeriod().notNull(),
    /** Minor units (USD); null when no limit is in force. */
    amount: bigint({ mode: 'number' }),
    nextAmount: bigint({ mode: 'number' }),
    nextFrom: at(),
    updatedAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.period] })],
);

/** Every change asked for, by the player or applied by the clock: the history staff read. */
export const rgLimitChanges = pgTable(
  'rg_limit_changes',
  {
    id: id(),
    userId: uuid().notNull(),
    kind: rgLimitKind().notNull(),
    period: rgLimitPeriod().notNull(),
    fromAmount: bigint({ mode: 'number' }),
    toAmount: bigint({ mode: 'number' }),
    requestedAt: at().notNull(),
    effectiveAt: at().notNull(),
    /** 'player' or 'staff:<id>'. */
    requestedBy: text().notNull(),
  },
  (t) => [index('rg_limit_changes_user_idx').on(t.userId, t.requestedAt)],
);

/**
 * A limited player's real-money play per hour: stakes and wins (minor units). Written by the wallet's bet and
 * win statements (the text this module gives it), summed over the hours of a window.
 */
export const rgPlayHours = pgTable(
  'rg_play_hours',
  {
    userId: uuid().notNull(),
    hour: at().notNull(),
    stakes: bigint({ mode: 'number' }).notNull().default(0),
    wins: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hour] })],
);

/** Deposits counted against deposit limits, claimed before the capture and released if it fails. */
export const rgDeposits = pgTable(
  'rg_deposits',
  {
    paymentId: uuid().primaryKey(),
    userId: uuid().notNull(),
    amount: bigint({ mode: 'number' }).notNull(),
    at: at().notNull(),
  },
  (t) => [index('rg_deposits_user_at_idx').on(t.userId, t.at)],
);

/* Markers of harm (issue 28, point 8): this module's own facts, kept from domain events, and the daily scores. */

export const rgContactChannel = pgEnum('rg_contact_channel', [
  'PHONE',
  'EMAIL',
  'LIVE_CHAT',
  'IN_APP_MESSAGE',
]);
export const rgContactOutcome = pgEnum('rg_contact_outcome', [
  'NOT_REACHED',
  'NO_CONCERN',
  'ADVICE_GIVEN',
  'LIMITS_AGREED',
  'BREAK_TAKEN',
  'REFERRED_TO_SUPPORT',
]);

/**
 * Every player's real-money (USD) activity per hour, folded from wallet.moved: bets, stakes, wins (rolled-back
 * stakes count as wins), deposits and withdrawal money returned. One upsert per event batch and player-hour;
 * the daily scoring reads the last weeks and drops rows older than 35 days.
 */
export const rgActivityHours = pgTable(
  'rg_activity_hours',
  {
    userId: uuid().notNull(),
    hour: at().notNull(),
    bets: bigint({ mode: 'number' }).notNull().default(0),
    stakes: bigint({ mode: 'number' }).notNull().default(0),
    wins: bigint({ mode: 'number' }).notNull().default(0),
    deposits: bigint({ mode: 'number' }).notNull().default(0),
    released: bigint({ mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hour] }), index('rg_activity_hours_hour_idx').on(t.hour)],
);

/** A day's score of a player on the markers of harm (only scores above 0 are kept), with its reasons. */
export const rgHarmScores = pgTable(
  'rg_harm_scores',
  {
    day: text().notNull(),
    userId: uuid().notNull(),
    score: bigint({ mode: 'number' }).notNull(),
    /** [{ marker, detail }]. */
    reasons: jsonb().$type<{ marker: string; detail: string }[]>().notNull(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] }), index('rg_harm_scores_user_idx').on(t.userId, t.day)],
);

/** A staff member's contact with a player about their gambling (audited), shown in the player's history. */
export const rgContacts = pgTable(
  'rg_contacts',
  {
    id: id(),
    userId: uuid().notNull(),
    staffId: uuid().notNull(),
    channel: rgContactChannel().notNull(),
    outcome: rgContactOutcome().notNull(),
    note: text().notNull().default(''),
    at: at().notNull(),
  },
  (t) => [index('rg_contacts_user_idx').on(t.userId, t.at)],
);
/**
 * The player's current play session (real money): written by the wallet's bet and win statements (one row per
 * player, so O(1) per bet), with the play time of the UTC day the daily play-time limit counts.
 */
export const rgPlaySessions = pgTable('rg_play_sessions', {
  userId: uuid().primaryKey(),
  startedAt: at().notNull(),
  lastBetAt: at().notNull(),
  /** Minor units (USD) since startedAt. */
  stakes: bigint({ mode: 'number' }).notNull().default(0),
  wins: bigint({ mode: 'number' }).notNull().default(0),
  /** The UTC day dayPlayedMs counts (its midnight). */
  day: at().notNull(),
  dayPlayedMs: bigint({ mode: 'number' }).notNull().default(0),
});

/** Reality checks and the daily play-time limit (minutes), with a raise or removal pending like rg_limits'. */
export const rgPlaySettings = pgTable('rg_play_settings', {
  userId: uuid().primaryKey(),
  realityCheckMinutes: integer(),
  playTimeLimit: integer(),
  nextPlayTimeLimit: integer(),
  nextPlayTimeFrom: at(),
  updatedAt: at().notNull().defaultNow(),
});

/**
 * The national self-exclusion register's last answer per player: the register is asked again only after
 * 24 hours (one primary-key read per sign-in otherwise).
 */
export const rgRegisterChecks = pgTable('rg_register_checks', {
  userId: uuid().primaryKey(),
  /** Y (registered), N (not) or P (previously, now ended). */
  answer: text().notNull(),
  checkedAt: at().notNull(),
  /** The register's id for the check (GAMSTOP's X-Unique-Id). */
  reference: text(),
});
