import type { PlayerPayment } from '@paws/contracts/staff-players';
import type { StaffTimelineEntry, StaffTimelineWindow } from '@paws/contracts/staff-timeline';
import { formatMoney, fromMinor } from '@paws/contracts/wallet';
import { and, asc, count, desc, eq, gte, lt, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { balanceTransactions } from './schema.ts';

export interface PaymentsPlayerQuery {
  page: number;
  limit: number;
  sort: 'createdAt' | 'amount';
  order: 'asc' | 'desc';
  type?: 'DEPOSIT' | 'WITHDRAW';
  status?: 'PENDING' | 'COMPLETED' | 'DECLINED';
  /** Created-at range, both edges included. */
  from?: Date;
  to?: Date;
}

/** The back office's player page: every deposit and withdrawal of the player, with its provider's reference. */
export function createPaymentsPlayerReads(db: DbOrTx) {
  return {
    async playerPayments(
      userId: string,
      query: PaymentsPlayerQuery,
    ): Promise<{ items: PlayerPayment[]; total: number }> {
      const t = balanceTransactions;
      const where = and(
        eq(t.userId, userId),
        query.type ? eq(t.type, query.type) : undefined,
        query.status ? eq(t.status, query.status) : undefined,
        query.from ? gte(t.createdAt, query.from) : undefined,
        query.to ? lte(t.createdAt, query.to) : undefined,
      );
      const direction = query.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(t)
          .where(where)
          .orderBy(direction(query.sort === 'amount' ? t.amount : t.createdAt), direction(t.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ count: count() }).from(t).where(where),
      ]);
      const items = rows.map((row) => ({
        id: row.id,
        type: row.type,
        status: row.status,
        amount: fromMinor(row.amount, row.currencyCode),
        currencyCode: row.currencyCode,
        paymentMethod: row.paymentMethod,
        provider: row.provider,
        providerReference: row.providerReference,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      }));
      return { items, total: total?.count ?? 0 };
    },

    /** The player page's timeline: each deposit and withdrawal at the time it was asked for. */
    async timeline({ userId, before, limit }: StaffTimelineWindow): Promise<StaffTimelineEntry[]> {
      const t = balanceTransactions;
      const rows = await db
        .select()
        .from(t)
        .where(and(eq(t.userId, userId), lt(t.createdAt, before)))
        .orderBy(desc(t.createdAt))
        .limit(limit);
      return rows.map((row) => ({
        id: `${row.type === 'DEPOSIT' ? 'deposit' : 'withdrawal'}:${row.id}`,
        at: row.createdAt.toISOString(),
        kind: row.type === 'DEPOSIT' ? ('deposit' as const) : ('withdrawal' as const),
        title: `${row.type === 'DEPOSIT' ? 'Deposit' : 'Withdrawal'} ${formatMoney(row.amount, row.currencyCode)} · ${row.status}`,
        detail: [row.paymentMethod, row.provider].filter(Boolean).join(' · ') || null,
        link: `/players/${userId}?tab=payments`,
      }));
    },

    /** The global search: one payment by its id, with whose it is. */
    async paymentById(id: string) {
      const [row] = await db.select().from(balanceTransactions).where(eq(balanceTransactions.id, id));
      if (!row) return null;
      return {
        id: row.id,
        userId: row.userId,
        type: row.type,
        status: row.status,
        amount: fromMinor(row.amount, row.currencyCode),
        currencyCode: row.currencyCode,
        createdAt: row.createdAt.toISOString(),
      };
    },
  };
}
export type PaymentsPlayerReads = ReturnType<typeof createPaymentsPlayerReads>;
