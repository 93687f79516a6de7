import { rouletteColor } from '@paws/contracts/studio';
import { type RouletteTable, rouletteTableSchema, type StudioApiGameCode } from '@paws/contracts/studio-api';
import type { Namespace } from 'socket.io';
import { z } from 'zod';
import type { RouletteRepository, RoundRow } from './roulette-repository.ts';

export const TABLE_GAME = 'european-roulette' satisfies StudioApiGameCode;
const LAST_RESULTS = 20;

export const userRoom = (userId: string) => `user:${userId}`;

export function spinRoundView(roundNumber: number, number: number) {
  return { roundNumber, number, color: rouletteColor(number) };
}

export function phaseEndsAt(round: RoundRow) {
  if (round.phase === 'BETTING') return round.bettingEndsAt;
  if (round.phase === 'SPINNING') return round.spinningEndsAt;
  return round.resultEndsAt;
}

/** The table as every process serves it (from the database), and its broadcast to the sockets. */
export function createTableState({
  repo,
  namespace,
}: {
  repo: RouletteRepository;
  namespace: () => Namespace;
}) {
  async function lastResults() {
    const rows = await repo.lastResults(LAST_RESULTS);
    return rows.map((r) => spinRoundView(r.roundNumber, r.number as number));
  }

  async function pairHash(id: string) {
    const pair = await repo.seedPair(id);
    return pair?.serverSeedHash ?? '';
  }

  /** The 'table' payload; null before the first round was opened. */
  async function state(): Promise<RouletteTable | null> {
    const round = await repo.latestRound();
    if (!round) return null;
    return {
      roundNumber: round.roundNumber,
      phase: round.phase,
      phaseEndsAt: phaseEndsAt(round).toISOString(),
      serverSeedHash: await pairHash(round.seedPairId),
      lastResults: await lastResults(),
    };
  }

  async function emitTable() {
    const payload = await state();
    if (payload) namespace().emit('table', z.encode(rouletteTableSchema, payload));
  }

  return { state, emitTable };
}
