import { randomUUID } from 'node:crypto';
import type { RouletteBet } from '@paws/contracts/studio';
import { studioApiMessages } from '@paws/contracts/studio-api';
import { badRequest } from '../../lib/errors.ts';
import type { RouletteRepository, RoundRow } from './roulette-repository.ts';
import { TABLE_GAME } from './roulette-table-state.ts';
import type { StudioService, StudioSession } from './service.ts';

/** Bets on the table's open round; any process takes them. */
export function createRouletteBetting({
  repo,
  studio,
  now,
}: {
  repo: RouletteRepository;
  studio: StudioService;
  now: () => Date;
}) {
  return async function placeBets(session: StudioSession, roundNumber: number, bets: RouletteBet[]) {
    if (session.game !== TABLE_GAME) throw badRequest(studioApiMessages.wrongGame);
    const closed = () => badRequest(studioApiMessages.bettingClosed, 'roundNumber');
    const isOpen = (round: RoundRow | undefined) =>
      round !== undefined && round.phase === 'BETTING' && round.bettingEndsAt > now();
    const before = await repo.roundByNumber(roundNumber);
    if (!isOpen(before)) throw closed();
    const total = bets.reduce((sum, b) => sum + b.amount, 0);
    const roundId = randomUUID();
    const betId = `${roundId}:bet`;
    const balance = await studio.debit(
      {
        transactionId: betId,
        roundId,
        sessionToken: session.walletSessionToken,
        userId: session.userId,
        currency: session.currency,
        cents: total,
        game: TABLE_GAME,
      },
      'amount',
    );
    try {
      await repo.transaction(async (tx) => {
        // A share lock: the driver's close of betting (an update of this row) waits for us, and after it
        // no bet can be added to the round.
        const round = await repo.lockRound(roundNumber, 'share', tx);
        if (!round || !isOpen(round)) throw closed();
        await repo.insertPlacement(
          {
            roundId,
            roundNumber,
            seedPairId: round.seedPairId,
            userId: session.userId,
            walletSessionToken: session.walletSessionToken,
            currency: session.currency,
            bets,
            totalStake: total,
          },
          tx,
        );
      });
    } catch (err) {
      await studio.refund(betId, roundId, session.userId, session.currency);
      throw err;
    }
    return { accepted: true as const, balance };
  };
}
