import { type RouletteBet, type RouletteBetType, rouletteBetSchema } from '@paws/contracts/studio';
import { StudioInputError } from '@paws/studio-engine/errors';
import {
  coveredNumbers,
  ROULETTE_PAYOUTS,
  ROULETTE_WHEEL_ORDER,
  rouletteInfo,
  settle,
  spinRound,
} from '@paws/studio-engine/games/roulette';
import { describe, expect, it } from 'vitest';
import { generateServerSeed } from '../../src/modules/studio/fair-seeds.ts';
import { bump, chiSquareUniform } from './helpers.ts';

type InsideType = 'straight' | 'split' | 'street' | 'corner' | 'line';
const inside = (type: InsideType, numbers: number[], amount = 100) =>
  ({ type, numbers, amount }) as RouletteBet;
const outside = (bet: { type: RouletteBetType; dozen?: number; column?: number }, amount = 100) =>
  ({ ...bet, amount }) as RouletteBet;
const isValid = (bet: RouletteBet) => {
  try {
    coveredNumbers(bet);
    return true;
  } catch (error) {
    if (error instanceof StudioInputError) return false;
    throw error;
  }
};

function combinations(k: number, from = 0): number[][] {
  if (k === 0) return [[]];
  const out: number[][] = [];
  for (let n = from; n <= 36; n++) for (const rest of combinations(k - 1, n + 1)) out.push([n, ...rest]);
  return out;
}
const combinationsOf = new Map<number, number[][]>();
const sets = (k: number) => {
  const known = combinationsOf.get(k) ?? combinations(k);
  combinationsOf.set(k, known);
  return known;
};

let everyBet: RouletteBet[] | undefined;
/** Every position of each bet type on the table. */
function allBets(): RouletteBet[] {
  if (everyBet) return everyBet;
  const bets: RouletteBet[] = [];
  for (const [type, k] of [
    ['straight', 1],
    ['split', 2],
    ['street', 3],
    ['corner', 4],
  ] as const) {
    for (const numbers of sets(k)) {
      const bet = inside(type, numbers);
      if (isValid(bet)) bets.push(bet);
    }
  }
  for (let a = 1; a <= 31; a += 3) bets.push(inside('line', [a, a + 1, a + 2, a + 3, a + 4, a + 5]));
  for (const dozen of [1, 2, 3] as const) bets.push(outside({ type: 'dozen', dozen }));
  for (const column of [1, 2, 3] as const) bets.push(outside({ type: 'column', column }));
  for (const type of ['red', 'black', 'odd', 'even', 'low', 'high'] as const) bets.push(outside({ type }));
  everyBet = bets;
  return bets;
}

describe('bet validation against the table layout', () => {
  it('finds exactly the positions of a single-zero table', () => {
    const count = (k: number, type: InsideType) => sets(k).filter((n) => isValid(inside(type, n))).length;
    expect(count(1, 'straight')).toBe(37);
    // 57 between numbers (33 side by side, 24 one above the other) + 0-1, 0-2, 0-3.
    expect(count(2, 'split')).toBe(60);
    // 12 rows + the trios 0-1-2 and 0-2-3.
    expect(count(3, 'street')).toBe(14);
    // 22 squares + the first four 0-1-2-3.
    expect(count(4, 'corner')).toBe(23);
  });

  it('takes the real neighbours and refuses numbers that only look close', () => {
    expect(isValid(inside('split', [1, 2]))).toBe(true);
    expect(isValid(inside('split', [4, 1]))).toBe(true);
    expect(isValid(inside('split', [0, 3]))).toBe(true);
    expect(isValid(inside('split', [3, 4]))).toBe(false); // end of one row, start of the next
    expect(isValid(inside('split', [1, 5]))).toBe(false);
    expect(isValid(inside('split', [0, 4]))).toBe(false);
    expect(isValid(inside('split', [7, 7]))).toBe(false);
    expect(isValid(inside('split', [1, 2, 5]))).toBe(false);
    expect(isValid(inside('straight', [37]))).toBe(false);
    expect(isValid(outside({ type: 'dozen', dozen: 4 }))).toBe(false);
    expect(isValid(inside('street', [34, 35, 36]))).toBe(true);
    expect(isValid(inside('street', [2, 3, 4]))).toBe(false);
    expect(isValid(inside('corner', [2, 3, 5, 6]))).toBe(true);
    expect(isValid(inside('corner', [3, 4, 6, 7]))).toBe(false);
    expect(isValid(inside('corner', [32, 33, 35, 36]))).toBe(true);
    expect(isValid(inside('corner', [30, 31, 33, 34]))).toBe(false);
    expect(isValid(inside('line', [31, 32, 33, 34, 35, 36]))).toBe(true);
    expect(isValid(inside('line', [2, 3, 4, 5, 6, 7]))).toBe(false);
    expect(isValid(inside('line', [1, 2, 3, 7, 8, 9]))).toBe(false);
    expect(isValid(inside('line', [0, 1, 2, 3, 4, 5]))).toBe(false);
    const lines = Array.from({ length: 32 }, (_, a) =>
      inside('line', [a, a + 1, a + 2, a + 3, a + 4, a + 5]),
    );
    expect(lines.filter(isValid).length).toBe(11);
  });

  it('refuses the same in the shared schema, in dollars on the wire and cents after parsing', () => {
    const bad = rouletteBetSchema.safeParse({ type: 'split', numbers: [3, 4], amount: 1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]).toMatchObject({
      path: ['numbers'],
      message: 'These numbers do not form that bet on the table',
    });
    expect(rouletteBetSchema.safeParse({ type: 'straight', numbers: [37], amount: 1 }).success).toBe(false);
    expect(rouletteBetSchema.safeParse({ type: 'red', amount: 0.001 }).success).toBe(false);
    expect(rouletteBetSchema.safeParse({ type: 'dozen', dozen: 4, amount: 1 }).success).toBe(false);
    expect(rouletteBetSchema.parse({ type: 'corner', numbers: [5, 1, 2, 4], amount: 2.5 })).toEqual({
      type: 'corner',
      numbers: [5, 1, 2, 4],
      amount: 250,
    });
    expect(() => settle([inside('split', [3, 4])], 3)).toThrow(StudioInputError);
  });
});

