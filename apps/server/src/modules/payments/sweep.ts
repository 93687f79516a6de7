import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsRepository } from './repository.ts';

export interface SweepDeps {
  repo: PaymentsRepository;
  settle: (paymentId: string) => Promise<void>;
  recoverDeposits: () => Promise<number>;
  settleDelayMs: () => number;
  log?: FastifyBaseLogger;
  now: () => Date;
}

/**
 * Settles every approved withdrawal pending for longer than the settle delay since its approval (a cron
 * job, once a minute). Withdrawals waiting for review are left alone: only staff let a payout go.
 */
export function createSweep({ repo, settle, recoverDeposits, settleDelayMs, log, now }: SweepDeps) {
  return async function sweep() {
    const due = new Date(now().getTime() - settleDelayMs());
    const rows = await repo.releasedWithdrawalIds(due);
    let settled = await recoverDeposits();
    for (const { id } of rows) {
      try {
        await settle(id);
        settled++;
      } catch (err) {
        log?.error({ err, paymentId: id }, 'withdrawal settlement failed');
      }
    }
    return settled;
  };
}
