import type { CurrencyCode } from '@paws/contracts/wallet';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const minor = () => bigint({ mode: 'number' }).notNull().default(0);
const day = () => date({ mode: 'string' }).notNull();
const at = () => timestamp({ withTimezone: true, mode: 'date' }).notNull();

/**
 * The reports' daily rollups, computed from the wallet ledger by the rollup job (reports/rollups.ts) and
 * rewritten only where the ledger says otherwise. Days are UTC; amounts are minor units of the currency.
 * userId is a plain uuid, like the wallet's (no foreign key to identity).
 */
export const reportPlayerDays = pgTable(
  'report_player_days',
  {
    day: day(),
    userId: uuid().notNull(),
    currencyCode: text().$type<CurrencyCode>().notNull(),
    /** Bets that stand: debits minus rollback refunds posted that day. */
    stakes: minor(),
    wins: minor(),
    deposits: minor(),
    /** Holds minus released (declined) withdrawals posted that day. */
    withdrawals: minor(),
    /** Signed. */
    adjustments: minor(),
    /** Bonus credits. */
    bonusCosts: minor(),
    bets: integer().notNull().default(0),
    updatedAt: at(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId, t.currencyCode] }), index().on(t.userId, t.day)],
);

export const reportGameDays = pgTable(
  'report_game_days',
  {
    day: day(),
    providerCode: text().notNull(),
    gameCode: text().notNull(),
    currencyCode: text().$type<CurrencyCode>().notNull(),
    stakes: minor(),
    wins: minor(),
    bets: integer().notNull().default(0),
    updatedAt: at(),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.providerCode, t.gameCode, t.currencyCode] }),
    index().on(t.providerCode, t.gameCode, t.day),
  ],
);

/** The days the job has computed, and when last: the dashboard's "as of", and which past days to fill. */
export const reportRollupDays = pgTable('report_rollup_days', {
  day: date({ mode: 'string' }).primaryKey(),
  computedAt: at(),
});
