import { z } from 'zod';

export const currencyCodes = ['USD', 'PAWS', 'BONUS_USD', 'FREE_SPINS'] as const;
export type CurrencyCode = (typeof currencyCodes)[number];
export const currencyCodeSchema = z.enum(currencyCodes);

export interface CurrencyInfo {
  code: CurrencyCode;
  name: string;
  /** Decimal places of the minor unit: amounts are stored as integers of 10^-minorUnit. */
  minorUnit: number;
  /** Shown only for real money. */
  symbol: string | null;
  real: boolean;
}

export const currencies: Record<CurrencyCode, CurrencyInfo> = {
  USD: { code: 'USD', name: 'US Dollar', minorUnit: 2, symbol: '$', real: true },
  PAWS: { code: 'PAWS', name: 'PAWS points', minorUnit: 2, symbol: null, real: false },
  BONUS_USD: { code: 'BONUS_USD', name: 'Bonus dollars', minorUnit: 2, symbol: null, real: false },
  // Free spins are counted whole: one spin is one unit.
  FREE_SPINS: { code: 'FREE_SPINS', name: 'Free spins', minorUnit: 0, symbol: null, real: false },
};

/** Largest amount the API accepts in one movement (keeps minor units far inside Number.MAX_SAFE_INTEGER). */
export const MAX_AMOUNT = 1_000_000_000;

/** Decimal amount of a given currency to integer minor units; null when it has more places than allowed. */
export function toMinor(amount: number, currency: CurrencyCode): number | null {
  const places = currencies[currency].minorUnit;
  if (!Number.isFinite(amount)) return null;
  const fixed = amount.toFixed(places);
  if (Number(fixed) !== amount) return null;
  return Number(fixed.replace('.', ''));
}

export function fromMinor(minor: number, currency: CurrencyCode): number {
  return minor / 10 ** currencies[currency].minorUnit;
}

/**
 * An amount for people to read, unsigned: '$5,000.00' with the currency's symbol, else '100.00 PAWS'.
 * Grouped en-US whatever the reader's language, with every place of the minor unit.
 */
export function formatMoney(minor: number, currency: CurrencyCode): string {
  const { minorUnit, symbol } = currencies[currency];
  const value = fromMinor(Math.abs(minor), currency).toLocaleString('en-US', {
    minimumFractionDigits: minorUnit,
    maximumFractionDigits: minorUnit,
  });
  return symbol ? `${symbol}${value}` : `${value} ${currency}`;
}

const hasAtMostTwoPlaces = (v: number) => Number(v.toFixed(2)) === v;
export const amountSchema = z
  .number()
  .min(0, 'Amount must not be negative')
  .max(MAX_AMOUNT, 'Amount is too large')
  .refine(hasAtMostTwoPlaces, 'Amount must have at most 2 decimal places');

export const balanceItemSchema = z.object({
  currencyCode: currencyCodeSchema,
  /** Decimal amount in the currency's unit. */
  amount: z.number(),
  /** The same amount in integer minor units. */
  minor: z.number().int(),
});
export type BalanceItem = z.infer<typeof balanceItemSchema>;

/* Seamless-wallet contract spoken by game providers (POST /api/wallet/{provider}/{call}). */

export const walletErrorCodes = [
  'INVALID_SIGNATURE',
  'VALIDATION_ERROR',
  'INVALID_AMOUNT',
  'INVALID_SESSION',
  'SESSION_EXPIRED',
  'INSUFFICIENT_FUNDS',
  /** A bet over what the player's own loss or wager limit leaves (responsible gaming). */
  'LIMIT_REACHED',
  'DUPLICATE_TRANSACTION_MISMATCH',
  'TRANSACTION_ROLLED_BACK',
  'TRANSACTION_NOT_FOUND',
  'ROLLBACK_NOT_ALLOWED',
  'HOLD_NOT_FOUND',
  'HOLD_ALREADY_FINALISED',
  'TEMPORARILY_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type WalletErrorCode = (typeof walletErrorCodes)[number];

export const walletErrorSchema = z.object({
  statusCode: z.number().int(),
  message: z.string(),
  code: z.enum(walletErrorCodes),
  field: z.string().optional(),
  /** Current balance, given with INSUFFICIENT_FUNDS. */
  balance: z.number().optional(),
  currency: currencyCodeSchema.optional(),
});
export type WalletErrorBody = z.infer<typeof walletErrorSchema>;

const id = (name: string) => z.string().trim().min(1, `${name} is required`).max(128, `${name} is too long`);

export const walletAuthenticateRequestSchema = z.object({ sessionToken: id('sessionToken') });
export type WalletAuthenticateRequest = z.infer<typeof walletAuthenticateRequestSchema>;

export const walletBalanceRequestSchema = z.object({
  sessionToken: id('sessionToken'),
  userId: z.uuid(),
  currency: currencyCodeSchema,
});
export type WalletBalanceRequest = z.infer<typeof walletBalanceRequestSchema>;

export const walletBalanceResponseSchema = z.object({
  userId: z.uuid(),
  currency: currencyCodeSchema,
  balance: z.number(),
});
export type WalletBalanceResponse = z.infer<typeof walletBalanceResponseSchema>;

export const walletBetRequestSchema = z.object({
  transactionId: id('transactionId'),
  roundId: id('roundId'),
  sessionToken: id('sessionToken'),
  userId: z.uuid(),
  currency: currencyCodeSchema,
  amount: amountSchema,
  gameCode: id('gameCode'),
});
export type WalletBetRequest = z.infer<typeof walletBetRequestSchema>;

export const walletWinRequestSchema = walletBetRequestSchema.extend({
  /** The bet this win pays, when the provider links them. */
  referenceTransactionId: id('referenceTransactionId').optional(),
});
export type WalletWinRequest = z.infer<typeof walletWinRequestSchema>;

export const walletRollbackRequestSchema = z.object({
  transactionId: id('transactionId'),
  /** The provider's id of the bet to refund. */
  referenceTransactionId: id('referenceTransactionId'),
  roundId: id('roundId'),
  userId: z.uuid().optional(),
  currency: currencyCodeSchema.optional(),
});
export type WalletRollbackRequest = z.infer<typeof walletRollbackRequestSchema>;

export const walletTransactionResponseSchema = z.object({
  /** The provider's transaction id, echoed. */
  transactionId: z.string(),
  /** Our id for the movement. */
  walletTransactionId: z.uuid(),
  userId: z.uuid().nullable(),
  currency: currencyCodeSchema.nullable(),
  /** Balance after the call; null only for a rollback of a bet never seen and no user named. */
  balance: z.number().nullable(),
});
export type WalletTransactionResponse = z.infer<typeof walletTransactionResponseSchema>;

export const walletSignatureHeader = 'x-signature';
