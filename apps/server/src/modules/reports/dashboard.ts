import { DASHBOARD_DAYS, type Dashboard, type DashboardFigures } from '@paws/contracts/staff-reports';
import { fromMinor } from '@paws/contracts/wallet';
import { type AnyColumn, and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addDays, dayOf, daysBetween } from './days.ts';
import { reportPlayerDays, reportRollupDays } from './schema.ts';

export interface DashboardDeps {
  db: Db;
  /** Withdrawals waiting for staff: how many, and their sum in USD cents. */
  pendingWithdrawals(): Promise<{ count: number; amount: number }>;
  /** Verifications waiting for staff. */
  pendingVerifications(): Promise<number>;
  now: () => Date;
}

interface MinorFigures {
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
/** A bonus dollar (BONUS_USD) costs a dollar. */
const bonusCosts =
  sql<number>`coalesce(sum(${p.bonusCosts}) filter (where ${p.currencyCode} in ('USD', 'BONUS_USD')), 0)`.mapWith(
    Number,
  );
const activePlayers = sql<number>`count(distinct ${p.userId}) filter (where ${p.bets} > 0)`.mapWith(Number);

function toFigures(m: MinorFigures): DashboardFigures {
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

const empty: MinorFigures = {
  deposits: 0,
  withdrawals: 0,
  stakes: 0,
  wins: 0,
  bonusCosts: 0,
  activePlayers: 0,
};

/**
 * The dashboard, read from the daily rollups: today (UTC) and the 30 days ending today, with a daily series,
 * plus what waits for staff now (asked of payments and KYC).
 */
export function createDashboard({ db, pendingWithdrawals, pendingVerifications, now }: DashboardDeps) {
  return async function dashboard(): Promise<Omit<Dashboard, 'openTickets'>> {
    const today = dayOf(now());
    const first = addDays(today, -(DASHBOARD_DAYS - 1));
    const inRange = and(gte(p.day, first), lte(p.day, today));
    const figures = {
      deposits: usd(p.deposits),
      withdrawals: usd(p.withdrawals),
      stakes: usd(p.stakes),
      wins: usd(p.wins),
      bonusCosts,
      activePlayers,
    };
    const [byDay, [period], [asOf], withdrawals, verifications] = await Promise.all([
      db
        .select({ day: p.day, ...figures })
        .from(p)
        .where(inRange)
        .groupBy(p.day),
      db.select(figures).from(p).where(inRange),
      db
        .select({ computedAt: reportRollupDays.computedAt })
        .from(reportRollupDays)
        .where(eq(reportRollupDays.day, today)),
      pendingWithdrawals(),
      pendingVerifications(),
    ]);
    const days = new Map(byDay.map(({ day, ...m }) => [day, m]));
    const series = daysBetween(first, today).map((day) => ({ day, ...toFigures(days.get(day) ?? empty) }));
    return {
      currency: 'USD',
      today,
      asOf: asOf?.computedAt.toISOString() ?? null,
      todayFigures: toFigures(days.get(today) ?? empty),
      last30Days: toFigures(period ?? empty),
      series,
      pendingWithdrawals: { count: withdrawals.count, amount: fromMinor(withdrawals.amount, 'USD') },
      pendingVerifications: { count: verifications },
    };
  };
}
