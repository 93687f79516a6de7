import {
  type BalanceTransaction,
  type PaymentMethod,
  type PaymentType,
  paymentMessages,
} from '@paws/contracts/payments';
import { type CurrencyCode, fromMinor, toMinor } from '@paws/contracts/wallet';
import { recordEvent } from '../../core/events/record.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { PaymentInput } from './provider.ts';
import type { PaymentRow } from './repository.ts';

/** Deposits and withdrawals are in real money only. */
export const CURRENCY: CurrencyCode = 'USD';

export interface PaymentCommand {
  userId: string;
  /** Decimal dollars, > 0, at most 2 places (validated at the edge). */
  amount: number;
  paymentMethod: PaymentMethod;
  idempotencyKey?: string;
  /** Where a withdrawal was asked from (the player's session, browser and address): the review's risk signals. */
  client?: { sessionId?: string; userAgent?: string; ip?: string };
}

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

export function toBalanceTransaction(row: PaymentRow): BalanceTransaction {
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

/** The payment's outcome as a domain event, in the transaction that decided it. */
export function recordResult(tx: DbOrTx, row: PaymentRow, status: PaymentResult['status'], reason?: string) {
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

export function minorOf(amount: number) {
  const minor = toMinor(amount, CURRENCY);
  if (minor === null || minor <= 0) throw badRequest(paymentMessages.amountPlaces, 'amount');
  return minor;
}

export const inputOf = (row: PaymentRow): PaymentInput => ({
  paymentId: row.id,
  userId: row.userId,
  currency: row.currencyCode,
  amount: row.amount,
  method: row.paymentMethod,
});
