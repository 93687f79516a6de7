import { randomUUID } from 'node:crypto';
import type { BlackjackAction } from '@paws/contracts/studio';
import { type StudioApiGameCode, studioApiMessages } from '@paws/contracts/studio-api';
import type { CurrencyCode } from '@paws/contracts/wallet';
import { fairStream } from '@paws/studio-engine/fair';
import * as blackjack from '@paws/studio-engine/games/blackjack';
import * as videoPoker from '@paws/studio-engine/games/video-poker';
import { and, eq } from 'drizzle-orm';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import {
  asAppError,
  assertGame,
  present,
  type RoundAnswer,
  type RoundOutcome,
  type RoundRow,
  type RoundsDeps,
  startRound,
} from './rounds.ts';
import { studioPendingDebits, studioRounds, studioSeedPairs } from './schema.ts';
import type { SeedPairRow } from './seeds.ts';
import type { StudioSession } from './sessions.ts';

interface BlackjackStored {
  engine: blackjack.BlackjackState;
  actions: string[];
}
interface VideoPokerStored {
  engine: videoPoker.VideoPokerState;
}

function blackjackOutcome(stored: BlackjackStored): RoundOutcome {
  return {
    stake: blackjack.totalStake(stored.engine),
    payout: stored.engine.totalPayout ?? 0,
    state: stored,
    result: blackjack.publicView(stored.engine),
    finished: stored.engine.phase === 'finished',
  };
}

function videoPokerOutcome(stored: VideoPokerStored): RoundOutcome {
  return {
    stake: stored.engine.stake,
    payout: stored.engine.payout ?? 0,
    state: stored,
    result: videoPoker.publicView(stored.engine),
    finished: stored.engine.phase === 'finished',
  };
}

/** The action a multi-step round took at step `stepIndex` (0-based), as stored with its state. */
export function lastAction(row: RoundRow, stepIndex: number) {
  const stored = row.state as { actions?: string[]; held?: unknown } | null;
  return stored?.actions?.[stepIndex] ?? (row.game === 'video-poker' ? 'draw' : undefined);
}

/**
 * Multi-step games: blackjack and video poker. The deal stores the engine's state (secret: the shoe
 * and the hole card) with the round; each step loads it, runs the engine and stores the next state.
 */
