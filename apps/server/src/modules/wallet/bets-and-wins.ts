import { authServerMessages } from '@paws/contracts/auth';
import { playSessionMessages, responsibleGamingMessages } from '@paws/contracts/responsible-gaming';
import type { Db, DbOrTx } from '../../db/client.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { lockLimitedPlayer } from '../responsible-gaming/index.ts';
import { WalletError } from './errors.ts';
import { createGameCallBatcher, type QueuedCall } from './game-call-batches.ts';
import {
  type BetInput,
  findGameTransaction,
  type GameResult,
  type GameTransactionRow,
  gameReference,
  gameResult,
  type WinInput,
} from './game-call-records.ts';
import { checkAmount, type Ledger } from './ledger.ts';
import {
  type BoundCompanion,
  type GameCallRecord,
  type PlayerPosting,
  type PostingDiagnosis,
  type PostingOutcome,
  retryingDuplicates,
  writePosting,
  writePostings,
} from './ledger-writer.ts';
import type { BatchShape } from './posting-statements.ts';

/** A posted game call: its result. */
export interface Posted {
  result: GameResult;
}

/** A repeated id: the first result when the data is the same, else a refusal. Nothing moves. */
export function replayGameCall(prior: GameTransactionRow, kind: 'BET' | 'WIN', input: WinInput): GameResult {
  if (prior.kind === 'BET' && prior.userId === null) {
    // A tombstone: the bet was rolled back before it ever arrived.
    if (kind === 'BET') throw new WalletError('TRANSACTION_ROLLED_BACK');
    throw new WalletError('DUPLICATE_TRANSACTION_MISMATCH');
  }
  if (
    prior.kind !== kind ||
    prior.userId !== input.userId ||
    prior.currencyCode !== input.currency ||
    prior.amount !== input.amount ||
    prior.roundId !== input.roundId ||
    (kind === 'WIN' && (prior.referenceExternalId ?? undefined) !== input.referenceTransactionId)
  ) {
    throw new WalletError('DUPLICATE_TRANSACTION_MISMATCH');
  }
  if (prior.status === 'ROLLED_BACK') throw new WalletError('TRANSACTION_ROLLED_BACK');
  return gameResult(prior, true);
}

/** The refusal a bet or win that moved nothing (and repeated no id) earns, from the statement's diagnosis. */
export function refusal(why: PostingDiagnosis, kind: 'BET' | 'WIN', input: WinInput, at: Date): WalletError {
  // A banned player's bet is refused whatever its session, with the reason.
  if (kind === 'BET' && why.banned) {
    return new WalletError('INVALID_SESSION', { message: authServerMessages.banned });
  }
  if (
    why.session_user === null ||
    why.session_user !== input.userId ||
    why.session_currency !== input.currency ||
    why.session_provider !== input.providerCode
  ) {
    return new WalletError('INVALID_SESSION');
  }
  if (kind === 'BET' && new Date(why.session_expires as string) <= at)
    return new WalletError('SESSION_EXPIRED');
  if (kind === 'BET' && why.over_limit) {
    const { kind: limit, period } = why.over_limit;
    return new WalletError('LIMIT_REACHED', {
      message: responsibleGamingMessages.betOverLimit(limit, period),
    });
  }
  if (kind === 'BET' && why.played_out) {
    return new WalletError('LIMIT_REACHED', { message: playSessionMessages.playTimeReached });
  }
  if (kind === 'WIN' && input.referenceTransactionId) {
    if (why.reference_state === null) return new WalletError('TRANSACTION_NOT_FOUND');
    if (why.reference_state === 'ROLLED_BACK') return new WalletError('TRANSACTION_ROLLED_BACK');
    if (why.reference_state === 'MISMATCH') return new WalletError('DUPLICATE_TRANSACTION_MISMATCH');
  }
  return new WalletError('INSUFFICIENT_FUNDS', {
    balance: why.current_balance === null ? 0 : Number(why.current_balance),
    currency: input.currency,
  });
}

