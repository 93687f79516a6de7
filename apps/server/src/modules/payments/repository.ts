import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { balanceTransactions } from './schema.ts';

export type PaymentRow = typeof balanceTransactions.$inferSelect;
export type NewPayment = typeof balanceTransactions.$inferInsert;

/** When a payment was let go: a withdrawal's approval, else its request. */
const releasedAt = sql<Date>`coalesce(${balanceTransactions.reviewedAt}, ${balanceTransactions.createdAt})`;

/** The SQL of deposits, withdrawals and their settlement (the staff review keeps its own, in review.ts). */
export function createPaymentsRepository(db: Db) {
  return {
    async byIdempotencyKey(userId: string, key: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(balanceTransactions)
        .where(and(eq(balanceTransactions.userId, userId), eq(balanceTransactions.idempotencyKey, key)));
      return row;
    },

    async byId(paymentId: string, tx: DbOrTx = db): Promise<PaymentRow | undefined> {
      const [row] = await tx.select().from(balanceTransactions).where(eq(balanceTransactions.id, paymentId));
      return row;
    },

    /** Writes the payment's row unless its Idempotency-Key was already taken (undefined then). */
    async insertUnlessKeyTaken(values: NewPayment, tx: DbOrTx = db): Promise<PaymentRow | undefined> {
      const [row] = await tx.insert(balanceTransactions).values(values).onConflictDoNothing().returning();
      return row;
    },

    async declineIfPending(paymentId: string) {
      await db
        .update(balanceTransactions)
        .set({ status: 'DECLINED' })
        .where(and(eq(balanceTransactions.id, paymentId), eq(balanceTransactions.status, 'PENDING')));
    },

    /** Moves a PENDING payment to COMPLETED with the provider's reference; undefined if it had left PENDING. */
    async completeIfPending(
      paymentId: string,
      reference: string,
      tx: DbOrTx,
    ): Promise<PaymentRow | undefined> {
      const [row] = await tx
        .update(balanceTransactions)
        .set({ status: 'COMPLETED', providerReference: reference })
        .where(and(eq(balanceTransactions.id, paymentId), eq(balanceTransactions.status, 'PENDING')))
        .returning();
      return row;
    },

    async setReferenceIfPending(paymentId: string, reference: string) {
      await db
        .update(balanceTransactions)
        .set({ providerReference: reference })
        .where(and(eq(balanceTransactions.id, paymentId), eq(balanceTransactions.status, 'PENDING')));
    },

    async setReference(paymentId: string, reference: string) {
      await db
        .update(balanceTransactions)
        .set({ providerReference: reference })
        .where(eq(balanceTransactions.id, paymentId));
    },

    /** The payment, locked to the end of the transaction, if it is still PENDING. */
    async lockPending(paymentId: string, tx: DbOrTx): Promise<PaymentRow | undefined> {
      const [row] = await tx
        .select()
        .from(balanceTransactions)
        .where(and(eq(balanceTransactions.id, paymentId), eq(balanceTransactions.status, 'PENDING')))
        .for('update');
      return row;
    },

    async setStatus(paymentId: string, status: PaymentRow['status'], tx: DbOrTx) {
      await tx.update(balanceTransactions).set({ status }).where(eq(balanceTransactions.id, paymentId));
    },

    /** Withdrawals still PENDING that staff let go (or from before reviews) at or before `due`, oldest first. */
    async releasedWithdrawalIds(due: Date): Promise<Array<{ id: string }>> {
      return db
        .select({ id: balanceTransactions.id })
        .from(balanceTransactions)
        .where(
          and(
            eq(balanceTransactions.status, 'PENDING'),
            eq(balanceTransactions.type, 'WITHDRAW'),
            or(isNull(balanceTransactions.review), eq(balanceTransactions.review, 'APPROVED')),
            lte(releasedAt, due),
          ),
        )
        .orderBy(balanceTransactions.createdAt);
    },

    /** Deposits still PENDING that were made at or before `before`, oldest first, at most 500. */
    async pendingDepositsMadeBy(before: Date): Promise<PaymentRow[]> {
      return db
        .select()
        .from(balanceTransactions)
        .where(
          and(
            eq(balanceTransactions.status, 'PENDING'),
            eq(balanceTransactions.type, 'DEPOSIT'),
            lte(balanceTransactions.createdAt, before),
          ),
        )
        .orderBy(balanceTransactions.createdAt)
        .limit(500);
    },

    /** Every player with at least one credited deposit (a broadcast segment). */
    async depositorIds(): Promise<string[]> {
      const rows = await db
        .selectDistinct({ userId: balanceTransactions.userId })
        .from(balanceTransactions)
        .where(and(eq(balanceTransactions.type, 'DEPOSIT'), eq(balanceTransactions.status, 'COMPLETED')));
      return rows.map((row) => row.userId);
    },

    /** How many deposits of the player were credited (the first-deposit welcome task). */
    async completedDeposits(userId: string) {
      return db.$count(
        balanceTransactions,
        and(
          eq(balanceTransactions.userId, userId),
          eq(balanceTransactions.type, 'DEPOSIT'),
          eq(balanceTransactions.status, 'COMPLETED'),
        ),
      );
    },

    /**
     * Payments still PENDING that were made (withdrawals: approved) before `before`, oldest first, at most
     * 1,000: reconciliation's stuck payments. A withdrawal waiting for staff is not stuck: it waits on purpose.
     */
    async pendingSince(before: Date) {
      const rows = await db
        .select({
          id: balanceTransactions.id,
          userId: balanceTransactions.userId,
          type: balanceTransactions.type,
          amount: balanceTransactions.amount,
          createdAt: balanceTransactions.createdAt,
        })
        .from(balanceTransactions)
        .where(
          and(
            eq(balanceTransactions.status, 'PENDING'),
            sql`${balanceTransactions.review} is distinct from 'AWAITING_REVIEW'`,
            lte(releasedAt, before),
          ),
        )
        .orderBy(balanceTransactions.createdAt)
        .limit(1000);
      return rows;
    },

    /** The player's payments among these ids (the history's statement lines name them). */
    async ofPlayer(userId: string, paymentIds: string[]): Promise<PaymentRow[]> {
      if (paymentIds.length === 0) return [];
      return db
        .select()
        .from(balanceTransactions)
        .where(and(eq(balanceTransactions.userId, userId), inArray(balanceTransactions.id, paymentIds)));
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