export function createRoundSteps(deps: RoundsDeps) {
  const { db, money } = deps;

  async function ensureNoOpenRound(session: StudioSession, game: StudioApiGameCode) {
    const [open] = await db
      .select({ id: studioRounds.id })
      .from(studioRounds)
      .where(
        and(
          eq(studioRounds.userId, session.userId),
          eq(studioRounds.game, game),
          eq(studioRounds.finished, false),
        ),
      )
      .limit(1);
    if (open) throw badRequest(studioApiMessages.roundOpen);
  }

  async function payOut(row: RoundRow, game: StudioApiGameCode, balance: number) {
    if (row.payout <= 0) return balance;
    return money.credit({
      transactionId: `${row.id}:win`,
      roundId: row.id,
      sessionToken: row.walletSessionToken,
      userId: row.userId,
      currency: row.currency as CurrencyCode,
      cents: row.payout,
      game,
    });
  }

  async function dealMulti(
    session: StudioSession,
    game: 'blackjack' | 'video-poker',
    amount: number,
    play: Parameters<typeof startRound>[4],
  ): Promise<RoundAnswer> {
    assertGame(session, game);
    await ensureNoOpenRound(session, game);
    const roundId = randomUUID();
    const betId = `${roundId}:bet`;
    let balance = await money.debit(
      {
        transactionId: betId,
        roundId,
        sessionToken: session.walletSessionToken,
        userId: session.userId,
        currency: session.currency,
        cents: amount,
        game,
      },
      'amount',
    );
    let started: Awaited<ReturnType<typeof startRound>>;
    try {
      started = await startRound(deps, session, roundId, session.currency, play);
    } catch (err) {
      await money.refund(betId, roundId, session.userId, session.currency);
      // A parallel deal opened the round first (the one-open-round index).
      if (pgErrorCode(err) === UNIQUE_VIOLATION) throw badRequest(studioApiMessages.roundOpen);
      throw asAppError(err);
    }
    if (started.row.finished) balance = await payOut(started.row, game, balance);
    return { round: present(started.row, started.pair), balance };
  }

  async function loadOpenRound(session: StudioSession, roundId: string, game: StudioApiGameCode) {
    const [row] = await db
      .select()
      .from(studioRounds)
      .where(and(eq(studioRounds.id, roundId), eq(studioRounds.userId, session.userId)));
    if (!row || row.game !== game) throw notFound(studioApiMessages.roundNotFound);
    if (row.finished) throw badRequest(studioApiMessages.roundFinished);
    return row;
  }

  /**
   * One step of a multi-step round. Extra stakes (double, split, insurance) are debited first with
   * their own transaction id `${roundId}:${step}:${action}`; the new state is stored only if nobody
   * stored another step meanwhile (the step counter), else the extra debit is rolled back.
   */
  async function step(
    session: StudioSession,
    row: RoundRow,
    game: StudioApiGameCode,
    action: string,
    extraStake: number,
    next: () => RoundOutcome,
  ): Promise<RoundAnswer> {
    const extraId = `${row.id}:${row.step + 1}:${action}`;
    const currency = row.currency as CurrencyCode;
    let balance: number | null = null;
    if (extraStake > 0) {
      balance = await money.debit(
        {
          transactionId: extraId,
          roundId: row.id,
          sessionToken: row.walletSessionToken,
          userId: row.userId,
          currency,
          cents: extraStake,
          game,
          step: { index: row.step + 1, action },
        },
        'amount',
      );
    }
    let updated: RoundRow | undefined;
    try {
      const outcome = next();
      updated = await db.transaction(async (tx) => {
        const [moved] = await tx
          .update(studioRounds)
          .set({
            step: row.step + 1,
            stake: outcome.stake,
            payout: outcome.payout,
            state: outcome.state,
            result: outcome.result,
            finished: outcome.finished,
          })
          .where(and(eq(studioRounds.id, row.id), eq(studioRounds.step, row.step)))
          .returning();
        // The extra stake's intent is settled with the step it paid for.
        if (moved && extraStake > 0) {
          await tx.delete(studioPendingDebits).where(eq(studioPendingDebits.transactionId, extraId));
        }
        return moved;
      });
    } catch (err) {
      if (extraStake > 0) await money.refund(extraId, row.id, row.userId, currency);
      throw asAppError(err);
    }
    if (!updated) {
      // Another request moved the round on; a retry of the same action shares our transaction id.
      const [current] = await db.select().from(studioRounds).where(eq(studioRounds.id, row.id));
      const sameStep =
        current && current.step > row.step && lastAction(current, row.step) === action && extraStake > 0;
      if (extraStake > 0 && !sameStep) await money.refund(extraId, row.id, row.userId, currency);
      throw new AppError(409, 'The round changed meanwhile; reload it');
    }
    if (updated.finished && updated.payout > 0) balance = await payOut(updated, game, 0);
    if (balance === null) balance = await money.walletBalance(session);
    const [pair] = await db.select().from(studioSeedPairs).where(eq(studioSeedPairs.id, updated.seedPairId));
    return { round: present(updated, pair as SeedPairRow), balance };
  }

  const dealBlackjack = (session: StudioSession, amount: number) =>
    dealMulti(session, 'blackjack', amount, (seeds) =>
      blackjackOutcome({ engine: blackjack.deal(fairStream(seeds), { amount }), actions: [] }),
    );

  async function blackjackAction(session: StudioSession, roundId: string, action: BlackjackAction) {
    assertGame(session, 'blackjack');
    const row = await loadOpenRound(session, roundId, 'blackjack');
    const stored = row.state as BlackjackStored;
    if (!blackjack.allowedActions(stored.engine).includes(action))
      throw badRequest(`You cannot ${action} now`, 'action');
    const extra = blackjack.additionalStake(stored.engine, action);
    return step(session, row, 'blackjack', action, extra, () =>
      blackjackOutcome({
        engine: blackjack.act(stored.engine, action),
        actions: [...stored.actions, action],
      }),
    );
  }

  const dealVideoPoker = (session: StudioSession, amount: number) =>
    dealMulti(session, 'video-poker', amount, (seeds) =>
      videoPokerOutcome({ engine: videoPoker.deal(fairStream(seeds), { amount }) }),
    );

  async function videoPokerDraw(session: StudioSession, roundId: string, held: boolean[]) {
    assertGame(session, 'video-poker');
    const row = await loadOpenRound(session, roundId, 'video-poker');
    const stored = row.state as VideoPokerStored;
    return step(session, row, 'video-poker', 'draw', 0, () =>
      videoPokerOutcome({ engine: videoPoker.draw(stored.engine, held) }),
    );
  }

  return { dealBlackjack, blackjackAction, dealVideoPoker, videoPokerDraw };
}
