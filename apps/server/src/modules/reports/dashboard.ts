import { DASHBOARD_DAYS, type Dashboard } from '@paws/contracts/staff-reports';
import { fromMinor } from '@paws/contracts/wallet';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { addDays, dayOf, daysBetween } from './days.ts';
import { reportPlayerDays, reportRollupDays } from './schema.ts';
import { noUsdFigures, toUsdFigures, usdFigureColumns, usdFiguresOf } from './usd-figures.ts';

export interface DashboardDeps {
  db: Db;
  /** Withdrawals waiting for staff: how many, and their sum in USD cents. */
  pendingWithdrawals(): Promise<{ count: number; amount: number }>;
  /** Verifications waiting for staff. */
  pendingVerifications(): Promise<number>;
  now: () => Date;
}

const p = reportPlayerDays;

/**
 * The dashboard, read from the daily rollups: today (UTC) and the 30 days ending today, with a daily series,
 * plus what waits for staff now (asked of payments and KYC).
 */
export function createDashboard({ db, pendingWithdrawals, pendingVerifications, now }: DashboardDeps) {
  return async function dashboard(): Promise<Omit<Dashboard, 'openTickets'>> {
    const today = dayOf(now());
    const first = addDays(today, -(DASHBOARD_DAYS - 1));
    const inRange = and(gte(p.day, first), lte(p.day, today));
    const [byDay, period, [asOf], withdrawals, verifications] = await Promise.all([
      db
        .select({ day: p.day, ...usdFigureColumns })
        .from(p)
        .where(inRange)
        .groupBy(p.day),
      usdFiguresOf(db, inRange),
      db
        .select({ computedAt: reportRollupDays.computedAt })
        .from(reportRollupDays)
        .where(eq(reportRollupDays.day, today)),
      pendingWithdrawals(),
      pendingVerifications(),
    ]);
    const days = new Map(byDay.map(({ day, ...m }) => [day, m]));
    const series = daysBetween(first, today).map((day) => ({
      day,
      ...toUsdFigures(days.get(day) ?? noUsdFigures),
    }));
    return {
      currency: 'USD',
      today,
      asOf: asOf?.computedAt.toISOString() ?? null,
      todayFigures: toUsdFigures(days.get(today) ?? noUsdFigures),
      last30Days: period,
      series,
      pendingWithdrawals: { count: withdrawals.count, amount: fromMinor(withdrawals.amount, 'USD') },
      pendingVerifications: { count: verifications },
    };
  };
}
