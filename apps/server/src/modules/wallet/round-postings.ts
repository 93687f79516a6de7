import type { Db, DbOrTx } from '../../db/client.ts';
import type { BetsAndWins } from './bets-and-wins.ts';
import { type Batchable, createPlayerBatcher } from './game-call-batches.ts';
import type { BetInput, WinInput } from './game-call-records.ts';
import { checkAmount, type Ledger } from './ledger.ts';
import {
  type BoundCompanion,
  type PostingOutcome,
  retryingDuplicates,
  writePostings,
} from './ledger-writer.ts';

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

interface QueuedRound extends Batchable {
  input: RoundPostingInput;
  resolve(result: RoundPostingResult): void;
}

const winOf = ({ bet, win }: RoundPostingInput): WinInput | undefined =>
  win && {
    ...bet,
    transactionId: win.transactionId,
    amount: win.amount,
    referenceTransactionId: bet.transactionId,
    roundStake: bet.amount,
  };

/**
 * A bet, its provider's round and its win in one database transaction of two statements (one without a
 * win), so no intent or recovery is needed between them. Refusals throw WalletError, as a bet's do.
 * Concurrent rounds of different players are grouped (game-call-batches.ts): their bets in one statement,
 * their wins in a second, one commit for all; each round is answered as if played alone.
 */
export function createRoundPostings({
  db,
  ledger,
  calls,
  batching = { concurrency: 1, maxBatch: 16 },
}: {
  db: Db;
  ledger: Pick<Ledger, 'ready'>;
  calls: Pick<BetsAndWins, 'post' | 'prepare' | 'settle' | 'isLimited' | 'rememberLimited'>;
  batching?: { concurrency: number; maxBatch: number };
}) {
  async function once(q: DbOrTx, input: RoundPostingInput): Promise<RoundPostingResult> {
    const placed = await calls.post(q, 'BET', input.bet, input.companion);
    if (!placed) return { status: 'notReady' };
    if (placed.result.replayed) return { status: 'replayed', balance: placed.result.balance };
    const win = winOf(input);
    if (!win) return { status: 'written', balance: placed.result.balance as number };
    const paid = await calls.post(q, 'WIN', win);
    return { status: 'written', balance: paid?.result.balance as number };
  }

  // Without a win the one statement is atomic on its own; with one, both commit together.
  const alone = (input: RoundPostingInput) =>
    retryingDuplicates(() => (input.win ? db.transaction((tx) => once(tx, input)) : once(db, input)));

  const batcher = createPlayerBatcher<QueuedRound>({
    ...batching,
    alone: (round) => alone(round.input).then(round.resolve, round.reject),
    together,
  });

  /**
   * Rounds of different players in one transaction: their bets (with the companions) in one statement, then
   * the wins of the bets that moved in another. A win that does not move, or any error (a concurrent
   * duplicate, a deadlock, the database gone), undoes the whole batch: then each round is played alone, in
   * arrival order, and gets its own true answer.
   */
  async function together(rounds: QueuedRound[]): Promise<void> {
    const bets = rounds.map(({ input }) => ({
      ...calls.prepare('BET', input.bet),
      companion: input.companion,
    }));
    let written: { outcomes: PostingOutcome[]; winBalances: Map<number, number> };
    try {
      written = await db.transaction(async (tx) => {
        const outcomes = await writePostings(tx, 'bet', bets);
        const paying = rounds.flatMap(({ input }, index) => {
          const win = winOf(input);
          return win && outcomes[index]?.moved ? [{ index, win }] : [];
        });
        const winBalances = new Map<number, number>();
        if (paying.length === 0) return { outcomes, winBalances };
        const wins = await writePostings(
          tx,
          'winWithReference',
          paying.map(({ win }) => calls.prepare('WIN', win)),
        );
        wins.forEach((outcome, at) => {
          if (!outcome.moved || outcome.balance === null) throw new Error('A round’s win did not move');
          winBalances.set(paying[at]!.index, outcome.balance);
        });
        return { outcomes, winBalances };
      });
    } catch {
      for (const round of rounds) await alone(round.input).then(round.resolve, round.reject);
      return;
    }
    await Promise.all(
      rounds.map(async (round, index) => {
        try {
          round.resolve(
            await answerOf(
              round.input,
              written.outcomes[index]!,
              bets[index]!,
              written.winBalances.get(index),
            ),
          );
        } catch (error) {
          round.reject(error);
        }
      }),
    );
  }

  /** A batched round's answer, the one it would have had alone. */
  async function answerOf(
    input: RoundPostingInput,
    outcome: PostingOutcome,
    bet: ReturnType<typeof calls.prepare>,
    winBalance: number | undefined,
  ): Promise<RoundPostingResult> {
    if (outcome.moved) return { status: 'written', balance: winBalance ?? (outcome.balance as number) };
    const settled = await calls.settle('BET', input.bet, outcome, bet);
    if (settled === null) return { status: 'notReady' };
    if (settled === 'limited') {
      // A player with limits: their lock and the statement that checks them, as a bet of theirs takes.
      calls.rememberLimited(input.bet.userId);
      return alone(input);
    }
    return { status: 'replayed', balance: settled.result.balance };
  }

  async function playRound(input: RoundPostingInput): Promise<RoundPostingResult> {
    checkAmount(input.bet.amount, false);
    if (input.win) checkAmount(input.win.amount, false);
    await ledger.ready();
    // A limited player's round takes its own transaction and lock: never batched.
    if (calls.isLimited(input.bet)) return alone(input);
    return new Promise<RoundPostingResult>((resolve, reject) =>
      batcher.submit({
        input,
        player: input.bet.userId,
        shape: input.companion.statement.name,
        resolve,
        reject,
      }),
    );
  }

  return { playRound };
}
