import { z } from 'zod';
import { currencyCodeSchema, MAX_AMOUNT } from './wallet.ts';

/** Deposit and withdraw (platform service): spec 001 §3 (Balance transaction), §5 (Amount), §7. */

export const paymentMethods = ['CARD', 'CRYPT', 'BANK_TRANSFER'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentTypes = ['DEPOSIT', 'WITHDRAW'] as const;
export type PaymentType = (typeof paymentTypes)[number];
export const paymentStatuses = ['PENDING', 'COMPLETED', 'DECLINED'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Not given by the spec: the product's own wording. */
export const paymentMessages = {
  amountRequired: 'Amount must be a number',
  amountPositive: 'Amount must be greater than 0',
  amountPlaces: 'Amount must have at most 2 decimal places',
  amountTooLarge: 'Amount is too large',
  paymentMethod: 'Payment method must be CARD, CRYPT or BANK_TRANSFER',
  insufficientFunds: 'Insufficient funds',
  idempotencyKey: 'Idempotency-Key must be 1 to 128 printable characters',
  idempotencyMismatch: 'Idempotency-Key already used with a different request',
  verificationRequired:
    'Verify your identity before withdrawing: withdrawals need an approved identity verification (Profile, Verification)',
  unavailable: 'Payments are not available right now: no payment provider is configured',
} as const;

/** Optional request header: a retry carrying the same key returns the first result and moves no money. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

const hasAtMostTwoPlaces = (v: number) => Number(v.toFixed(2)) === v;

/** A decimal amount of dollars: greater than 0, at most 2 decimal places. */
export const paymentAmountSchema = z
  .number({ error: paymentMessages.amountRequired })
  .gt(0, { error: paymentMessages.amountPositive, abort: true })
  .max(MAX_AMOUNT, { error: paymentMessages.amountTooLarge, abort: true })
  .refine(hasAtMostTwoPlaces, { error: paymentMessages.amountPlaces });

/** POST /users/deposit and POST /users/withdraw */
export const paymentRequestSchema = z.object({
  amount: paymentAmountSchema,
  paymentMethod: z.enum(paymentMethods, { error: paymentMessages.paymentMethod }),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

export const paymentHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,128}$/, { error: paymentMessages.idempotencyKey })
    .optional(),
});

export const balanceTransactionSchema = z.object({
  id: z.uuid(),
  /** Decimal, at most 2 places. */
  amount: z.number(),
  currencyCode: currencyCodeSchema,
  paymentMethod: z.enum(paymentMethods),
  type: z.enum(paymentTypes),
  /** ISO 8601 */
  createdAt: z.string(),
  status: z.enum(paymentStatuses),
});
export type BalanceTransaction = z.infer<typeof balanceTransactionSchema>;

/** 201 of deposit and withdraw: the payment and the player's USD balance after it (decimal). */
export const paymentResponseSchema = z.object({
  transaction: balanceTransactionSchema,
  balance: z.number(),
});
export type PaymentResponse = z.infer<typeof paymentResponseSchema>;
