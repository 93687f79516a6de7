import { type StudioRound, studioVerifyRequestSchema } from '@paws/contracts/studio-api';
import { describe, expect, it } from 'vitest';
import { roundSummary, verifyHref, verifyInput } from './verify-link.ts';

const SEED = 'b'.repeat(64);
const base = {
  id: '0b5f3c1e-8a4d-4c1e-9a51-3f0e6c1d2a7b',
  nonce: 4,
  serverSeedHash: 'a'.repeat(64),
  serverSeed: SEED,
  clientSeed: 'lucky',
  createdAt: '2026-11-22T07:00:00.000Z',
  finished: true,
};

const rounds: StudioRound[] = [
  {
    ...base,
    game: 'loto',
    stake: 150,
    payout: 0,
    result: {
      picks: [3, 17, 42],
      drawn: Array.from({ length: 20 }, (_, i) => i + 50),
      hits: [],
      multiplier: 0,
      payout: 0,
    },
  },
  {
    ...base,
    game: 'baccarat',
    stake: 300,
    payout: 200,
    result: {
      playerCards: ['4c', '4d'],
      bankerCards: ['6c', '9h'],
      playerTotal: 8,
      bankerTotal: 5,
      natural: true,
      winner: 'player',
      bets: [
        { spot: 'player', stake: 200, outcome: 'win', payout: 400 },
        { spot: 'tie', stake: 100, outcome: 'lose', payout: 0 },
      ],
      totalStake: 300,
      totalPayout: 400,
    },
  },
  {
    ...base,
    game: 'video-poker',
    stake: 100,
    payout: 0,
    result: {
      phase: 'finished',
      stake: 100,
      cards: ['Qd', '9c', '5s', 'Th', '8c'],
      held: [true, false, false, true, false],
      hand: 'nothing',
      payout: 0,
    },
  },
];

describe('verify links', () => {
  it('turns a round into a verify request the contract accepts (dollars again)', () => {
    for (const round of rounds) {
      const request = {
        game: round.game,
        serverSeed: SEED,
        clientSeed: round.clientSeed,
        nonce: round.nonce,
        input: verifyInput(round),
      };
      const parsed = studioVerifyRequestSchema.safeParse(request);
      expect(parsed.success, round.game).toBe(true);
    }
    expect(verifyInput(rounds[0] as StudioRound)).toEqual({ bet: { picks: [3, 17, 42], amount: 1.5 } });
    expect(verifyInput(rounds[1] as StudioRound)).toEqual({ bet: { player: 2, tie: 1 } });
  });

  it('puts seeds, nonce and input in the verify page address', () => {
    const url = new URL(verifyHref(rounds[2] as StudioRound), 'http://x/studio/');
    expect(url.pathname).toBe('/studio/verify.html');
    expect(url.searchParams.get('game')).toBe('video-poker');
    expect(url.searchParams.get('serverSeed')).toBe(SEED);
    expect(url.searchParams.get('nonce')).toBe('4');
    expect(JSON.parse(url.searchParams.get('input') ?? 'null')).toEqual({
      bet: { amount: 1 },
      held: [true, false, false, true, false],
    });
  });

  it('describes rounds for the history list', () => {
    expect(roundSummary(rounds[0] as StudioRound)).toBe('0 of 3 hit · ×0');
    expect(roundSummary(rounds[1] as StudioRound)).toBe('Player wins 8–5');
    expect(roundSummary(rounds[2] as StudioRound)).toBe('No win');
  });
});
