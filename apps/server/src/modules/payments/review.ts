import type { PaymentStatus } from '@paws/contracts/payments';
import { staffMoneyMessages, type WithdrawalReview } from '@paws/contracts/staff-money';
import { and, asc, count, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { WalletService } from '../wallet/index.ts';
import { balanceTransactions } from './schema.ts';

type Row = typeof balanceTransactions.$inferSelect;

/** The staff member deciding, and how their decision is written to the audit log (in its transaction). */
export interface Reviewer {
  id: string;
  audit(tx: DbOrTx, change: { before: WithdrawalAuditView; after: WithdrawalAuditView }): Promise<unknown>;
}

/** What the audit log keeps of a withdrawal before and after a decision. */
export interface WithdrawalAuditView {
  status: Row['status'];
  review: Row['review'];
  userId: string;
  amount: number;
  currency: string;
  reason: string | null;
}

/** A withdrawal as the review queue needs it, with the payments-side facts its risk badges are made of. */
export interface WithdrawalForReview {
  id: string;
  userId: string;
  /** Minor units. */
  amount: number;
  currency: Row['currencyCode'];
  paymentMethod: Row['paymentMethod'];
  status: Row['status'];
  review: WithdrawalReview;
  requestedAt: Date;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  reason: string | null;
  sessionId: string | null;
  userAgent: string | null;
  ip: string | null;
  /** No withdrawal of the player was paid out before this one was asked for. */
  firstWithdrawal: boolean;
  /** The player's last credited deposit before the request, if any. */
  lastDepositAt: Date | null;
}

export interface WithdrawalReviewQuery {
  review: WithdrawalReview | 'ALL';
  playerId?: string;
  sort: 'requestedAt' | 'amount';
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

const auditView = (row: Row): WithdrawalAuditView => ({
  status: row.status,
  review: row.review,
  userId: row.userId,
  amount: row.amount,
  currency: row.currencyCode,
  reason: row.reviewReason,
});

interface ReviewDeps {
  db: Db;
  wallet: WalletService;
  now: () => Date;
  recordResult(tx: DbOrTx, row: Row, status: PaymentStatus, reason?: string): Promise<unknown>;
  /** Asks the provider for an approved payout (after the approval committed). */
  requestPayout(row: Row): Promise<void>;
}

/**
 * Staff review of withdrawals: every withdrawal waits, its funds held, until a staff member approves it (the
 * payout is then asked of the provider, as before) or declines it (the hold returns to the player through
 * the ledger). A decision takes the row's lock and needs it still AWAITING_REVIEW, so of two staff deciding
 * at once one wins and the other gets 409; the same staff member repeating their decision gets it back.
 */
export function createWithdrawalReview({ db, wallet, now, recordResult, requestPayout }: ReviewDeps) {
  /** The withdrawal, locked, if it is one; 404 otherwise. */
  async function lockWithdrawal(tx: DbOrTx, paymentId: string) {
    const [row] = await tx
      .select()
      .from(balanceTransactions)
      .where(and(eq(balanceTransactions.id, paymentId), eq(balanceTransactions.type, 'WITHDRAW')))
      .for('update');
    if (!row) throw notFound(staffMoneyMessages.withdrawalNotFound);
    return row;
  }

  /** A decision already taken: the same one by the same staff member is a repeat; anything else a conflict. */
  function alreadyDecided(row: Row, decision: 'APPROVED' | 'DECLINED', reviewerId: string) {
    if (row.review === decision && row.reviewedBy === reviewerId) return row;
    throw conflict(staffMoneyMessages.withdrawalDecided);
  }

  async function approve(paymentId: string, reviewer: Reviewer): Promise<Row> {
    const decided = await db.transaction(async (tx) => {
      const row = await lockWithdrawal(tx, paymentId);
      if (row.review !== 'AWAITING_REVIEW')
        return { row: alreadyDecided(row, 'APPROVED', reviewer.id), fresh: false };
      const [approved] = await tx
        .update(balanceTransactions)
        .set({ review: 'APPROVED', reviewedBy: reviewer.id, reviewedAt: now() })
        .where(eq(balanceTransactions.id, row.id))
        .returning();
      if (!approved) throw new Error('Withdrawal row vanished under its lock');
      await reviewer.audit(tx, { before: auditView(row), after: auditView(approved) });
      return { row: approved, fresh: true };
    });
    if (decided.fresh) await requestPayout(decided.row);
    return (await rowById(paymentId)) ?? decided.row;
  }

  async function decline(paymentId: string, reason: string, reviewer: Reviewer): Promise<Row> {
    return db.transaction(async (tx) => {
      const row = await lockWithdrawal(tx, paymentId);
      if (row.review !== 'AWAITING_REVIEW') return alreadyDecided(row, 'DECLINED', reviewer.id);
      // The hold goes back once: the ledger's settle/release share one reference per hold.
      await wallet.withdrawRelease({ holdKey: row.id }, tx);
      const [declined] = await tx
        .update(balanceTransactions)
        .set({
          review: 'DECLINED',
          status: 'DECLINED',
          reviewedBy: reviewer.id,
          reviewedAt: now(),
          reviewReason: reason,
        })
        .where(eq(balanceTransactions.id, row.id))
        .returning();
      if (!declined) throw new Error('Withdrawal row vanished under its lock');
      await recordResult(tx, declined, 'DECLINED', reason);
      await reviewer.audit(tx, { before: auditView(row), after: auditView(declined) });
      return declined;
    });
  }

  async function rowById(paymentId: string) {
    const [row] = await db.select().from(balanceTransactions).where(eq(balanceTransactions.id, paymentId));
    return row;
  }

  const paidBefore = alias(balanceTransactions, 'paid_before');
  const depositBefore = alias(balanceTransactions, 'deposit_before');
  const bt = balanceTransactions;
  const reviewed = and(eq(bt.type, 'WITHDRAW'), isNotNull(bt.review));
  const facts = {
    firstWithdrawal: sql<boolean>`not exists (${db
      .select({ one: sql`1` })
      .from(paidBefore)
      .where(
        and(
          eq(paidBefore.userId, bt.userId),
          eq(paidBefore.type, 'WITHDRAW'),
          eq(paidBefore.status, 'COMPLETED'),
          lt(paidBefore.createdAt, bt.createdAt),
        ),
      )})`,
    lastDepositAt: sql<Date | null>`(${db
      .select({ at: sql`max(${depositBefore.createdAt})` })
      .from(depositBefore)
      .where(
        and(
          eq(depositBefore.userId, bt.userId),
          eq(depositBefore.type, 'DEPOSIT'),
          eq(depositBefore.status, 'COMPLETED'),
          lt(depositBefore.createdAt, bt.createdAt),
        ),
      )})`,
  };

  const toReview = (row: Row & { firstWithdrawal: boolean; lastDepositAt: Date | string | null }) => ({
    id: row.id,
    userId: row.userId,
    amount: row.amount,
    currency: row.currencyCode,
    paymentMethod: row.paymentMethod,
    status: row.status,
    review: row.review ?? 'APPROVED',
    requestedAt: row.createdAt,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt,
    reason: row.reviewReason,
    sessionId: row.requestSessionId,
    userAgent: row.requestUserAgent,
    ip: row.requestIp,
    firstWithdrawal: Boolean(row.firstWithdrawal),
    lastDepositAt: row.lastDepositAt === null ? null : new Date(row.lastDepositAt),
  });

  /** The review queue (or its history), a page of it, with the total the filter matches. */
  async function list(
    query: WithdrawalReviewQuery,
  ): Promise<{ items: WithdrawalForReview[]; total: number }> {
    const where = and(
      reviewed,
      query.review === 'ALL' ? undefined : eq(bt.review, query.review),
      query.playerId ? eq(bt.userId, query.playerId) : undefined,
    );
    const direction = query.order === 'asc' ? asc : desc;
    const column = query.sort === 'amount' ? bt.amount : bt.createdAt;
    const [rows, [total]] = await Promise.all([
      db
        .select({ row: bt, ...facts })
        .from(bt)
        .where(where)
        .orderBy(direction(column), direction(bt.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ count: count() }).from(bt).where(where),
    ]);
    return { items: rows.map(({ row, ...f }) => toReview({ ...row, ...f })), total: total?.count ?? 0 };
  }

  async function one(paymentId: string): Promise<WithdrawalForReview | undefined> {
    const [found] = await db
      .select({ row: bt, ...facts })
      .from(bt)
      .where(and(reviewed, eq(bt.id, paymentId)));
    return found ? toReview({ ...found.row, ...found }) : undefined;
  }

  return { approve, decline, list, one };
}

export type WithdrawalReviewService = ReturnType<typeof createWithdrawalReview>;
