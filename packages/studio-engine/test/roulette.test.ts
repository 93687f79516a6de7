import type { RouletteBet, RouletteBetType } from '@paws/contracts/studio';
import { rouletteBetNumbers, rouletteColor } from '@paws/contracts/studio';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StudioInputError } from '../src/errors.ts';
import { fairStream } from '../src/fair.ts';
import {
  coveredNumbers,
  ROULETTE_PAYOUTS,
  ROULETTE_POCKETS,
  ROULETTE_RTP,
  ROULETTE_TABLE_CLIENT_SEED,
  ROULETTE_WHEEL_ORDER,
  rouletteInfo,
  settle,
  spin,
  spinRound,
} from '../src/games/roulette.ts';
import { verify } from '../src/verify.ts';
import { scriptedRng, serverSeedArb } from './helpers.ts';

/*
 * An independent model of the single-zero layout: 1–36 in 12 rows of three (row r holds 3r+1,
 * 3r+2, 3r+3), the columns down the table, 0 across the top of the first row.
 */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const rows = range(0, 11).map((r) => [3 * r + 1, 3 * r + 2, 3 * r + 3]);
const red = (n: number) => n >= 1 && n <= 36 && (n <= 10 || (n >= 19 && n <= 28)) === (n % 2 === 1);

type Inside = 'straight' | 'split' | 'street' | 'corner' | 'line';
const LAYOUT: Record<Inside, number[][]> = {
  straight: range(0, 36).map((n) => [n]),
  split: [
    [0, 1],
    [0, 2],
    [0, 3],
    ...rows.flatMap(([a, b, c]) => [
      [a as number, b as number],
      [b as number, c as number],
    ]),
    ...range(1, 33).map((n) => [n, n + 3]),
  ],
  street: [[0, 1, 2], [0, 2, 3], ...rows],
  corner: [
    [0, 1, 2, 3],
    ...range(1, 32)
      .filter((n) => n % 3 !== 0)
      .map((n) => [n, n + 1, n + 3, n + 4]),
  ],
  line: range(0, 10).map((r) => [...(rows[r] as number[]), ...(rows[r + 1] as number[])]),
};
const OUTSIDE: [RouletteBet, number[]][] = [
  ...[1, 2, 3].map((d): [RouletteBet, number[]] => [
    { type: 'dozen', dozen: d as 1 | 2 | 3, amount: 100 },
    range(12 * d - 11, 12 * d),
  ]),
  ...[1, 2, 3].map((c): [RouletteBet, number[]] => [
    { type: 'column', column: c as 1 | 2 | 3, amount: 100 },
    rows.map((row) => row[c - 1] as number),
  ]),
  [{ type: 'red', amount: 100 }, range(1, 36).filter(red)],
  [{ type: 'black', amount: 100 }, range(1, 36).filter((n) => !red(n))],
  [{ type: 'odd', amount: 100 }, range(1, 36).filter((n) => n % 2 === 1)],
  [{ type: 'even', amount: 100 }, range(1, 36).filter((n) => n % 2 === 0)],
  [{ type: 'low', amount: 100 }, range(1, 18)],
  [{ type: 'high', amount: 100 }, range(19, 36)],
];
const inside = (type: Inside, numbers: number[], amount = 100) => ({ type, numbers, amount }) as RouletteBet;
/** Every position on the table with the numbers it covers, by the model above. */
const EVERY_POSITION: [RouletteBet, number[]][] = [
  ...(Object.entries(LAYOUT) as [Inside, number[][]][]).flatMap(([type, sets]) =>
    sets.map((ns): [RouletteBet, number[]] => [inside(type, ns), ns]),
  ),
  ...OUTSIDE,
];
const sorted = (ns: readonly number[]) => [...ns].sort((a, b) => a - b);
const key = (ns: readonly number[]) => sorted(ns).join('-');

function* kSubsets(k: number, from = 0): Generator<number[]> {
  if (k === 0) {
    yield [];
    return;
  }
  for (let n = from; n <= 36; n++) for (const rest of kSubsets(k - 1, n + 1)) yield [n, ...rest];
}