/**
 * Bets and wins: each one posting statement on the database (one round trip, no transaction of its own)
 * that also checks the game session (and, for a bet, the player's ban) and writes the call's record.
 */
export function createBetsAndWins({
  db,
  now,
  banClock,
  ledger,
  batching = { concurrency: 1, maxBatch: 16 },
}: {
  db: Db;
  now: () => Date;
  /** The clock bans are read by (identity's, which tests move). */
  banClock: () => Date;
  ledger: Pick<Ledger, 'ready' | 'systemAccount'>;
  /** Sends of game calls in flight at once, and the most calls one send carries (game-call-batches.ts). */
  batching?: { concurrency: number; maxBatch: number };
}) {
  const alone = (kind: 'BET' | 'WIN', input: WinInput) =>
    retryingDuplicates(async () => ((await post(db, kind, input)) as Posted).result);

  const batcher = createGameCallBatcher({
    ...batching,
    alone: (call) => alone(call.kind, call.input).then(call.resolve, call.reject),
    together,
  });

  async function gameCall(kind: 'BET' | 'WIN', input: WinInput): Promise<GameResult> {
    checkAmount(input.amount, false);
    await ledger.ready();
    // A limited player's bet takes its own transaction and lock (postLimited): never batched.
    if (kind === 'BET' && input.currency === 'USD' && limitedPlayers.has(input.userId))
      return alone(kind, input);
    return batcher.submit(kind, input);
  }

  /**
   * Calls of different players in one statement. Each is answered as if posted alone: a refusal or a replay
   * from its own diagnosis, a limited player's bet on its own path; if the statement fails (a concurrent
   * duplicate, a deadlock, the database gone), each is posted alone and gets its own true answer.
   */
  async function together(shape: BatchShape, calls: QueuedCall[]): Promise<void> {
    const prepared = calls.map((call) => gameCallPosting(call.kind, call.input, false));
    let outcomes: PostingOutcome[];
    try {
      outcomes = await writePostings(db, shape, prepared);
    } catch {
      // In arrival order, so that of two calls fighting over one id the first to arrive wins, as alone.
      for (const call of calls) await alone(call.kind, call.input).then(call.resolve, call.reject);
      return;
    }
    await Promise.all(
      calls.map(async (call, index) => {
        try {
          const settled = await settle(db, call.kind, call.input, outcomes[index]!, prepared[index]!, false);
          if (settled === 'limited') {
            rememberLimited(call.input.userId);
            call.resolve(await alone(call.kind, call.input));
          } else call.resolve((settled as Posted).result);
        } catch (error) {
          call.reject(error);
        }
      }),
    );
  }

  /** Players seen with limits in this process: their USD bets go straight to the limited path. */
  const limitedPlayers = new Set<string>();

  /**
   * One game call's posting on `q` (the database or the caller's transaction), with a bet's companion if any.
   * A refusal throws; null when the companion's condition did not hold (then nothing was written). A bet of a
   * player with limits takes the limited path: their lock, then the statement that checks and counts them.
   */
  async function post(
    q: DbOrTx,
    kind: 'BET' | 'WIN',
    input: WinInput,
    companion?: BoundCompanion,
  ): Promise<Posted | null> {
    const limitedFirst = kind === 'BET' && input.currency === 'USD' && limitedPlayers.has(input.userId);
    if (limitedFirst) return postLimited(q, input, companion);
    const posted = await postOnce(q, kind, input, companion, false);
    if (posted !== 'limited') return posted;
    rememberLimited(input.userId);
    return postLimited(q, input, companion);
  }

  function rememberLimited(userId: string) {
    if (limitedPlayers.size >= 10_000) limitedPlayers.clear();
    limitedPlayers.add(userId);
  }

  function postLimited(q: DbOrTx, input: WinInput, companion?: BoundCompanion) {
    const limitedBet = async (tx: DbOrTx) => {
      await tx.execute(lockLimitedPlayer(input.userId));
      return (await postOnce(tx, 'BET', input, companion, true)) as Posted | null;
    };
    return q === db ? db.transaction(limitedBet) : limitedBet(q);
  }

  async function postOnce(
    q: DbOrTx,
    kind: 'BET' | 'WIN',
    input: WinInput,
    companion: BoundCompanion | undefined,
    limited: boolean,
  ): Promise<Posted | null | 'limited'> {
    const prepared = gameCallPosting(kind, input, limited);
    const outcome = await writePosting(q, prepared.posting, prepared.call, companion);
    return settle(q, kind, input, outcome, prepared, limited);
  }

  function gameCallPosting(
    kind: 'BET' | 'WIN',
    input: WinInput,
    limited: boolean,
  ): { posting: PlayerPosting; call: GameCallRecord } {
    const at = now();
    const game = {
      providerCode: input.providerCode,
      gameCode: input.gameCode,
      roundId: input.roundId,
      ...(kind === 'WIN' && input.roundStake !== undefined && { stake: input.roundStake }),
    };
    return {
      posting: {
        ledgerTransactionId: uuidv7(),
        kind,
        reference: gameReference(input.providerCode, input.transactionId),
        metadata: { roundId: input.roundId, gameCode: input.gameCode },
        at,
        amount: kind === 'BET' ? -input.amount : input.amount,
        counterpartyAccountId: ledger.systemAccount('house', input.currency),
        userId: input.userId,
        currency: input.currency,
        game,
      },
      call: {
        recordId: uuidv7(),
        sessionToken: input.sessionToken,
        providerCode: input.providerCode,
        transactionId: input.transactionId,
        roundId: input.roundId,
        gameCode: input.gameCode,
        referenceTransactionId: kind === 'WIN' ? input.referenceTransactionId : undefined,
        banAt: banClock(),
        limited,
      },
    };
  }

  /** What a posting's outcome answers: its result, a replay, or (thrown) its refusal. */
  async function settle(
    q: DbOrTx,
    kind: 'BET' | 'WIN',
    input: WinInput,
    outcome: PostingOutcome,
    { posting, call }: { posting: PlayerPosting; call: GameCallRecord },
    limited: boolean,
  ): Promise<Posted | null | 'limited'> {
    if (outcome.moved) {
      const result = {
        id: call.recordId,
        transactionId: input.transactionId,
        userId: input.userId,
        currency: input.currency,
        balance: outcome.balance,
        replayed: false,
      };
      return { result };
    }
    if (!outcome.companionReady) return null;
    if (!limited && outcome.diagnosis.limited) return 'limited';
    // Looked up afresh: a duplicate that committed while this statement waited for the player's row made
    // the guard fail here without reaching the unique index.
    const prior = await findGameTransaction(q, input.providerCode, input.transactionId);
    if (prior) return { result: replayGameCall(prior, kind, input) };
    throw refusal(outcome.diagnosis, kind, input, posting.at);
  }

  return {
    bet: (input: BetInput) => gameCall('BET', input),
    win: (input: WinInput) => gameCall('WIN', input),
    post,
    /** For a batch of rounds (round-postings.ts): a call's posting, then its answer from its outcome. */
    prepare: (kind: 'BET' | 'WIN', input: WinInput) => gameCallPosting(kind, input, false),
    settle: (
      kind: 'BET' | 'WIN',
      input: WinInput,
      outcome: PostingOutcome,
      prepared: { posting: PlayerPosting; call: GameCallRecord },
    ) => settle(db, kind, input, outcome, prepared, false),
    /** Whether the player's USD bets take the limited path (never batched). */
    isLimited: (input: BetInput) => input.currency === 'USD' && limitedPlayers.has(input.userId),
    rememberLimited,
  };
}

export type BetsAndWins = ReturnType<typeof createBetsAndWins>;
