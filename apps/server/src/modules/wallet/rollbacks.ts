import type { CurrencyCode } from '@paws/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { balanceOf } from './accounts.ts';
import { WalletError } from './errors.ts';
import {
  findGameTransaction,
  type GameResult,
  type GameTransactionRow,
  gameReference,
  gameResult,
  type RollbackInput,
} from './game-call-records.ts';
import type { Ledger } from './ledger.ts';
import { retryingDuplicates, writePosting } from './ledger-writer.ts';
import { gameTransactions } from './schema.ts';

/** The rollback's own record, or the first one's result when its id was seen (a mismatch is refused). */
async function claimRollback(tx: DbOrTx, input: RollbackInput, opId: string, at: Date) {
  const inserted = await tx
    .insert(gameTransactions)
    .values({
      id: opId,
      providerCode: input.providerCode,
      externalId: input.transactionId,
      kind: 'ROLLBACK',
      status: 'OK',
      userId: input.userId ?? null,
      currencyCode: input.currency ?? null,
      amount: 0,
      roundId: input.roundId,
      referenceExternalId: input.referenceTransactionId,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: gameTransactions.id });
  if (inserted.length > 0) return null;
  const prior = await findGameTransaction(tx, input.providerCode, input.transactionId);
  if (
    prior?.kind !== 'ROLLBACK' ||
    prior.referenceExternalId !== input.referenceTransactionId ||
    prior.roundId !== input.roundId
  ) {
    throw new WalletError('DUPLICATE_TRANSACTION_MISMATCH');
  }
  return gameResult(prior, true);
}

/** The bet to refund, locked; an unknown one leaves a tombstone in its (provider, id) slot instead. */
async function lockOrTombstoneBet(tx: DbOrTx, input: RollbackInput, at: Date) {
  const lockBet = async () => {
    const [row] = await tx
      .select()
      .from(gameTransactions)
      .where(
        and(
          eq(gameTransactions.providerCode, input.providerCode),
          eq(gameTransactions.externalId, input.referenceTransactionId),
        ),
      )
      .for('update');
    return row;
  };
  const betRow = await lockBet();
  if (betRow) return betRow;
  const tombstone = await tx
    .insert(gameTransactions)
    .values({
      id: uuidv7(),
      providerCode: input.providerCode,
      externalId: input.referenceTransactionId,
      kind: 'BET',
      status: 'ROLLED_BACK',
      roundId: input.roundId,
      createdAt: at,
    })
    .onConflictDoNothing()
    .returning({ id: gameTransactions.id });
  // Lost the race to the bet itself: it is committed now, so refund it like any other.
  return tombstone.length === 0 ? lockBet() : undefined;
}

/**
 * Refunds a bet. Unknown bet: a tombstone takes its (provider, id) slot so the bet is refused if it
 * arrives later. Already rolled back: succeeds and moves nothing.
 */
export function createRollbacks({
  db,
  now,
  ledger,
}: {
  db: Db;
  now: () => Date;
  ledger: Pick<Ledger, 'ready' | 'systemAccount'>;
}) {
  async function rollback(input: RollbackInput): Promise<GameResult> {
    if (input.transactionId === input.referenceTransactionId) {
      throw new WalletError('VALIDATION_ERROR', {
        field: 'referenceTransactionId',
        message: 'A rollback needs its own transaction id',
      });
    }
    await ledger.ready();
    return retryingDuplicates(() => rollbackOnce(input));
  }

  async function rollbackOnce(input: RollbackInput): Promise<GameResult> {
    const at = now();
    const opId = uuidv7();
    return db.transaction(async (tx) => {
      const replayed = await claimRollback(tx, input, opId, at);
      if (replayed) return replayed;
      const betRow = await lockOrTombstoneBet(tx, input, at);

      let userId = input.userId ?? null;
      let currency = input.currency ?? null;
      let refund: Awaited<ReturnType<typeof refundBet>> | null = null;
      if (betRow) {
        if (betRow.kind !== 'BET') throw new WalletError('ROLLBACK_NOT_ALLOWED');
        if (betRow.userId !== null) {
          if ((userId && userId !== betRow.userId) || (currency && currency !== betRow.currencyCode)) {
            throw new WalletError('DUPLICATE_TRANSACTION_MISMATCH');
          }
          userId = betRow.userId;
          currency = betRow.currencyCode;
        }
        if (betRow.status === 'OK' && userId && currency) {
          refund = await refundBet(tx, input, betRow, userId, currency, at);
        }
      }
      let balanceAfter = refund?.balance ?? null;
      if (balanceAfter === null && userId && currency) balanceAfter = await balanceOf(tx, userId, currency);
      const [row] = await tx
        .update(gameTransactions)
        .set({
          userId,
          currencyCode: currency,
          amount: refund?.amount ?? 0,
          ledgerTransactionId: refund?.ledgerTransactionId ?? null,
          balanceAfter,
        })
        .where(eq(gameTransactions.id, opId))
        .returning();
      return gameResult(row!, false);
    });
  }

  /** Marks the bet rolled back and posts its stake back to the player. */
  async function refundBet(
    tx: DbOrTx,
    input: RollbackInput,
    betRow: GameTransactionRow,
    userId: string,
    currency: CurrencyCode,
    at: Date,
  ) {
    const amount = betRow.amount ?? 0;
    const ledgerTransactionId = uuidv7();
    await tx
      .update(gameTransactions)
      .set({ status: 'ROLLED_BACK' })
      .where(eq(gameTransactions.id, betRow.id));
    const outcome = await writePosting(tx, {
      ledgerTransactionId,
      kind: 'ROLLBACK',
      reference: gameReference(input.providerCode, input.transactionId),
      metadata: { roundId: input.roundId, referenceTransactionId: input.referenceTransactionId },
      at,
      amount,
      counterpartyAccountId: ledger.systemAccount('house', currency),
      userId,
      currency,
      refundedBetAt: betRow.createdAt,
      game: { providerCode: input.providerCode, gameCode: betRow.gameCode, roundId: input.roundId },
    });
    if (!outcome.moved || outcome.balance === null)
      throw new Error('Player account missing for a placed bet');
    return { amount, ledgerTransactionId, balance: outcome.balance };
  }

  return { rollback };
}
