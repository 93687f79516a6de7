import { randomUUID } from 'node:crypto';
import type { PaymentResponse } from '@paws/contracts/payments';
import { fromMinor } from '@paws/contracts/wallet';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { WalletService } from '../wallet/index.ts';
import {
  CURRENCY,
  inputOf,
  minorOf,
  type PaymentCommand,
  recordResult,
  toBalanceTransaction,
} from './balance-transactions.ts';
import type { Replay } from './idempotency.ts';
import type { PaymentProvider } from './provider.ts';
import type { PaymentRow, PaymentsRepository } from './repository.ts';

/** Responsible gaming's deposit limits, as payments calls them. */
export interface DepositLimitCheck {
  /** Throws the refusal (naming the limit and what is left) when the deposit is over a limit. */
  claimDeposit(userId: string, paymentId: string, amount: number): Promise<void>;
  releaseDeposit(paymentId: string): Promise<void>;
}

export interface DepositsDeps {
  db: Db;
  repo: PaymentsRepository;
  wallet: WalletService;
  /** The configured provider, null when none is. */
  provider: PaymentProvider | null;
  providerOrRefuse: () => PaymentProvider;
  replay: Replay;
  depositGraceMs?: number;
  log?: FastifyBaseLogger;
  now: () => Date;
  depositLimits?: DepositLimitCheck;
}

/** Deposits: captured with the provider and credited at once; the ones a crash interrupted, finished later. */
export function createDeposits({
  db,
  repo,
  wallet,
  provider: configured,
  providerOrRefuse,
  replay,
  depositGraceMs,
  log,
  now,
  depositLimits,
}: DepositsDeps) {
  async function deposit(command: PaymentCommand): Promise<PaymentResponse> {
    const provider = providerOrRefuse();
    const amount = minorOf(command.amount);
    const request = { type: 'DEPOSIT' as const, amount, method: command.paymentMethod };
    const key = command.idempotencyKey;
    if (key) {
      const prior = await replay(command.userId, key, request);
      if (prior) return prior;
    }
    const id = randomUUID();
    await depositLimits?.claimDeposit(command.userId, id, amount);
    // The row is written first (claiming the key), so a crash after the capture leaves a trace to reconcile.
    const row = await repo.insertUnlessKeyTaken({
      id,
      userId: command.userId,
      amount,
      currencyCode: CURRENCY,
      paymentMethod: command.paymentMethod,
      type: 'DEPOSIT',
      status: 'PENDING',
      provider: provider.code,
      idempotencyKey: key ?? null,
      createdAt: now(),
    });
    if (!row) {
      await depositLimits?.releaseDeposit(id);
      const prior = key ? await replay(command.userId, key, request) : null;
      if (!prior) throw new Error('Payment row not written');
      return prior;
    }
    const done = await captureDeposit(provider, row);
    if (!done) {
      await depositLimits?.releaseDeposit(id);
      throw new AppError(402, 'Payment declined', 'paymentMethod');
    }
    return done;
  }

  /**
   * Captures a PENDING deposit with the provider (idempotent: our payment id is its idempotency key, so a
   * second call returns the first capture) and credits it, once: the row leaves PENDING in the transaction
   * that moves the money. Null when the provider refused it (the row is DECLINED).
   */
  async function captureDeposit(provider: PaymentProvider, row: PaymentRow): Promise<PaymentResponse | null> {
    let reference: string;
    try {
      ({ reference } = await provider.deposit(inputOf(row)));
    } catch (err) {
      log?.warn({ err, paymentId: row.id }, 'deposit refused by the payment provider');
      await repo.declineIfPending(row.id);
      return null;
    }
    return db.transaction(async (tx) => {
      const done = await repo.completeIfPending(row.id, reference, tx);
      if (!done) {
        // Finished meanwhile (the request and the recovery both got here): nothing moves twice.
        const current = await repo.byId(row.id, tx);
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

  /**
   * Deposits left PENDING past the grace period (the process stopped between writing the row and crediting
   * it): captured again with the provider, which answers the first capture, and credited, or declined.
   */
  async function recoverDeposits() {
    const provider = configured;
    if (!provider) return 0;
    const stale = await repo.pendingDepositsMadeBy(new Date(now().getTime() - (depositGraceMs ?? 30_000)));
    let finished = 0;
    for (const row of stale) {
      try {
        const done = await captureDeposit(provider, row);
        log?.warn(
          { paymentId: row.id, status: done ? 'COMPLETED' : 'DECLINED' },
          'pending deposit recovered',
        );
        finished++;
      } catch (err) {
        log?.error({ err, paymentId: row.id }, 'pending deposit recovery failed');
      }
    }
    return finished;
  }

  return { deposit, recoverDeposits };
}