describe('the table layout', () => {
  it('has 37 straights, 60 splits, 14 streets, 23 corners and 11 lines', () => {
    expect(Object.fromEntries(Object.entries(LAYOUT).map(([t, s]) => [t, new Set(s.map(key)).size]))).toEqual(
      {
        straight: 37,
        split: 60,
        street: 14,
        corner: 23,
        line: 11,
      },
    );
  });

  it('accepts exactly the positions of the layout among all sets of 1 to 4 numbers', () => {
    for (const [type, k] of [
      ['straight', 1],
      ['split', 2],
      ['street', 3],
      ['corner', 4],
    ] as const) {
      const expected = new Set(LAYOUT[type].map(key));
      const accepted: string[] = [];
      for (const ns of kSubsets(k)) if (rouletteBetNumbers(inside(type, ns)) !== null) accepted.push(key(ns));
      expect(accepted.sort(), type).toEqual([...expected].sort());
    }
  });

  it('accepts a random six numbers as a line only when they are two adjacent rows (property)', () => {
    const lines = new Set(LAYOUT.line.map(key));
    const sixNumbers = fc.uniqueArray(fc.integer({ min: 0, max: 36 }), { minLength: 6, maxLength: 6 });
    const nearLine = fc
      .tuple(fc.constantFrom(...LAYOUT.line), fc.nat({ max: 5 }), fc.integer({ min: 0, max: 36 }))
      .map(([line, at, n]) => line.map((x, i) => (i === at ? n : x)));
    fc.assert(
      fc.property(fc.oneof(sixNumbers, nearLine), (ns) => {
        expect(rouletteBetNumbers(inside('line', ns)) !== null).toBe(
          lines.has(key(ns)) && new Set(ns).size === 6,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('takes a position’s numbers in any order (property)', () => {
    const positions = EVERY_POSITION.filter(([bet]) => 'numbers' in bet);
    fc.assert(
      fc.property(fc.constantFrom(...positions), fc.infiniteStream(fc.nat()), ([bet, ns], stream) => {
        const order = ns.map((n) => [n, stream.next().value as number] as const);
        const shuffled = order.sort((a, b) => a[1] - b[1]).map(([n]) => n);
        expect(sorted(coveredNumbers({ ...bet, numbers: shuffled } as RouletteBet))).toEqual(sorted(ns));
      }),
    );
  });

  it('refuses numbers that do not form the bet with an input error on numbers', () => {
    for (const bet of [
      inside('split', [3, 4]),
      inside('split', [0, 4]),
      inside('split', [7, 7]),
      inside('street', [2, 3, 4]),
      inside('corner', [3, 4, 6, 7]),
      inside('line', [0, 1, 2, 3, 4, 5]),
      inside('straight', [37]),
      inside('straight', [-1]),
      inside('straight', [1.5]),
      inside('split', [1, 2, 5]),
      { type: 'dozen', dozen: 4, amount: 100 } as unknown as RouletteBet,
      { type: 'column', column: 0, amount: 100 } as unknown as RouletteBet,
    ]) {
      expect(() => coveredNumbers(bet), JSON.stringify(bet)).toThrow(StudioInputError);
      try {
        settle([bet], 1);
      } catch (error) {
        expect((error as StudioInputError).field).toBe('numbers');
      }
    }
  });

  it('colours the numbers as the table does, alternating red and black around the wheel', () => {
    for (const n of range(0, 36)) expect(rouletteColor(n)).toBe(n === 0 ? 'green' : red(n) ? 'red' : 'black');
    expect(sorted(ROULETTE_WHEEL_ORDER)).toEqual(range(0, 36));
    expect(ROULETTE_WHEEL_ORDER[0]).toBe(0);
    for (let i = 1; i < 36; i++) {
      expect(red(ROULETTE_WHEEL_ORDER[i] as number)).not.toBe(red(ROULETTE_WHEEL_ORDER[i + 1] as number));
    }
  });
});

describe('settlement', () => {
  it('pays every position (stake × 36/k, stake included) exactly on the numbers it covers', () => {
    expect(EVERY_POSITION).toHaveLength(37 + 60 + 14 + 23 + 11 + 12);
    for (const [bet, ns] of EVERY_POSITION) {
      const covered = new Set(ns);
      const pockets = range(0, 36);
      const settled = pockets.map((n) => settle([bet], n));
      expect(
        settled.map((r) => [r.number, r.color, r.totalStake, r.totalPayout, r.bets]),
        JSON.stringify(bet),
      ).toEqual(
        pockets.map((n) => {
          const won = covered.has(n);
          const payout = won ? (bet.amount * 36) / ns.length : 0;
          return [n, rouletteColor(n), bet.amount, payout, [{ bet, won, payout }]];
        }),
      );
    }
  });

  it('pays what the paytable says, to 1', () => {
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
    const rows = rouletteInfo.paytables[0]?.rows ?? [];
    expect(rows).toHaveLength(10);
    for (const [name, count, pays] of rows) {
      // Each row says how many numbers the bet covers and what it pays; both agree with the engine.
      const types = (name ?? '')
        .toLowerCase()
        .split(' / ')
        .map((t) => t as RouletteBetType);
      for (const type of types) {
        expect(pays, name).toBe(`${ROULETTE_PAYOUTS[type]}:1`);
        const position = EVERY_POSITION.find(([bet]) => bet.type === type);
        expect(position?.[1].length, name).toBe(Number(count));
      }
    }
  });

  it('loses every outside bet on zero', () => {
    const result = settle(
      OUTSIDE.map(([bet]) => bet),
      0,
    );
    expect(result.bets.every((b) => !b.won && b.payout === 0)).toBe(true);
    expect(result).toMatchObject({ totalStake: 1200, totalPayout: 0, color: 'green' });
  });

  it('adds up a player’s bets (property)', () => {
    const bet = fc
      .tuple(fc.constantFrom(...EVERY_POSITION), fc.integer({ min: 1, max: 1_000_000 }))
      .map(([[b], amount]) => ({ ...b, amount }) as RouletteBet);
    fc.assert(
      fc.property(
        fc.array(bet, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 36 }),
        (bets, n) => {
          const all = settle(bets, n);
          const one = bets.map((b) => settle([b], n));
          expect(all.totalStake).toBe(bets.reduce((s, b) => s + b.amount, 0));
          expect(all.totalPayout).toBe(one.reduce((s, r) => s + r.totalPayout, 0));
          expect(all.bets).toEqual(one.map((r) => r.bets[0]));
        },
      ),
    );
  });

  it('refuses a stake that is not a positive whole number of cents, and a pocket off the wheel', () => {
    for (const amount of [0, -100, 1.5, Number.NaN, 2 ** 53]) {
      const bet = { type: 'red', amount } as RouletteBet;
      expect(() => settle([bet], 1), String(amount)).toThrow(StudioInputError);
      try {
        settle([bet], 1);
      } catch (error) {
        expect((error as StudioInputError).field).toBe('amount');
      }
    }
    for (const n of [-1, 37, 1.5, Number.NaN]) expect(() => settle([], n), String(n)).toThrow(RangeError);
  });
});

describe('RTP', () => {
  it('returns exactly 36/37 on every position of every bet type (every number × every position)', () => {
    const returned = new Map<RouletteBetType, number>();
    for (const [bet] of EVERY_POSITION) {
      let paid = 0;
      for (let n = 0; n <= 36; n++) paid += settle([bet], n).totalPayout;
      const rtp = paid / (ROULETTE_POCKETS * bet.amount);
      expect(rtp, JSON.stringify(bet)).toBe(36 / 37);
      returned.set(bet.type, rtp);
    }
    expect(returned.size).toBe(13);
    expect(ROULETTE_RTP).toBe(36 / 37);
    expect(rouletteInfo.rtp).toBe(97.3);
    expect(rouletteInfo.rtpNote).toContain('97.30%');
  });
});

describe('the live table spin', () => {
  it('is int(37) of HMAC-SHA256(table seed, "paws-live-roulette:<round>:0")', () => {
    // printf 'paws-live-roulette:12345:0' | openssl dgst -sha256 -hmac "$SEED" begins 25b8ff62:
    // 632,880,994 < 2^32 − 7, accepted, and 632,880,994 mod 37 = 27.
    const seed = '5c1e0d2a9b8f7e6d5c4b3a29180716f5e4d3c2b1a09f8e7d6c5b4a3928170615';
    expect(spinRound(seed, 12345)).toEqual({ roundNumber: 12345, number: 27, color: 'red' });
    expect(verify(seed, ROULETTE_TABLE_CLIENT_SEED, 12345, 'roulette', {}).result).toEqual(
      spinRound(seed, 12345),
    );
    expect(spin(scriptedRng([2 ** 32 - 1, 74]))).toBe(0);
  });

  it('is the same for everyone, from the table seed, client seed and round alone (property)', () => {
    fc.assert(
      fc.property(serverSeedArb, fc.nat({ max: 10_000_000 }), (seed, round) => {
        const result = spinRound(seed, round);
        expect(result).toEqual(spinRound(seed, round));
        expect(result.number).toBe(
          fairStream({ serverSeed: seed, clientSeed: ROULETTE_TABLE_CLIENT_SEED, nonce: round }).int(37),
        );
        expect(spinRound(seed, round, 'another table').number).toBe(
          fairStream({ serverSeed: seed, clientSeed: 'another table', nonce: round }).int(37),
        );
        expect(result.color).toBe(rouletteColor(result.number));
      }),
      { numRuns: 50 },
    );
  });
});