describe('settlement', () => {
  const cases: [RouletteBet, number, number][] = [
    [inside('straight', [17]), 17, 3600],
    [inside('split', [17, 20]), 20, 1800],
    [inside('street', [16, 17, 18]), 18, 1200],
    [inside('corner', [17, 18, 20, 21]), 21, 900],
    [inside('line', [16, 17, 18, 19, 20, 21]), 16, 600],
    [inside('street', [0, 2, 3]), 0, 1200],
    [inside('corner', [0, 1, 2, 3]), 0, 900],
    [outside({ type: 'dozen', dozen: 2 }), 24, 300],
    [outside({ type: 'column', column: 2 }), 17, 300],
    [outside({ type: 'red' }), 19, 200],
    [outside({ type: 'black' }), 20, 200],
    [outside({ type: 'odd' }), 35, 200],
    [outside({ type: 'even' }), 36, 200],
    [outside({ type: 'low' }), 18, 200],
    [outside({ type: 'high' }), 19, 200],
  ];

  it.each(cases)('pays %j on %i with %i cents for 100 staked', (bet, number, payout) => {
    expect(settle([bet], number).bets[0]).toMatchObject({ won: true, payout });
    const miss = [...Array(37).keys()].find((n) => !coveredNumbers(bet).includes(n)) as number;
    expect(settle([bet], miss).bets[0]).toMatchObject({ won: false, payout: 0 });
  });

  it('pays 35, 17, 11, 8, 5, 2, 2 and 1 to 1', () => {
    expect(ROULETTE_PAYOUTS).toEqual({
      straight: 35,
      split: 17,
      street: 11,
      corner: 8,
      line: 5,
      dozen: 2,
      column: 2,
      red: 1,
      black: 1,
      odd: 1,
      even: 1,
      low: 1,
      high: 1,
    });
  });

  it('loses every outside bet on zero', () => {
    const bets = allBets().filter((b) => !('numbers' in b));
    expect(bets).toHaveLength(12);
    expect(settle(bets, 0).totalPayout).toBe(0);
  });

  it('adds up several bets of a player', () => {
    const result = settle(
      [inside('straight', [7], 250), outside({ type: 'red' }, 1000), outside({ type: 'even' }, 500)],
      7,
    );
    expect(result).toMatchObject({ number: 7, color: 'red', totalStake: 1750, totalPayout: 250 * 36 + 2000 });
  });
});

describe('RTP', () => {
  it('returns exactly 36/37 of the stake on every position of every bet type', () => {
    const bets = allBets();
    expect(bets.length).toBe(37 + 60 + 14 + 23 + 11 + 3 + 3 + 6);
    const types = new Set<RouletteBetType>();
    for (const bet of bets) {
      let paid = 0;
      for (let n = 0; n <= 36; n++) paid += settle([bet], n).totalPayout;
      expect(paid, JSON.stringify(bet)).toBe(36 * bet.amount);
      types.add(bet.type);
    }
    expect(types.size).toBe(13);
    expect(rouletteInfo.rtp).toBe(Number(((36 / 37) * 100).toFixed(2)));
  });

  it('spins every pocket equally often from the table seed and round number (chi-square, 74,000 rounds)', () => {
    const seed = 'a1'.repeat(32);
    const counts = new Uint32Array(37);
    for (let round = 0; round < 74_000; round++) bump(counts, spinRound(seed, round).number);
    expect(chiSquareUniform(counts)).toBeLessThan(67.99); // upper 0.1% point, df 36
  });

  it('is the same spin for everyone at the table and a different one each round', () => {
    const seed = generateServerSeed();
    expect(spinRound(seed, 41)).toEqual(spinRound(seed, 41));
    const spins = new Set(Array.from({ length: 50 }, (_, r) => spinRound(seed, r).number));
    expect(spins.size).toBeGreaterThan(10);
    expect([...ROULETTE_WHEEL_ORDER].sort((a, b) => a - b)).toEqual([...Array(37).keys()]);
  });
});
