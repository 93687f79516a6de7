import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gameCategories, gameKinds } from '../src/catalog.ts';
import {
  baccaratBetSchema,
  clientSeedSchema,
  kenoBetSchema,
  ROULETTE_MAX_BETS_PER_ROUND,
  rouletteBetSchema,
  rouletteBetsSchema,
  serverSeedSchema,
  slotBetSchema,
  studioGameCodes,
  studioMessages,
  verifyRequestSchema,
} from '../src/studio.ts';
import {
  isStudioApiGameCode,
  studioApiGameCodes,
  studioEngineGame,
  studioGames,
} from '../src/studio-games.ts';

describe('the studio’s game list', () => {
  it('gives each game one catalogue code and one engine name, both unique, and a valid catalogue entry', () => {
    expect(new Set(studioApiGameCodes).size).toBe(studioGames.length);
    expect(new Set(studioGameCodes).size).toBe(studioGames.length);
    for (const game of studioGames) {
      expect(studioEngineGame[game.code]).toBe(game.engine);
      expect(isStudioApiGameCode(game.code)).toBe(true);
      expect(game.code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/); // it is a url: /studio/<code>.html
      expect(gameCategories).toContain(game.catalog.category);
      expect(gameKinds).toContain(game.catalog.kind);
    }
    for (const other of ['slot', 'roulette', 'keno', '', 'Blackjack', 'toString']) {
      expect(isStudioApiGameCode(other), other).toBe(false);
    }
  });
});

describe('bets on the wire', () => {
  it('takes a roulette position only where the numbers form it, reporting the layout on numbers', () => {
    expect(rouletteBetSchema.parse({ type: 'corner', numbers: [5, 1, 2, 4], amount: 2.5 })).toEqual({
      type: 'corner',
      numbers: [5, 1, 2, 4],
      amount: 250,
    });
    const bad = rouletteBetSchema.safeParse({ type: 'split', numbers: [3, 4], amount: 1 });
    expect(bad.error?.issues).toEqual([
      expect.objectContaining({ path: ['numbers'], message: studioMessages.rouletteLayout }),
    ]);
    for (const wrong of [
      { type: 'straight', numbers: [37], amount: 1 },
      { type: 'straight', numbers: [1, 2], amount: 1 },
      { type: 'dozen', dozen: 4, amount: 1 },
      { type: 'red', amount: 0.001 },
      { type: 'purple', amount: 1 },
    ]) {
      expect(rouletteBetSchema.safeParse(wrong).success, JSON.stringify(wrong)).toBe(false);
    }
    const one = { type: 'red', amount: 1 };
    expect(rouletteBetsSchema.safeParse({ bets: [] }).success).toBe(false);
    expect(rouletteBetsSchema.safeParse({ bets: Array(ROULETTE_MAX_BETS_PER_ROUND).fill(one) }).success).toBe(
      true,
    );
    expect(
      rouletteBetsSchema.safeParse({ bets: Array(ROULETTE_MAX_BETS_PER_ROUND + 1).fill(one) }).success,
    ).toBe(false);
  });

  it('takes 1 to 10 different loto numbers from 1 to 80', () => {
    expect(kenoBetSchema.parse({ picks: [80, 1], amount: 0.5 })).toEqual({ picks: [80, 1], amount: 50 });
    const duplicate = kenoBetSchema.safeParse({ picks: [7, 7], amount: 1 });
    expect(duplicate.error?.issues[0]?.message).toBe(studioMessages.kenoDistinct);
    for (const picks of [[], [0], [81], [1.5], Array.from({ length: 11 }, (_, i) => i + 1)]) {
      expect(kenoBetSchema.safeParse({ picks, amount: 1 }).success, JSON.stringify(picks)).toBe(false);
    }
  });

  it('takes slot stakes in steps of $0.20, and free spins without a stake', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (cents) => {
        const parsed = slotBetSchema.safeParse({ fund: 'cash', stake: cents / 100 });
        expect(parsed.success).toBe(cents % 20 === 0);
        if (parsed.success) expect(parsed.data).toEqual({ fund: 'cash', stake: cents });
      }),
      { numRuns: 500 },
    );
    expect(slotBetSchema.parse({ fund: 'freeSpin' })).toEqual({ fund: 'freeSpin' });
    expect(slotBetSchema.safeParse({ fund: 'bonus', stake: 1 }).success).toBe(false);
  });

  it('takes a baccarat bet on at least one spot', () => {
    expect(baccaratBetSchema.parse({ banker: 12.5, tie: 1 })).toEqual({ banker: 1250, tie: 100 });
    expect(baccaratBetSchema.safeParse({}).error?.issues[0]?.message).toBe(studioMessages.baccaratNoBets);
    expect(baccaratBetSchema.safeParse({ player: 0 }).success).toBe(false);
  });
});

describe('seeds', () => {
  it('takes a server seed of 64 lowercase hex characters', () => {
    expect(serverSeedSchema.safeParse('ab'.repeat(32)).success).toBe(true);
    for (const bad of ['AB'.repeat(32), 'ab'.repeat(31), `${'ab'.repeat(32)}0`, 'g'.repeat(64)]) {
      expect(serverSeedSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('takes a client seed of 1–64 printable ASCII characters without outer spaces, saying which rule failed', () => {
    const message = (value: unknown) => clientSeedSchema.safeParse(value).error?.issues[0]?.message;
    expect(message('lucky 7 :-)')).toBeUndefined();
    expect(message('~'.repeat(64))).toBeUndefined();
    expect(message('')).toBe(studioMessages.clientSeedRequired);
    expect(message(undefined)).toBe(studioMessages.clientSeedRequired);
    expect(message('x'.repeat(65))).toBe(studioMessages.clientSeedMax);
    expect(message('café')).toBe(studioMessages.clientSeedPattern);
    expect(message('tab\there')).toBe(studioMessages.clientSeedPattern);
    expect(message(' lead')).toBe(studioMessages.clientSeedSpaces);
    expect(message('trail ')).toBe(studioMessages.clientSeedSpaces);
  });

  it('parses a verify request from the page into the engine’s cents', () => {
    const base = { serverSeed: 'ab'.repeat(32), clientSeed: 'c', nonce: 3 };
    expect(
      verifyRequestSchema.parse({ ...base, game: 'keno', bet: { picks: [1], amount: 1.23 } }),
    ).toMatchObject({
      bet: { amount: 123 },
    });
    expect(
      verifyRequestSchema.parse({
        ...base,
        game: 'blackjack',
        bet: { amount: 10 },
        actions: ['hit', 'stand'],
      }),
    ).toMatchObject({ bet: { amount: 1000 }, actions: ['hit', 'stand'] });
    expect(
      verifyRequestSchema.safeParse({ ...base, game: 'blackjack', bet: { amount: 10 }, actions: ['fold'] })
        .success,
    ).toBe(false);
    expect(verifyRequestSchema.safeParse({ ...base, nonce: -1, game: 'roulette' }).success).toBe(false);
    expect(verifyRequestSchema.safeParse({ ...base, game: 'european-roulette' }).success).toBe(false);
  });
});
