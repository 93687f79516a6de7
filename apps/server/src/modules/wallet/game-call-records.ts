import type { CurrencyCode } from '@paws/contracts/wallet';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { gameTransactions } from './schema.ts';

/** A provider's bet; a win is the same call. Each call is idempotent on (provider, transaction id). */
export interface BetInput {
  providerCode: string;
  transactionId: string;
  roundId: string;
  sessionToken: string;
  userId: string;
  currency: CurrencyCode;
  /** Minor units. */
  amount: number;
  gameCode: string;
}

export interface WinInput extends BetInput {
  referenceTransactionId?: string;
  /** A round played in one call: its stake (minor units), carried on the win's wallet.moved event. */
  roundStake?: number;
}

export interface RollbackInput {
  providerCode: string;
  transactionId: string;
  /** The provider's id of the bet to refund. */
  referenceTransactionId: string;
  roundId: string;
  userId?: string;
  currency?: CurrencyCode;
}

export interface GameResult {
  /** Our id of the call's record. */
  id: string;
  /** The provider's transaction id. */
  transactionId: string;
  userId: string | null;
  currency: CurrencyCode | null;
  /** Minor units; null only for a rollback of an unseen bet that named no player. */
  balance: number | null;
  replayed: boolean;
}

export type GameTransactionRow = typeof gameTransactions.$inferSelect;

/** The ledger reference of a game call: one posting per provider's transaction id. */
export const gameReference = (providerCode: string, transactionId: string) =>
  `game:${providerCode}:${transactionId}`;

export async function findGameTransaction(q: DbOrTx, providerCode: string, externalId: string) {
  const [row] = await q
    .select()
    .from(gameTransactions)
    .where(and(eq(gameTransactions.providerCode, providerCode), eq(gameTransactions.externalId, externalId)));
  return row;
}

export const gameResult = (row: GameTransactionRow, replayed: boolean): GameResult => ({
  id: row.id,
  transactionId: row.externalId,
  userId: row.userId,
  currency: row.currencyCode,
  balance: row.balanceAfter,
  replayed,
});
