import type { CurrencyCode, WalletErrorCode } from '@paws/contracts/wallet';
import { AppError } from '../../lib/errors.ts';

const statusOf: Record<WalletErrorCode, number> = {
  INVALID_SIGNATURE: 401,
  VALIDATION_ERROR: 400,
  INVALID_AMOUNT: 400,
  INVALID_SESSION: 401,
  SESSION_EXPIRED: 401,
  INSUFFICIENT_FUNDS: 402,
  LIMIT_REACHED: 403,
  DUPLICATE_TRANSACTION_MISMATCH: 409,
  TRANSACTION_ROLLED_BACK: 409,
  TRANSACTION_NOT_FOUND: 404,
  ROLLBACK_NOT_ALLOWED: 409,
  HOLD_NOT_FOUND: 404,
  HOLD_ALREADY_FINALISED: 409,
  TEMPORARILY_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
};

const messageOf: Record<WalletErrorCode, string> = {
  INVALID_SIGNATURE: 'Invalid signature',
  VALIDATION_ERROR: 'Invalid request',
  INVALID_AMOUNT: 'Invalid amount for this currency',
  INVALID_SESSION: 'Invalid session token',
  SESSION_EXPIRED: 'Session expired',
  INSUFFICIENT_FUNDS: 'Insufficient funds',
  LIMIT_REACHED: 'This bet is over your limit',
  DUPLICATE_TRANSACTION_MISMATCH: 'Transaction id already used with different data',
  TRANSACTION_ROLLED_BACK: 'Transaction was rolled back',
  TRANSACTION_NOT_FOUND: 'Referenced transaction not found',
  ROLLBACK_NOT_ALLOWED: 'Only bets can be rolled back',
  HOLD_NOT_FOUND: 'Withdrawal hold not found',
  HOLD_ALREADY_FINALISED: 'Withdrawal hold already settled or released',
  TEMPORARILY_UNAVAILABLE: 'The wallet is temporarily unavailable, retry shortly',
  INTERNAL_ERROR: 'Internal Server Error',
};

/** A refusal of the wallet: an AppError (so other modules' handlers show it) with a stable code. */
export class WalletError extends AppError {
  constructor(
    readonly code: WalletErrorCode,
    readonly details: { balance?: number; currency?: CurrencyCode; field?: string; message?: string } = {},
  ) {
    super(statusOf[code], details.message ?? messageOf[code], details.field);
    this.name = 'WalletError';
  }

  /** Balance in minor units, given with INSUFFICIENT_FUNDS. */
  get balance() {
    return this.details.balance;
  }
}

export const isWalletError = (err: unknown, code?: WalletErrorCode): err is WalletError =>
  err instanceof WalletError && (code === undefined || err.code === code);
