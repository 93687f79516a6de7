import { randomUUID } from 'node:crypto';
import type { HistoryQuery } from '@paws/contracts/history';
import {
  type BalanceTransaction,
  type PaymentMethod,
  type PaymentResponse,
  type PaymentType,
  paymentMessages,
} from '@paws/contracts/payments';
import { type CurrencyCode, fromMinor, toMinor } from '@paws/contracts/wallet';
import { and, count, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { recordEvent } from '../../core/events/record.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { createdBetween, paged, pageOf } from '../../db/paging.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { isWalletError, type WalletService } from '../wallet/index.ts';
import { createSandboxPaymentProvider, type PaymentInput, type PaymentProvider } from './provider.ts';
import { createWithdrawalReview, type Reviewer } from './review.ts';
import { balanceTransactions } from './schema.ts';

/** How long the sandbox takes to settle a payout. */
export const DEFAULT_SETTLE_DELAY_MS = 5_000;
/** Deposits and withdrawals are in real money only. */
const CURRENCY: CurrencyCode = 'USD';
/** When a payment was let go: a withdrawal's approval, else its request. */
const releasedAt = sql<Date>`coalesce(${balanceTransactions.reviewedAt}, ${balanceTransactions.createdAt})`;

export interface PaymentsServiceOptions {
  db: Db;
  wallet: WalletService;
  /** The payment provider; undefined: the sandbox; null: none configured (deposits and payouts answer 503). */
  provider?: PaymentProvider | null;
  /** Whether the player's identity verification is approved: payouts need it (anti-money-laundering). */
  verified?: (userId: string) => Promise<boolean>;
  settleDelayMs?: number;
  /** A deposit still PENDING after this was interrupted (a capture takes seconds): the sweep finishes it. */
  depositGraceMs?: number;
  /** Runs settle(paymentId) after the delay, durably (the job runner); without it nothing is scheduled. */
  scheduleSettlement?: (paymentId: string, delayMs: number) => Promise<unknown>;
  log?: FastifyBaseLogger;
  now?: () => Date;
}

export interface PaymentCommand {
  userId: string;
  /** Decimal dollars, > 0, at most 2 places (validated at the edge). */
  amount: number;
  paymentMethod: PaymentMethod;
  idempotencyKey?: string;
  /** Where a withdrawal was asked from (the player's session, browser and address): the review's risk signals. */
  client?: { sessionId?: string; userAgent?: string; ip?: string };
}

type Row = typeof balanceTransactions.$inferSelect;

/** A payment's outcome the player hears about, told once it has committed. */
export interface PaymentResult {
  paymentId: string;
  userId: string;
  type: PaymentType;
  /** COMPLETED deposit; PENDING: a withdrawal accepted for payout; then COMPLETED or DECLINED. */
  status: 'PENDING' | 'COMPLETED' | 'DECLINED';
  /** Minor units. */
  amount: number;
  currency: CurrencyCode;
}

export function toBalanceTransaction(row: Row): BalanceTransaction {
  return {
    id: row.id,
    amount: fromMinor(row.amount, row.currencyCode),
    currencyCode: row.currencyCode,
    paymentMethod: row.paymentMethod,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
  };
}

/**
 * Deposits and withdrawals through a payment provider (the sandbox by default). The payment's row and its
 * ledger movement are written in one database transaction, keyed by the row's id, so nothing moves twice.
 */
export function createPaymentsService(options: PaymentsServiceOptions) {
  const { db, wallet } = options;
  const configured = options.provider === undefined ? createSandboxPaymentProvider() : options.provider;
  const providerOrRefuse = () => {
    if (!configured) throw new AppError(503, paymentMessages.unavailable);
    return configured;
  };
  const now = options.now ?? (() => new Date());
  let settleDelayMs = options.settleDelayMs ?? DEFAULT_SETTLE_DELAY_MS;

  /** The payment's outcome as a domain event, in the transaction that decided it. */
  function recordResult(tx: DbOrTx, row: Row, status: PaymentResult['status'], reason?: string) {
    return recordEvent(tx, 'payments.result', {
      paymentId: row.id,
      userId: row.userId,
      type: row.type,
      status,
      amount: row.amount,
      currency: row.currencyCode,
      ...(reason ? { reason } : {}),
    });
  }

  function minorOf(amount: number) {
    const minor = toMinor(amount, CURRENCY);
    if (minor === null || minor <= 0) throw badRequest(paymentMessages.amountPlaces, 'amount');
    return minor;
  }

  async function usdBalance(userId: string) {
    return fromMinor(await wallet.balanceOf(userId, CURRENCY), CURRENCY);
  }

  async function findByKey(userId: string, key: string) {
    const [row] = await db
      .select()
      .from(balanceTransactions)
      .where(and(eq(balanceTransactions.userId, userId), eq(balanceTransactions.idempotencyKey, key)));
    return row;
  }

  /** The first result for a repeated Idempotency-Key; refused when the key came with another request. */
  async function replay(
    userId: string,
    key: string,
    request: { type: PaymentType; amount: number; method: PaymentMethod },
  ): Promise<PaymentResponse | null> {
    const row = await findByKey(userId, key);
    if (!row) return null;
    if (row.type !== request.type || row.amount !== request.amount || row.paymentMethod !== request.method) {
      throw conflict(paymentMessages.idempotencyMismatch);
    }
    return { transaction: toBalanceTransaction(row), balance: await usdBalance(userId) };
  }

  const inputOf = (row: Row): PaymentInput => ({
    paymentId: row.id,
    userId: row.userId,
    currency: row.currencyCode,
    amount: row.amount,
    method: row.paymentMethod,
  });

  async function deposit(command: PaymentCommand): Promise<PaymentResponse> {
    const provider = providerOrRefuse();
    const amount = minorOf(command.amount);
    const request = { type: 'DEPOSIT' as const, amount, method: command.paymentMethod };
    const key = command.idempotencyKey;
    if (key) {
      const prior = await replay(command.userId, key, request);
      if (prior) return prior;
    }
    // The row is written first (claiming the key), so a crash after the capture leaves a trace to reconcile.
    const [row] = await db
      .insert(balanceTransactions)
      .values({
        id: randomUUID(),
        userId: command.userId,
        amount,
        currencyCode: CURRENCY,
        paymentMethod: command.paymentMethod,
        type: 'DEPOSIT',
        status: 'PENDING',
        provider: provider.code,
        idempotencyKey: key ?? null,
        createdAt: now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      const prior = key ? await replay(command.userId, key, request) : null;
      if (!prior) throw new Error('Payment row not written');
      return prior;
    }
    const done = await captureDeposit(provider, row);
    if (!done) throw new AppError(402, 'Payment declined', 'paymentMethod');
    return done;
  }

  /**
   * Captures a PENDING deposit with the provider (idempotent: our payment id is its idempotency key, so a
   * second call returns the first capture) and credits it, once: the row leaves PENDING in the transaction
   * that moves the money. Null when the provider refused it (the row is DECLINED).
   */
  async function captureDeposit(provider: PaymentProvider, row: Row): Promise<PaymentResponse | null> {
    let reference: string;
    try {
      ({ reference } = await provider.deposit(inputOf(row)));
    } catch (err) {
      options.log?.warn({ err, paymentId: row.id }, 'deposit refused by the payment provider');
      await db
        .update(balanceTransactions)
        .set({ status: 'DECLINED' })
        .where(and(eq(balanceTransactions.id, row.id), eq(balanceTransactions.status, 'PENDING')));
      return null;
    }
    return db.transaction(async (tx) => {
      const [done] = await tx
        .update(balanceTransactions)
        .set({ status: 'COMPLETED', providerReference: reference })
        .where(and(eq(balanceTransactions.id, row.id), eq(balanceTransactions.status, 'PENDING')))
        .returning();
      if (!done) {
        // Finished meanwhile (the request and the recovery both got here): nothing moves twice.
        const [current] = await tx
          .select()
          .from(balanceTransactions)
          .where(eq(balanceTransactions.id, row.id));
        return {
          transaction: toBalanceTransaction(current ?? row),
          balance: fromMinor(await wallet.balanceOf(row.userId, CURRENCY), CURRENCY),
        };
      }
      const moved = await wallet.deposit(
        {
          userId: row.userId,
          currency: CURRENCY,
          amount: row.amount,
          key: row.id,
          metadata: { paymentId: row.id, provider: provider.code },
        },
        tx,
      );
      await recordResult(tx, row, 'COMPLETED');
      return { transaction: toBalanceTransaction(done), balance: fromMinor(moved.balance, CURRENCY) };
    });
  }

  async function withdraw(command: PaymentCommand): Promise<PaymentResponse> {
    const provider = providerOrRefuse();
    const amount = minorOf(command.amount);
    if (options.verified && !(await options.verified(command.userId))) {
      throw new AppError(403, paymentMessages.verificationRequired);
    }
    const request = { type: 'WITHDRAW' as const, amount, method: command.paymentMethod };
    const key = command.idempotencyKey;
    if (key) {
      const prior = await replay(command.userId, key, request);
      if (prior) return prior;
    }
    let held: { row: Row; balance: number } | null;
    try {
      // The row, the hold and the "being processed" notice commit together: a refused hold leaves nothing.
      // The withdrawal then waits for staff (AWAITING_REVIEW); the player sees the spec's PENDING.
      held = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(balanceTransactions)
          .values({
            id: randomUUID(),
            userId: command.userId,
            amount,
            currencyCode: CURRENCY,
            paymentMethod: command.paymentMethod,
            type: 'WITHDRAW',
            status: 'PENDING',
            provider: provider.code,
            idempotencyKey: key ?? null,
            review: 'AWAITING_REVIEW',
            requestSessionId: command.client?.sessionId ?? null,
            requestUserAgent: command.client?.userAgent?.slice(0, 512) ?? null,
            requestIp: command.client?.ip ?? null,
            createdAt: now(),
          })
          .onConflictDoNothing()
          .returning();
        if (!row) return null;
        const hold = await wallet.withdrawHold(
          {
            userId: command.userId,
            currency: CURRENCY,
            amount,
            key: row.id,
            metadata: { paymentId: row.id, provider: provider.code },
          },
          tx,
        );
        await recordResult(tx, row, 'PENDING');
        return { row, balance: hold.balance };
      });
    } catch (err) {
      if (isWalletError(err, 'INSUFFICIENT_FUNDS'))
        throw badRequest(paymentMessages.insufficientFunds, 'amount');
      throw err;
    }
    if (!held) {
      const prior = key ? await replay(command.userId, key, request) : null;
      if (!prior) throw new Error('Payment row not written');
      return prior;
    }
    return { transaction: toBalanceTransaction(held.row), balance: fromMinor(held.balance, CURRENCY) };
  }

  /**
   * Asks the provider to pay an approved withdrawal out (our payment id is its idempotency key) and queues
   * the settlement; a refusal releases the hold (DECLINED). A crash before the reference is stored leaves
   * the row to the sweep, which asks again.
   */
  async function requestPayout(row: Row) {
    const provider = providerOrRefuse();
    try {
      const { reference } = await provider.requestPayout(inputOf(row));
      await db
        .update(balanceTransactions)
        .set({ providerReference: reference })
        .where(and(eq(balanceTransactions.id, row.id), eq(balanceTransactions.status, 'PENDING')));
      await schedule(row.id);
    } catch (err) {
      options.log?.warn({ err, paymentId: row.id }, 'payout refused by the payment provider');
      await finish(row.id, 'DECLINED');
    }
  }

  /** Settles (COMPLETED) or releases (DECLINED) a pending withdrawal's hold, once, with its row. */
  async function finish(paymentId: string, outcome: 'COMPLETED' | 'DECLINED') {
    const finished = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(balanceTransactions)
        .where(and(eq(balanceTransactions.id, paymentId), eq(balanceTransactions.status, 'PENDING')))
        .for('update');
      if (!row) return false;
      if (outcome === 'COMPLETED') await wallet.withdrawSettle({ holdKey: paymentId }, tx);
      else await wallet.withdrawRelease({ holdKey: paymentId }, tx);
      await tx
        .update(balanceTransactions)
        .set({ status: outcome })
        .where(eq(balanceTransactions.id, paymentId));
      await recordResult(tx, row, outcome);
      return true;
    });
    return finished;
  }

  /** Asks the provider for a pending payout's outcome and applies it; still pending: asks again later. */
  async function settle(paymentId: string) {
    const [row] = await db.select().from(balanceTransactions).where(eq(balanceTransactions.id, paymentId));
    if (row?.type !== 'WITHDRAW' || row.status !== 'PENDING') return;
    // Only staff's approval lets a payout go (rows from before reviews existed have no review).
    if (row.review !== null && row.review !== 'APPROVED') return;
    const provider = providerOrRefuse();
    let reference = row.providerReference;
    if (reference === null) {
      // Held, but the process stopped before the payout was asked for: ask now (our payment id is the
      // provider's idempotency key, so a request that did arrive is not paid twice).
      try {
        ({ reference } = await provider.requestPayout(inputOf(row)));
      } catch (err) {
        options.log?.warn({ err, paymentId: row.id }, 'payout refused by the payment provider');
        await finish(row.id, 'DECLINED');
        return;
      }
      await db
        .update(balanceTransactions)
        .set({ providerReference: reference })
        .where(eq(balanceTransactions.id, row.id));
    }
    const outcome = await provider.payoutStatus({ ...inputOf(row), reference });
    if (outcome === 'PENDING') await schedule(paymentId);
    else await finish(paymentId, outcome);
  }

  async function schedule(paymentId: string, delay = settleDelayMs) {
    await options.scheduleSettlement?.(paymentId, delay);
  }

  /**
   * Settles every approved withdrawal pending for longer than the settle delay since its approval (a cron
   * job, once a minute). Withdrawals waiting for review are left alone: only staff let a payout go.
   */
  async function sweep() {
    const due = new Date(now().getTime() - settleDelayMs);
    const rows = await db
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
    let settled = await recoverDeposits();
    for (const { id } of rows) {
      try {
        await settle(id);
        settled++;
      } catch (err) {
        options.log?.error({ err, paymentId: id }, 'withdrawal settlement failed');
      }
    }
    return settled;
  }

  /**
   * Deposits left PENDING past the grace period (the process stopped between writing the row and crediting
   * it): captured again with the provider, which answers the first capture, and credited, or declined.
   */
  async function recoverDeposits() {
    const provider = configured;
    if (!provider) return 0;
    const stale = await db
      .select()
      .from(balanceTransactions)
      .where(
        and(
          eq(balanceTransactions.status, 'PENDING'),
          eq(balanceTransactions.type, 'DEPOSIT'),
          lte(balanceTransactions.createdAt, new Date(now().getTime() - (options.depositGraceMs ?? 30_000))),
        ),
      )
      .orderBy(balanceTransactions.createdAt)
      .limit(500);
    let finished = 0;
    for (const row of stale) {
      try {
        const done = await captureDeposit(provider, row);
        options.log?.warn(
          { paymentId: row.id, status: done ? 'COMPLETED' : 'DECLINED' },
          'pending deposit recovered',
        );
        finished++;
      } catch (err) {
        options.log?.error({ err, paymentId: row.id }, 'pending deposit recovery failed');
      }
    }
    return finished;
  }

  /** Every player with at least one credited deposit (a broadcast segment). */
  async function depositorIds(): Promise<string[]> {
    const rows = await db
      .selectDistinct({ userId: balanceTransactions.userId })
      .from(balanceTransactions)
      .where(and(eq(balanceTransactions.type, 'DEPOSIT'), eq(balanceTransactions.status, 'COMPLETED')));
    return rows.map((row) => row.userId);
  }

  /** How many deposits of the player were credited (the first-deposit welcome task). */
  async function completedDeposits(userId: string) {
    return db.$count(
      balanceTransactions,
      and(
        eq(balanceTransactions.userId, userId),
        eq(balanceTransactions.type, 'DEPOSIT'),
        eq(balanceTransactions.status, 'COMPLETED'),
      ),
    );
  }

  /**
   * Payments still PENDING that were made (withdrawals: approved) before `before`, oldest first, at most
   * 1,000: reconciliation's stuck payments. A withdrawal waiting for staff is not stuck: it waits on purpose.
   */
  async function pendingSince(before: Date) {
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
  }

  /** The player's deposits and withdrawals, newest first. */
  async function history(userId: string, query: HistoryQuery) {
    const { limit, offset } = pageOf(query);
    const where = and(
      eq(balanceTransactions.userId, userId),
      createdBetween(balanceTransactions.createdAt, query),
    );
    const rows = await db
      .select()
      .from(balanceTransactions)
      .where(where)
      .orderBy(desc(balanceTransactions.createdAt), desc(balanceTransactions.id))
      .limit(limit)
      .offset(offset);
    const [total] = await db.select({ count: count() }).from(balanceTransactions).where(where);
    const page = paged({ rows: rows.map(toBalanceTransaction), count: total?.count }, offset);
    return { balanceTransactions: page.items, count: page.count, hasMore: page.hasMore };
  }

  const review = createWithdrawalReview({ db, wallet, now, recordResult, requestPayout });

  return {
    provider: configured,
    deposit,
    withdraw,
    /** Staff review of withdrawals: approve (the payout goes), decline (the funds return), the queue. */
    async approveWithdrawal(paymentId: string, reviewer: Reviewer) {
      // Without a provider nothing could be paid: refused (503) before anything is decided.
      providerOrRefuse();
      return review.approve(paymentId, reviewer);
    },
    declineWithdrawal: review.decline,
    withdrawalsForReview: review.list,
    withdrawalForReview: review.one,
    history,
    completedDeposits,
    depositorIds,
    pendingSince,
    sweep,
    /** Settles one pending withdrawal now (what the scheduled job does). */
    settle,
    /** How long a payout stays pending before it is settled; for tests and operators. */
    setSettleDelay(ms: number) {
      settleDelayMs = ms;
    },
    get settleDelayMs() {
      return settleDelayMs;
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
