import { randomUUID } from 'node:crypto';
import { type PaymentResponse, paymentMessages } from '@paws/contracts/payments';
import { fromMinor } from '@paws/contracts/wallet';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { isWalletError, type WalletService } from '../wallet/index.ts';
import {
  CURRENCY,
  minorOf,
  type PaymentCommand,
  recordResult,
  toBalanceTransaction,
} from './balance-transactions.ts';
import type { Replay } from './idempotency.ts';
import type { PaymentProvider } from './provider.ts';
import type { PaymentRow, PaymentsRepository } from './repository.ts';

export interface WithdrawalsDeps {
  db: Db;
  repo: PaymentsRepository;
  wallet: WalletService;
  providerOrRefuse: () => PaymentProvider;
  replay: Replay;
  /** Whether the player's identity verification is approved: payouts need it (anti-money-laundering). */
  verified?: (userId: string) => Promise<boolean>;
  now: () => Date;
}

/** A withdrawal request: the funds held and the request left for staff review (see review.ts). */
export function createWithdrawals({
  db,
  repo,
  wallet,
  providerOrRefuse,
  replay,
  verified,
  now,
}: WithdrawalsDeps) {
  return async function withdraw(command: PaymentCommand): Promise<PaymentResponse> {
    const provider = providerOrRefuse();
    const amount = minorOf(command.amount);
    if (verified && !(await verified(command.userId))) {
      throw new AppError(403, paymentMessages.verificationRequired);
    }
    const request = { type: 'WITHDRAW' as const, amount, method: command.paymentMethod };
    const key = command.idempotencyKey;
    if (key) {
      const prior = await replay(command.userId, key, request);
      if (prior) return prior;
    }
    let held: { row: PaymentRow; balance: number } | null;
    try {
      // The row, the hold and the "being processed" notice commit together: a refused hold leaves nothing.
      // The withdrawal then waits for staff (AWAITING_REVIEW); the player sees the spec's PENDING.
      held = await db.transaction(async (tx) => {
        const row = await repo.insertUnlessKeyTaken(
          {
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
          },
          tx,
        );
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
  };
}
