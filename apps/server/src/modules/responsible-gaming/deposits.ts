import {
  type LimitRefusal,
  limitPeriodHours,
  responsibleGamingMessages,
} from '@paws/contracts/responsible-gaming';
import { fromMinor } from '@paws/contracts/wallet';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { stateAt } from './limit-state.ts';
import { rgDeposits, rgLimits } from './schema.ts';

const HOUR = 3_600_000;

/** Deposits counted in the exact rolling window of `hours` before `at` (minor units). */
export async function depositsWithin(q: DbOrTx, userId: string, at: Date, hours: number) {
  const [row] = await q
    .select({ total: sql<string>`coalesce(sum(${rgDeposits.amount}), 0)` })
    .from(rgDeposits)
    .where(and(eq(rgDeposits.userId, userId), gt(rgDeposits.at, new Date(at.getTime() - hours * HOUR))));
  return Number(row?.total ?? 0);
}

/**
 * Deposit limits, where payments moves the money: a deposit is claimed against the player's limits before it
 * is captured (under the player's lock, so two at once cannot both fit in what is left), and released when
 * the capture fails.
 */
export function createDepositLimits({ db, now }: { db: Db; now: () => Date }) {
  async function claim(userId: string, paymentId: string, amount: number) {
    const at = now();
    await db.transaction(async (tx) => {
      const locked = await tx.execute(sql`select 1 from rg_accounts where user_id = ${userId} for update`);
      // Every deposit is kept (a limit set later counts the window's earlier ones); only a player with
      // limits is checked.
      const limited = (locked as unknown as { rows: unknown[] }).rows.length > 0;
      const rows = !limited
        ? []
        : await tx
            .select()
            .from(rgLimits)
            .where(and(eq(rgLimits.userId, userId), eq(rgLimits.kind, 'DEPOSIT')));
      let tightest: LimitRefusal | null = null;
      for (const row of rows) {
        const limit = stateAt(row, at).amount;
        if (limit === null) continue;
        const left = Math.max(
          0,
          limit - (await depositsWithin(tx, userId, at, limitPeriodHours[row.period])),
        );
        if (amount > left && (tightest === null || left < tightest.left))
          tightest = { kind: 'DEPOSIT', period: row.period, limit, left };
      }
      if (tightest) {
        throw new AppError(
          403,
          responsibleGamingMessages.depositOverLimit(tightest.period, tightest.limit, tightest.left),
          'amount',
          {
            limit: {
              ...tightest,
              limit: fromMinor(tightest.limit, 'USD'),
              left: fromMinor(tightest.left, 'USD'),
            },
          },
        );
      }
      await tx.insert(rgDeposits).values({ paymentId, userId, amount, at }).onConflictDoNothing();
    });
  }

  async function release(paymentId: string) {
    await db.delete(rgDeposits).where(eq(rgDeposits.paymentId, paymentId));
  }

  return { claim, release };
}

export type DepositLimits = ReturnType<typeof createDepositLimits>;
