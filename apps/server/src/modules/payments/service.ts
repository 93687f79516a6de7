import { paymentMessages } from '@paws/contracts/payments';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { WalletService } from '../wallet/index.ts';
import { recordResult } from './balance-transactions.ts';
import { createDeposits, type DepositLimitCheck } from './deposits.ts';
import { createReplay } from './idempotency.ts';
import { createSandboxPaymentProvider, type PaymentProvider } from './provider.ts';
import { createPaymentsRepository } from './repository.ts';
import { createWithdrawalReview, type Reviewer } from './review.ts';
import { createSettlement } from './settlement.ts';
import { createSweep } from './sweep.ts';
import { createWithdrawals } from './withdrawals.ts';

export {
  type PaymentCommand,
  type PaymentResult,
  toBalanceTransaction,
} from './balance-transactions.ts';

/** How long the sandbox takes to settle a payout. */
export const DEFAULT_SETTLE_DELAY_MS = 5_000;

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
  /** The player's deposit limits (responsible gaming): a deposit is claimed before its capture. */
  depositLimits?: DepositLimitCheck;
}

/**
 * Deposits and withdrawals through a payment provider (the sandbox by default). The payment's row and its
 * ledger movement are written in one database transaction, keyed by the row's id, so nothing moves twice.
 */
export function createPaymentsService(options: PaymentsServiceOptions) {
  const { db, wallet, log } = options;
  const configured = options.provider === undefined ? createSandboxPaymentProvider() : options.provider;
  const providerOrRefuse = () => {
    if (!configured) throw new AppError(503, paymentMessages.unavailable);
    return configured;
  };
  const now = options.now ?? (() => new Date());
  let settleDelayMs = options.settleDelayMs ?? DEFAULT_SETTLE_DELAY_MS;
  const currentSettleDelay = () => settleDelayMs;

  const repo = createPaymentsRepository(db);
  const replay = createReplay({ repo, wallet });
  const { deposit, recoverDeposits } = createDeposits({
    db,
    repo,
    wallet,
    provider: configured,
    providerOrRefuse,
    replay,
    depositGraceMs: options.depositGraceMs,
    log,
    now,
    depositLimits: options.depositLimits,
  });
  const withdraw = createWithdrawals({
    db,
    repo,
    wallet,
    providerOrRefuse,
    replay,
    verified: options.verified,
    now,
  });
  const { requestPayout, settle } = createSettlement({
    db,
    repo,
    wallet,
    providerOrRefuse,
    scheduleSettlement: options.scheduleSettlement,
    settleDelayMs: currentSettleDelay,
    log,
  });
  const sweep = createSweep({ repo, settle, recoverDeposits, settleDelayMs: currentSettleDelay, log, now });
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
    /** The player's payments among these ids, for the history's lines. */
    paymentsOf: repo.ofPlayer,
    completedDeposits: repo.completedDeposits,
    depositorIds: repo.depositorIds,
    pendingSince: repo.pendingSince,
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
