import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps } from '../../db/columns.ts';

const at = () => timestamp({ withTimezone: true, mode: 'date' });
const cents = () => bigint({ mode: 'number' });

/**
 * The studio's own tables. No foreign keys to the operator's tables (users, wallet): the studio is a
 * provider and could run on its own database; it knows players only by the wallet's user id.
 */

/** One-time launch codes (stored hashed): the game page trades one for a studio session. */
export const studioLaunches = pgTable('studio_launches', {
  codeHash: text().primaryKey(),
  /** The operator's wallet session token the catalogue opened for this launch. */
  sessionToken: text().notNull(),
  gameCode: text().notNull(),
  currency: text().notNull(),
  username: text().notNull(),
  /** Extra wallet sessions by currency (the slot's FREE_SPINS and USD). */
  extraSessions: jsonb().$type<Record<string, string>>().notNull().default({}),
  expiresAt: at().notNull(),
  usedAt: at(),
  createdAt: createdAt(),
});

/** A game page's session: the bearer token (hashed) and the wallet session it plays on. */
export const studioSessions = pgTable(
  'studio_sessions',
  {
    tokenHash: text().primaryKey(),
    walletSessionToken: text().notNull(),
    userId: uuid().notNull(),
    username: text().notNull(),
    gameCode: text().notNull(),
    currency: text().notNull(),
    extraSessions: jsonb().$type<Record<string, string>>().notNull().default({}),
    expiresAt: at().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

/**
 * Seed pairs: per player and game while in use (revealedAt null), and the live roulette table's
 * (userId null, game 'european-roulette'). `nonce` is the next round's nonce (for the table: the
 * number of rounds drawn with it).
 */
export const studioSeedPairs = pgTable(
  'studio_seed_pairs',
  {
    id: id(),
    userId: uuid(),
    game: text().notNull(),
    serverSeed: text().notNull(),
    serverSeedHash: text().notNull(),
    clientSeed: text().notNull(),
    nonce: integer().notNull().default(0),
    revealedAt: at(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('studio_seed_pairs_active_player')
      .on(t.userId, t.game)
      .where(sql`${t.revealedAt} is null and ${t.userId} is not null`),
    uniqueIndex('studio_seed_pairs_active_table')
      .on(t.game)
      .where(sql`${t.revealedAt} is null and ${t.userId} is null`),
  ],
);

/**
 * A player's round. Amounts in cents of the stake's currency. `state` holds a multi-step game in
 * progress (blackjack shoe, video poker draw: secret until finished); `result` is the public view.
 */
export const studioRounds = pgTable(
  'studio_rounds',
  {
    id: uuid().primaryKey(),
    userId: uuid().notNull(),
    game: text().notNull(),
    seedPairId: uuid()
      .notNull()
      .references(() => studioSeedPairs.id),
    nonce: integer().notNull(),
    walletSessionToken: text().notNull(),
    currency: text().notNull(),
    stake: cents().notNull(),
    payout: cents().notNull().default(0),
    /** Increments with each step of a multi-step round (optimistic concurrency). */
    step: integer().notNull().default(0),
    state: jsonb(),
    result: jsonb(),
    finished: boolean().notNull().default(false),
    /** When the win (if any) was credited by the wallet. */
    paidAt: at(),
    ...timestamps,
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    index().on(t.userId, t.game, t.createdAt),
    // One open round per player in a multi-step game, held by the database: a check before the insert
    // let 47 of 50 parallel deals through.
    uniqueIndex('studio_rounds_one_open_multi_step')
      .on(t.userId, t.game)
      .where(sql`not ${t.finished} and ${t.game} in ('blackjack', 'video-poker')`),
  ],
);

/** The live roulette table's rounds: one row per spin, shared by every process. */
export const studioRouletteRounds = pgTable('studio_roulette_rounds', {
  roundNumber: integer().primaryKey(),
  seedPairId: uuid()
    .notNull()
    .references(() => studioSeedPairs.id),
  phase: text().$type<'BETTING' | 'SPINNING' | 'RESULT'>().notNull(),
  number: smallint(),
  bettingEndsAt: at().notNull(),
  spinningEndsAt: at().notNull(),
  resultEndsAt: at().notNull(),
  settledAt: at(),
  createdAt: createdAt(),
});

/** One placement of bets on a table round (its studio_rounds row has the same id). */
export const studioRouletteBets = pgTable(
  'studio_roulette_bets',
  {
    roundId: uuid()
      .primaryKey()
      .references(() => studioRounds.id),
    roundNumber: integer()
      .notNull()
      .references(() => studioRouletteRounds.roundNumber),
    userId: uuid().notNull(),
    /** The bets in cents, as parsed. */
    bets: jsonb().notNull(),
    totalStake: cents().notNull(),
    settledAt: at(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.roundNumber)],
);

/**
 * A debit the studio is about to ask of the wallet, written before the call (the intent): the round's
 * opening bet (step null) or a later step's extra stake. The transaction that records the round or the
 * step deletes it; one left behind by a crash is settled by the recovery job (recovery.ts): refunded when
 * its round or step never happened.
 */
export const studioPendingDebits = pgTable(
  'studio_pending_debits',
  {
    transactionId: text().primaryKey(),
    roundId: uuid().notNull(),
    userId: uuid().notNull(),
    currency: text().notNull(),
    /** The step the extra stake is for (the round's step counter after it); null for the opening bet. */
    step: integer(),
    action: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);
