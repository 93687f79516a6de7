import type { RoulettePhase } from '@paws/contracts/studio-api';
import type { Namespace } from 'socket.io';
import type { Database } from '../../db/client.ts';
import { createRouletteBetting } from './roulette-bets.ts';
import { createRouletteDriver } from './roulette-driver.ts';
import { createRouletteRepository } from './roulette-repository.ts';
import { createRouletteSettlement } from './roulette-settlement.ts';
import { createRouletteSpin, type RouletteTimings } from './roulette-spin.ts';
import { createTableState, phaseEndsAt, TABLE_GAME } from './roulette-table-state.ts';
import type { StudioService } from './service.ts';

export type { RouletteTimings } from './roulette-spin.ts';
export { userRoom } from './roulette-table-state.ts';

export const DEFAULT_ROULETTE_TIMINGS: RouletteTimings = {
  bettingMs: 20_000,
  spinningMs: 6_000,
  resultMs: 4_000,
  rotateEvery: 100,
};

export interface RouletteTableOptions {
  database: Database;
  studio: StudioService;
  namespace: () => Namespace;
  timings?: Partial<RouletteTimings>;
  now?: () => Date;
  log: { error(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };
}

/**
 * The live table. Every process accepts bets and serves the state from the database; exactly one
 * process drives the wheel (PostgreSQL: whoever holds a session advisory lock; PGlite: the only
 * process), so there is one sequence of rounds. Phase changes, results and settlements are emitted
 * on the '/roulette' namespace; the Redis adapter carries them to the other processes' sockets.
 */
export function createRouletteTable({
  database,
  studio,
  namespace,
  timings: initial,
  now = () => new Date(),
  log,
}: RouletteTableOptions) {
  let timings: RouletteTimings = { ...DEFAULT_ROULETTE_TIMINGS, ...initial };
  const repo = createRouletteRepository(database.db, TABLE_GAME);
  const { state, emitTable } = createTableState({ repo, namespace });
  const placeBets = createRouletteBetting({ repo, studio, now });
  const { settleRound, settleLeftovers } = createRouletteSettlement({ repo, studio, namespace, now, log });
  const { openRound, closeBetting, showResult } = createRouletteSpin({
    repo,
    namespace,
    timings: () => timings,
    now,
    settleRound,
  });

  /** One step of the state machine; returns when to run the next one. */
  async function advance(): Promise<number> {
    let round = await repo.latestRound();
    const t = now().getTime();
    if (!round || (round.phase === 'RESULT' && round.settledAt && round.resultEndsAt.getTime() <= t)) {
      round = await openRound(round);
      await emitTable();
      return round.bettingEndsAt.getTime() - t;
    }
    const ends = phaseEndsAt(round).getTime();
    if (ends > t && !(round.phase === 'RESULT' && !round.settledAt)) return ends - t;
    const phase: RoulettePhase = round.phase;
    if (phase === 'BETTING') {
      round = await closeBetting(round);
      await emitTable();
      return round.spinningEndsAt.getTime() - now().getTime();
    }
    if (phase === 'SPINNING') {
      round = await showResult(round);
      await emitTable();
      await settleLeftovers(round.roundNumber);
      return round.resultEndsAt.getTime() - now().getTime();
    }
    // RESULT, not settled: a previous driver stopped half-way.
    await settleRound(round);
    return 0;
  }

  const driver = createRouletteDriver({ database, advance, log });

  return {
    state,
    placeBets,
    start: driver.start,
    stop: driver.stop,
    /** Stops, applies new timings (tests use short phases), starts again. */
    async restart(next: Partial<RouletteTimings>) {
      await driver.stop();
      timings = { ...timings, ...next };
      // A betting window opened under the old timings is cut to the new length.
      const round = await repo.latestRound();
      const bettingEndsAt = new Date(now().getTime() + timings.bettingMs);
      if (round?.phase === 'BETTING' && round.bettingEndsAt > bettingEndsAt) {
        const spinningEndsAt = new Date(bettingEndsAt.getTime() + timings.spinningMs);
        await repo.retimeRound(round.roundNumber, {
          bettingEndsAt,
          spinningEndsAt,
          resultEndsAt: new Date(spinningEndsAt.getTime() + timings.resultMs),
        });
      }
      await driver.start();
    },
    get driving() {
      return driver.driving;
    },
  };
}

export type RouletteTableDriver = ReturnType<typeof createRouletteTable>;
