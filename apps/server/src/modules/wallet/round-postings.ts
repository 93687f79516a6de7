import type { Db, DbOrTx } from '../../db/client.ts';
import type { BetsAndWins } from './bets-and-wins.ts';
import type { BetInput } from './game-call-records.ts';
import { checkAmount, type Ledger } from './ledger.ts';
import { type BoundCompanion, retryingDuplicates } from './ledger-writer.ts';

/** A round whose outcome is known before any money moves (a single-step game), for an in-process provider. */
export interface RoundPostingInput {
  bet: BetInput;
  /** The round's win, paid against the bet (minor units); absent when it pays nothing. */
  win?: { transactionId: string; amount: number };
  /** The provider's own writes (its round), in the bet's statement: see StatementCompanion. */
  companion: BoundCompanion;
}

export type RoundPostingResult =
  /** The bet, the companion's writes and the win are committed; `balance` is the player's after all. */
  | { status: 'written'; balance: number }
  /** The companion's condition did not hold (its state moved on): nothing was written. */
  | { status: 'notReady' }
  /** The bet's transaction id was used before with the same data: nothing moved now. */
  | { status: 'replayed'; balance: number | null };

/**
 * A bet, its provider's round and its win in one database transaction of two statements (one without a
 * win), so no intent or recovery is needed between them. Refusals throw WalletError, as a bet's do.
 */
export function createRoundPostings({
  db,
  ledger,
  calls,
}: {
  db: Db;
  ledger: Pick<Ledger, 'ready'>;
  calls: Pick<BetsAndWins, 'post'>;
}) {
  async function once(q: DbOrTx, { bet, win, companion }: RoundPostingInput): Promise<RoundPostingResult> {
    const placed = await calls.post(q, 'BET', bet, companion);
    if (!placed) return { status: 'notReady' };
    if (placed.result.replayed) return { status: 'replayed', balance: placed.result.balance };
    if (!win) return { status: 'written', balance: placed.result.balance as number };
    const paid = await calls.post(q, 'WIN', {
      ...bet,
      transactionId: win.transactionId,
      amount: win.amount,
      referenceTransactionId: bet.transactionId,
    });
    return { status: 'written', balance: paid?.result.balance as number };
  }

  async function playRound(input: RoundPostingInput): Promise<RoundPostingResult> {
    checkAmount(input.bet.amount, false);
    if (input.win) checkAmount(input.win.amount, false);
    await ledger.ready();
    // Without a win the one statement is atomic on its own; with one, both commit together.
    return retryingDuplicates(() => (input.win ? db.transaction((tx) => once(tx, input)) : once(db, input)));
  }

  return { playRound };
}
