import type { CurrencyCode } from '@paws/contracts/wallet';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';

export const paymentMethod = pgEnum('payment_method', ['CARD', 'CRYPT', 'BANK_TRANSFER']);
export const paymentType = pgEnum('payment_type', ['DEPOSIT', 'WITHDRAW']);
export const paymentStatus = pgEnum('payment_status', ['PENDING', 'COMPLETED', 'DECLINED']);
/** A withdrawal's review by staff; null for deposits and for withdrawals made before reviews existed. */
export const withdrawalReview = pgEnum('withdrawal_review', ['AWAITING_REVIEW', 'APPROVED', 'DECLINED']);

/**
 * One row per deposit or withdrawal the player asked for. The money itself moves in the wallet's ledger,
 * keyed by this row's id; the row is the payment's state with its provider. userId is a plain uuid like
 * the wallet's (no foreign key to identity).
 */
export const balanceTransactions = pgTable(
  'balance_transactions',
  {
    id: id(),
    userId: uuid().notNull(),
    /** Minor units (cents), > 0. */
    amount: bigint({ mode: 'number' }).notNull(),
    currencyCode: text().$type<CurrencyCode>().notNull(),
    paymentMethod: paymentMethod().notNull(),
    type: paymentType().notNull(),
    status: paymentStatus().notNull(),
    /** The payment provider's code ('sandbox') and its id for the payment. */
    provider: text().notNull(),
    providerReference: text(),
    /** The caller's Idempotency-Key, unique per player. */
    idempotencyKey: text(),
    /**
     * Withdrawals wait for staff (AWAITING_REVIEW, the player sees PENDING) with the funds held; APPROVED asks
     * the provider for the payout; DECLINED returned the funds. Who decided, when and why (a decline's reason
     * is told to the player).
     */
    review: withdrawalReview(),
    reviewedBy: uuid(),
    reviewedAt: timestamp({ withTimezone: true, mode: 'date' }),
    reviewReason: text(),
    /** Where the player asked from (the session, its browser and address): the queue's risk signals. */
    requestSessionId: text(),
    requestUserAgent: text(),
    requestIp: text(),
    ...timestamps,
  },
  (t) => [
    index('balance_transactions_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('balance_transactions_user_idempotency_unique').on(t.userId, t.idempotencyKey),
    index('balance_transactions_pending_idx').on(t.createdAt).where(sql`${t.status} = 'PENDING'`),
    index('balance_transactions_review_idx').on(t.review, t.createdAt).where(sql`${t.review} is not null`),
    check('balance_transactions_amount_positive', sql`${t.amount} > 0`),
  ],
);
