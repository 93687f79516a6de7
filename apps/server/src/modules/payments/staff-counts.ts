import { and, count, eq, isNull, or, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { balanceTransactions } from './schema.ts';

/**
 * Withdrawals waiting for staff (the back office's dashboard): still PENDING and not yet reviewed (a
 * withdrawal from before reviews existed has no review and counts while it is pending). Amount in USD cents.
 */
export async function pendingWithdrawalCount(db: Db): Promise<{ count: number; amount: number }> {
  const [row] = await db
    .select({
      count: count(),
      amount: sum(
        sql`case when ${balanceTransactions.currencyCode} = 'USD' then ${balanceTransactions.amount} else 0 end`,
      ).mapWith(Number),
    })
    .from(balanceTransactions)
    .where(
      and(
        eq(balanceTransactions.type, 'WITHDRAW'),
        eq(balanceTransactions.status, 'PENDING'),
        or(isNull(balanceTransactions.review), eq(balanceTransactions.review, 'AWAITING_REVIEW')),
      ),
    );
  return { count: row?.count ?? 0, amount: row?.amount ?? 0 };
}
