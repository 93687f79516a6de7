import type { PlayerBonus } from '@paws/contracts/staff-players';
import type { StaffTimelineEntry, StaffTimelineWindow } from '@paws/contracts/staff-timeline';
import { formatMoney, fromMinor } from '@paws/contracts/wallet';
import { and, asc, count, desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bonusRules, userBonuses } from './schema.ts';

export interface BonusesPlayerQuery {
  page: number;
  limit: number;
  sort: 'createdAt' | 'amount';
  order: 'asc' | 'desc';
}

/** The back office's player page: the bonuses credited to the player, with the rule that paid each. */
export function createBonusesPlayerReads(db: DbOrTx) {
  return {
    async playerBonuses(
      userId: string,
      query: BonusesPlayerQuery,
    ): Promise<{ items: PlayerBonus[]; total: number }> {
      const where = eq(userBonuses.userId, userId);
      const direction = query.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select({ bonus: userBonuses, rule: bonusRules })
          .from(userBonuses)
          .innerJoin(bonusRules, eq(bonusRules.id, userBonuses.ruleId))
          .where(where)
          .orderBy(
            direction(query.sort === 'amount' ? userBonuses.amountMinor : userBonuses.createdAt),
            direction(userBonuses.id),
          )
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ count: count() }).from(userBonuses).where(where),
      ]);
      const items = rows.map(({ bonus, rule }) => ({
        id: bonus.id,
        ruleCode: rule.code,
        ruleName: rule.name,
        kind: rule.kind,
        periodKey: bonus.periodKey,
        amount: fromMinor(bonus.amountMinor, bonus.currency),
        currencyCode: bonus.currency,
        createdAt: bonus.createdAt.toISOString(),
      }));
      return { items, total: total?.count ?? 0 };
    },

    /** The player page's timeline: each bonus credited, with the rule that paid it. */
    async timeline({ userId, before, limit }: StaffTimelineWindow): Promise<StaffTimelineEntry[]> {
      const rows = await db
        .select({ bonus: userBonuses, rule: bonusRules })
        .from(userBonuses)
        .innerJoin(bonusRules, eq(bonusRules.id, userBonuses.ruleId))
        .where(and(eq(userBonuses.userId, userId), lt(userBonuses.createdAt, before)))
        .orderBy(desc(userBonuses.createdAt))
        .limit(limit);
      return rows.map(({ bonus, rule }) => ({
        id: `bonus:${bonus.id}`,
        at: bonus.createdAt.toISOString(),
        kind: 'bonus' as const,
        title: `Bonus ${formatMoney(bonus.amountMinor, bonus.currency)} · ${rule.name}`,
        detail: `${rule.kind} · ${bonus.periodKey}`,
        link: `/players/${userId}?tab=bonuses`,
      }));
    },
  };
}
export type BonusesPlayerReads = ReturnType<typeof createBonusesPlayerReads>;
