import type { StaffTimelineEntry, StaffTimelineWindow } from '@paws/contracts/staff-timeline';
import { formatMoney } from '@paws/contracts/wallet';
import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { reportPlayerDays } from './schema.ts';

const DAY_MS = 86_400_000;

/**
 * The bets' part of the player page's timeline: one line per day played, from the daily rollup (kept at most
 * five minutes behind), so a day costs one row however many rounds it had. A day stands at its last moment.
 */
export function createReportsTimeline(db: DbOrTx) {
  return {
    async timeline({ userId, before, limit }: StaffTimelineWindow): Promise<StaffTimelineEntry[]> {
      const t = reportPlayerDays;
      // A day's last moment is before `before` when the whole day is at least a day before it.
      const lastDay = new Date(before.getTime() - DAY_MS).toISOString().slice(0, 10);
      const rows = await db
        .select()
        .from(t)
        .where(and(eq(t.userId, userId), lte(t.day, lastDay), gt(t.bets, 0)))
        .orderBy(desc(t.day))
        .limit(limit);
      return rows.map((row) => {
        const net = row.wins - row.stakes;
        const sign = net < 0 ? '-' : '+';
        return {
          id: `bets:${row.day}:${row.currencyCode}`,
          at: `${row.day}T23:59:59.999Z`,
          kind: 'bets' as const,
          title: `${row.bets} ${row.bets === 1 ? 'bet' : 'bets'} on ${row.day} (UTC)`,
          detail: `Staked ${formatMoney(row.stakes, row.currencyCode)} · won ${formatMoney(row.wins, row.currencyCode)} · net ${sign}${formatMoney(net, row.currencyCode)}`,
          link: `/players/${userId}?tab=bets`,
        };
      });
    },
  };
}
