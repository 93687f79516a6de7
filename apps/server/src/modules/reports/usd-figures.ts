import type { DashboardFigures } from '@paws/contracts/staff-reports';
import { fromMinor } from '@paws/contracts/wallet';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reportPlayerDays } from './schema.ts';

/**
 * Money and play in US dollars, read from the player rollups: the one set of figures the dashboard and the
 * reports' summary both show, so they cannot disagree.
 */
export interface UsdMinorFigures {
  deposits: number;
  withdrawals: number;
  stakes: number;
  wins: number;
  bonusCosts: number;
  activePlayers: number;
}

const p = reportPlayerDays;
const usd = (column: AnyColumn) =>
  sql<number>`coalesce(sum(${column}) filter (where ${p.currencyCode} = 'USD'), 0)`.mapWith(Number);

/** The select list of the figures (grouped by what the caller groups by). */
export const usdFigureColumns = {
  deposits: usd(p.deposits),
  withdrawals: usd(p.withdrawals),
  stakes: usd(p.stakes),
  wins: usd(p.wins),
  // A bonus dollar (BONUS_USD) costs a dollar.
  bonusCosts:
    sql<number>`coalesce(sum(${p.bonusCosts}) filter (where ${p.currencyCode} in ('USD', 'BONUS_USD')), 0)`.mapWith(
      Number,
    ),
  activePlayers: sql<number>`count(distinct ${p.userId}) filter (where ${p.bets} > 0)`.mapWith(Number),
};

export const noUsdFigures: UsdMinorFigures = {
  deposits: 0,
  withdrawals: 0,
  stakes: 0,
  wins: 0,
  bonusCosts: 0,
  activePlayers: 0,
};

export function toUsdFigures(m: UsdMinorFigures): DashboardFigures {
  const ggr = m.stakes - m.wins;
  return {
    deposits: fromMinor(m.deposits, 'USD'),
    withdrawals: fromMinor(m.withdrawals, 'USD'),
    stakes: fromMinor(m.stakes, 'USD'),
    wins: fromMinor(m.wins, 'USD'),
    ggr: fromMinor(ggr, 'USD'),
    bonusCosts: fromMinor(m.bonusCosts, 'USD'),
    ngr: fromMinor(ggr - m.bonusCosts, 'USD'),
    activePlayers: m.activePlayers,
  };
}

/** The figures over the player rollup rows `where` matches. */
export async function usdFiguresOf(db: Db, where: SQL | undefined): Promise<DashboardFigures> {
  const [row] = await db.select(usdFigureColumns).from(p).where(where);
  return toUsdFigures(row ?? noUsdFigures);
}
