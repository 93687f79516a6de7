import { rouletteResultEventSchema } from '@paws/contracts/studio-api';
import { ROULETTE_TABLE_CLIENT_SEED, spinRound } from '@paws/studio-engine/games/roulette';
import type { Namespace } from 'socket.io';
import { z } from 'zod';
import { createSeedPair } from './fair-seeds.ts';
import type { RouletteRepository, RoundRow } from './roulette-repository.ts';
import { spinRoundView } from './roulette-table-state.ts';

export interface RouletteTimings {
  bettingMs: number;
  spinningMs: number;
  resultMs: number;
  /** Rounds drawn with one table seed before it is revealed and replaced. */
  rotateEvery: number;
}

export interface RouletteSpinDeps {
  repo: RouletteRepository;
  namespace: () => Namespace;
  timings: () => RouletteTimings;
  now: () => Date;
  /** Pays the round's placements once its result is shown. */
  settleRound: (round: RoundRow) => Promise<void>;
}

/** A round's life on the driver: opened for bets, closed and drawn, its result shown and paid. */
export function createRouletteSpin({ repo, namespace, timings, now, settleRound }: RouletteSpinDeps) {
  async function openRound(previous: RoundRow | undefined) {
    const pair = await repo.activeTablePair(() => createSeedPair(ROULETTE_TABLE_CLIENT_SEED));
    const { bettingMs, spinningMs, resultMs } = timings();
    const start = now().getTime();
    const bettingEndsAt = new Date(start + bettingMs);
    const spinningEndsAt = new Date(bettingEndsAt.getTime() + spinningMs);
    return repo.insertRound({
      roundNumber: (previous?.roundNumber ?? 0) + 1,
      seedPairId: pair.id,
      phase: 'BETTING',
      bettingEndsAt,
      spinningEndsAt,
      resultEndsAt: new Date(spinningEndsAt.getTime() + resultMs),
    });
  }

  async function closeBetting(round: RoundRow) {
    return repo.transaction(async (tx) => {
      const locked = await repo.lockRound(round.roundNumber, 'update', tx);
      if (!locked) return round;
      if (locked.phase !== 'BETTING') return locked;
      const pair = await repo.lockSeedPair(locked.seedPairId, tx);
      if (!pair) throw new Error('Table seed missing');
      const { number } = spinRound(pair.serverSeed, locked.roundNumber, pair.clientSeed);
      await repo.setSeedNonce(pair.id, pair.nonce + 1, tx);
      const { spinningMs, resultMs } = timings();
      // The spin starts now even if the driver was late: the wheel gets its full time.
      const spinningEndsAt = new Date(Math.max(now().getTime(), locked.bettingEndsAt.getTime()) + spinningMs);
      return repo.updateRound(
        locked.roundNumber,
        {
          phase: 'SPINNING',
          number,
          spinningEndsAt,
          resultEndsAt: new Date(spinningEndsAt.getTime() + resultMs),
        },
        tx,
      );
    });
  }

  async function showResult(round: RoundRow) {
    const resultEndsAt = new Date(now().getTime() + timings().resultMs);
    const shown = await repo.updateRound(round.roundNumber, { phase: 'RESULT', resultEndsAt });
    const pair = await repo.seedPair(shown.seedPairId);
    let serverSeed: string | undefined;
    if (pair && pair.nonce >= timings().rotateEvery) {
      await repo.revealSeedPair(pair.id, now());
      serverSeed = pair.serverSeed;
    }
    const number = shown.number as number;
    namespace().emit(
      'result',
      z.encode(rouletteResultEventSchema, {
        ...spinRoundView(shown.roundNumber, number),
        ...(serverSeed ? { serverSeed } : {}),
      }),
    );
    await settleRound(shown);
    return shown;
  }

  return { openRound, closeBetting, showResult };
}
