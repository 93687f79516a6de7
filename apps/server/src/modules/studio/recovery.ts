import type { StudioApiGameCode } from '@paws/contracts/studio-api';
import type { CurrencyCode } from '@paws/contracts/wallet';
import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isWalletError } from '../wallet/index.ts';
import { lastAction } from './round-steps.ts';
import { studioPendingDebits, studioRounds } from './schema.ts';
import type { StudioLog, StudioWalletCalls } from './wallet-calls.ts';

const BATCH = 500;

export interface RecoveryReport {
  /** Debits refunded because their round or step never happened. */
  refunded: number;
  /** Intents whose round or step did happen (nothing to do but forget them). */
  settled: number;
  /** Finished rounds whose win is now credited. */
  winsPaid: number;
}

/**
 * Finishes or undoes what a stopped process left half-way, exactly once: a debit with no round (or no step)
 * is rolled back (a rollback of a bet the wallet never saw leaves a tombstone, so a late one cannot land),
 * and a finished round's unpaid win is credited under its one transaction id `${roundId}:win`, which the
 * wallet accepts once.
 */
export function createStudioRecovery({
  db,
  money,
  now,
  graceMs,
  log,
}: {
  db: Db;
  money: StudioWalletCalls;
  now: () => Date;
  /** An intent or an unpaid win younger than this may still be in the hands of its request. */
  graceMs: number;
  log?: StudioLog;
}) {
  async function settleIntents(before: Date, report: RecoveryReport) {
    const intents = await db
      .select()
      .from(studioPendingDebits)
      .where(lt(studioPendingDebits.createdAt, before))
      .orderBy(studioPendingDebits.createdAt)
      .limit(BATCH);
    if (intents.length === 0) return;
    const rounds = await db
      .select()
      .from(studioRounds)
      .where(inArray(studioRounds.id, [...new Set(intents.map((i) => i.roundId))]));
    const byId = new Map(rounds.map((round) => [round.id, round]));
    for (const intent of intents) {
      const round = byId.get(intent.roundId);
      const happened =
        intent.step === null
          ? round !== undefined
          : round !== undefined &&
            round.step >= intent.step &&
            lastAction(round, intent.step - 1) === intent.action;
      if (happened) {
        await db
          .delete(studioPendingDebits)
          .where(eq(studioPendingDebits.transactionId, intent.transactionId));
        report.settled++;
        continue;
      }
      // refund() deletes the intent once the wallet has answered; a failure leaves it for the next pass.
      await money.refund(
        intent.transactionId,
        intent.roundId,
        intent.userId,
        intent.currency as CurrencyCode,
      );
      const [left] = await db
        .select({ id: studioPendingDebits.transactionId })
        .from(studioPendingDebits)
        .where(eq(studioPendingDebits.transactionId, intent.transactionId));
      if (!left) report.refunded++;
    }
  }

  async function payWins(before: Date, report: RecoveryReport) {
    const unpaid = await db
      .select()
      .from(studioRounds)
      .where(
        and(
          eq(studioRounds.finished, true),
          gt(studioRounds.payout, 0),
          isNull(studioRounds.paidAt),
          lt(studioRounds.updatedAt, before),
        ),
      )
      .limit(BATCH);
    for (const round of unpaid) {
      try {
        await money.credit({
          transactionId: `${round.id}:win`,
          roundId: round.id,
          sessionToken: round.walletSessionToken,
          userId: round.userId,
          currency: round.currency as CurrencyCode,
          cents: round.payout,
          game: round.game as StudioApiGameCode,
        });
        report.winsPaid++;
      } catch (err) {
        // The win is in the wallet already, under the same id with its bet as reference: it was paid.
        if (isWalletError(err, 'DUPLICATE_TRANSACTION_MISMATCH')) {
          await db.update(studioRounds).set({ paidAt: now() }).where(eq(studioRounds.id, round.id));
        } else log?.error({ err, roundId: round.id }, 'unpaid win not recovered');
      }
    }
  }

  async function recover(): Promise<RecoveryReport> {
    const before = new Date(now().getTime() - graceMs);
    const report: RecoveryReport = { refunded: 0, settled: 0, winsPaid: 0 };
    await settleIntents(before, report);
    await payWins(before, report);
    if (report.refunded + report.winsPaid > 0)
      log?.warn(report, 'studio recovery finished interrupted rounds');
    return report;
  }

  return { recover };
}
