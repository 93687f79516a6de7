import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { WalletService } from '../wallet/index.ts';
import { inputOf, recordResult } from './balance-transactions.ts';
import type { PaymentProvider } from './provider.ts';
import type { PaymentRow, PaymentsRepository } from './repository.ts';

export interface SettlementDeps {
  db: Db;
  repo: PaymentsRepository;
  wallet: WalletService;
  providerOrRefuse: () => PaymentProvider;
  /** Runs settle(paymentId) after the delay, durably (the job runner); without it nothing is scheduled. */
  scheduleSettlement?: (paymentId: string, delayMs: number) => Promise<unknown>;
  settleDelayMs: () => number;
  log?: FastifyBaseLogger;
}

/** Payouts of approved withdrawals: asked of the provider, then settled or released once it answers. */
export function createSettlement({
  db,
  repo,
  wallet,
  providerOrRefuse,
  scheduleSettlement,
  settleDelayMs,
  log,
}: SettlementDeps) {
  /**
   * Asks the provider to pay an approved withdrawal out (our payment id is its idempotency key) and queues
   * the settlement; a refusal releases the hold (DECLINED). A crash before the reference is stored leaves
   * the row to the sweep, which asks again.
   */
  async function requestPayout(row: PaymentRow) {
    const provider = providerOrRefuse();
    try {
      const { reference } = await provider.requestPayout(inputOf(row));
      await repo.setReferenceIfPending(row.id, reference);
      await schedule(row.id);
    } catch (err) {
      log?.warn({ err, paymentId: row.id }, 'payout refused by the payment provider');
      await finish(row.id, 'DECLINED');
    }
  }

  /** Settles (COMPLETED) or releases (DECLINED) a pending withdrawal's hold, once, with its row. */
  async function finish(paymentId: string, outcome: 'COMPLETED' | 'DECLINED') {
    const finished = await db.transaction(async (tx) => {
      const row = await repo.lockPending(paymentId, tx);
      if (!row) return false;
      if (outcome === 'COMPLETED') await wallet.withdrawSettle({ holdKey: paymentId }, tx);
      else await wallet.withdrawRelease({ holdKey: paymentId }, tx);
      await repo.setStatus(paymentId, outcome, tx);
      await recordResult(tx, row, outcome);
      return true;
    });
    return finished;
  }

  /** Asks the provider for a pending payout's outcome and applies it; still pending: asks again later. */
  async function settle(paymentId: string) {
    const row = await repo.byId(paymentId);
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
        log?.warn({ err, paymentId: row.id }, 'payout refused by the payment provider');
        await finish(row.id, 'DECLINED');
        return;
      }
      await repo.setReference(row.id, reference);
    }
    const outcome = await provider.payoutStatus({ ...inputOf(row), reference });
    if (outcome === 'PENDING') await schedule(paymentId);
    else await finish(paymentId, outcome);
  }

  async function schedule(paymentId: string, delay = settleDelayMs()) {
    await scheduleSettlement?.(paymentId, delay);
  }

  return { requestPayout, settle };
}
