import { kenoBetSchema } from '@paws/contracts/studio';
import { StudioInputError } from '@paws/studio-engine/errors';
import { fairStream } from '@paws/studio-engine/fair';
import {
  KENO_PAYTABLE_X100,
  KENO_RTP,
  kenoDraw,
  kenoInfo,
  playKeno,
  settleKeno,
} from '@paws/studio-engine/games/keno';
import { describe, expect, it } from 'vitest';
import { bump } from './helpers.ts';

const DRAWN = [3, 7, 11, 19, 22, 28, 31, 36, 40, 44, 47, 52, 55, 58, 61, 66, 70, 73, 77, 80];

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/** P(h of p picks among the 20 drawn of 80), exactly as a ratio of big integers, as a number. */
const hypergeometric = (p: number, h: number) =>
  Number((choose(p, h) * choose(80 - p, 20 - h) * 10n ** 15n) / choose(80, 20)) / 1e15;

describe('hits and pays', () => {
  it('counts the picks that were drawn and pays the row for that many picks', () => {
    const result = settleKeno({ picks: [80, 3, 5, 7, 9], amount: 100 }, DRAWN);
    expect(result).toMatchObject({ picks: [3, 5, 7, 9, 80], hits: [3, 7, 80], multiplier: 3.5, payout: 350 });
    expect(settleKeno({ picks: [1, 2, 4, 5, 6], amount: 100 }, DRAWN)).toMatchObject({ hits: [], payout: 0 });
    expect(settleKeno({ picks: [3], amount: 100 }, DRAWN)).toMatchObject({
      hits: [3],
      multiplier: 3.84,
      payout: 384,
    });
    const ten = settleKeno({ picks: [3, 7, 11, 19, 22, 28, 31, 36, 40, 44], amount: 100 }, DRAWN);
    expect(ten).toMatchObject({ multiplier: 10_000, payout: 1_000_000 });
  });

  it('rounds fractions of a cent down', () => {
    expect(settleKeno({ picks: [3], amount: 1 }, DRAWN).payout).toBe(3);
    expect(settleKeno({ picks: [3, 7, 1], amount: 3 }, DRAWN).payout).toBe(6); // 3 × 2.3 = 6.9
  });

  it('takes 1 to 10 different numbers from 1 to 80', () => {
    for (const picks of [[], [0], [81], [5, 5], Array.from({ length: 11 }, (_, i) => i + 1), [1.5]]) {
      expect(() => settleKeno({ picks, amount: 100 }, DRAWN), JSON.stringify(picks)).toThrow(
        StudioInputError,
      );
      expect(kenoBetSchema.safeParse({ picks, amount: 1 }).success).toBe(false);
    }
    expect(kenoBetSchema.parse({ picks: [1, 80], amount: 0.5 })).toEqual({ picks: [1, 80], amount: 50 });
  });

  it('draws 20 different numbers from 1 to 80 with the fair stream', () => {
    const drawn = kenoDraw(fairStream({ serverSeed: 'f'.repeat(64), clientSeed: 'keno', nonce: 1 }));
    expect(drawn).toHaveLength(20);
    expect(new Set(drawn).size).toBe(20);
    expect(drawn.every((n) => Number.isInteger(n) && n >= 1 && n <= 80)).toBe(true);
  });
});

describe('RTP', () => {
  it('is exact per number of picks from hypergeometric probabilities, 96.0–96.5% for each', () => {
    for (let picks = 1; picks <= 10; picks++) {
      const row = KENO_PAYTABLE_X100[picks] as readonly number[];
      expect(row).toHaveLength(picks + 1);
      let total = 0;
      let rtp = 0;
      for (let hits = 0; hits <= picks; hits++) {
        const p = hypergeometric(picks, hits);
        total += p;
        rtp += (p * (row[hits] as number)) / 100;
      }
      expect(total).toBeCloseTo(1, 12);
      expect(rtp, `${picks} picks`).toBeCloseTo(KENO_RTP[picks] as number, 6);
      expect(rtp).toBeGreaterThanOrEqual(0.96);
      expect(rtp).toBeLessThan(0.965);
    }
    expect(kenoInfo.paytables[0]?.rows[0]).toEqual([
      '1',
      '',
      '3.84',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '96.00%',
    ]);
  });

  it('hits as often as the hypergeometric law says over 60,000 seeded draws (chi-square, 10 picks)', () => {
    const picks = [4, 9, 15, 23, 32, 41, 50, 62, 71, 80];
    const observed = new Array<number>(11).fill(0);
    const n = 60_000;
    for (let nonce = 0; nonce < n; nonce++) {
      const { hits } = playKeno(fairStream({ serverSeed: 'f'.repeat(64), clientSeed: 'keno', nonce }), {
        picks,
        amount: 100,
      });
      bump(observed, hits.length);
    }
    // Bins of 7 or more hits are merged: their expected counts are too small for the test alone.
    const expected = Array.from({ length: 11 }, (_, h) => n * hypergeometric(10, h));
    const bins = (counts: number[]) => [...counts.slice(0, 7), counts.slice(7).reduce((a, b) => a + b, 0)];
    const o = bins(observed);
    const e = bins(expected);
    const chi = o.reduce((sum, count, i) => sum + (count - (e[i] as number)) ** 2 / (e[i] as number), 0);
    expect(chi).toBeLessThan(24.32); // upper 0.1% point, df 7
  });
});
