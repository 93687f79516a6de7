import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StudioInputError } from '../src/errors.ts';
import { fairStream, partialShuffle } from '../src/fair.ts';
import {
  KENO_DRAWN,
  KENO_NUMBERS,
  KENO_PAYTABLE_X100,
  KENO_RTP,
  kenoDraw,
  kenoInfo,
  playKeno,
  settleKeno,
} from '../src/games/keno.ts';
import { verify } from '../src/verify.ts';
import { choose, ratio, seedsArb, simulationRng, stakeArb } from './helpers.ts';

const ONE_TO_80 = Array.from({ length: 80 }, (_, i) => i + 1);
const DRAWN = [3, 7, 11, 19, 22, 28, 31, 36, 40, 44, 47, 52, 55, 58, 61, 66, 70, 73, 77, 80];
const picksArb = fc.uniqueArray(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 10 });
const drawnArb = fc.shuffledSubarray(ONE_TO_80, { minLength: 20, maxLength: 20 });

/** P(h hits | p picks) = C(p,h)·C(80−p, 20−h) / C(80,20), as a big-integer ratio. */
const hypergeometric = (p: number, h: number) => ratio(choose(p, h) * choose(80 - p, 20 - h), choose(80, 20));

/** A draw with exactly `hits` of `picks` in it (the other numbers from the top of 1–80). */
function drawWithHits(picks: readonly number[], hits: number): number[] {
  const others = ONE_TO_80.filter((n) => !picks.includes(n)).reverse();
  return [...picks.slice(0, hits), ...others.slice(0, 20 - hits)];
}

describe('the draw', () => {
  it('draws 20 different numbers of 1–80: the first 20 of a shuffle of 1–80 (property)', () => {
    fc.assert(
      fc.property(seedsArb, (seeds) => {
        const drawn = kenoDraw(fairStream(seeds));
        expect(drawn).toHaveLength(KENO_DRAWN);
        expect(new Set(drawn).size).toBe(20);
        expect(drawn.every((n) => Number.isInteger(n) && n >= 1 && n <= KENO_NUMBERS)).toBe(true);
        expect(drawn).toEqual(partialShuffle(fairStream(seeds), ONE_TO_80, 20));
      }),
      { numRuns: 50 },
    );
  });
});

describe('hits and pays', () => {
  it('counts the picks drawn and pays stake × the paytable entry, rounded down to the cent (property)', () => {
    fc.assert(
      fc.property(picksArb, drawnArb, stakeArb, (picks, drawn, amount) => {
        const result = settleKeno({ picks, amount }, drawn);
        const expectedHits = [...picks].sort((a, b) => a - b).filter((n) => drawn.includes(n));
        const x100 = KENO_PAYTABLE_X100[picks.length]?.[expectedHits.length] as number;
        expect(result).toEqual({
          picks: [...picks].sort((a, b) => a - b),
          drawn,
          hits: expectedHits,
          multiplier: x100 / 100,
          payout: Math.floor((amount * x100) / 100),
        });
        expect(Number.isSafeInteger(result.payout)).toBe(true);
      }),
    );
  });

  it('pays the documented examples', () => {
    expect(settleKeno({ picks: [80, 3, 5, 7, 9], amount: 100 }, DRAWN)).toMatchObject({
      picks: [3, 5, 7, 9, 80],
      hits: [3, 7, 80],
      multiplier: 3.5,
      payout: 350,
    });
    expect(settleKeno({ picks: [3], amount: 100 }, DRAWN)).toMatchObject({ multiplier: 3.84, payout: 384 });
    expect(settleKeno({ picks: [3], amount: 1 }, DRAWN).payout).toBe(3); // 3.84 cents
    expect(settleKeno({ picks: [3, 7, 1], amount: 3 }, DRAWN).payout).toBe(6); // 3 × 2.3 = 6.9
    expect(settleKeno({ picks: [1, 2, 4, 5, 6], amount: 100 }, DRAWN)).toMatchObject({ hits: [], payout: 0 });
    const ten = settleKeno({ picks: DRAWN.slice(0, 10), amount: 1_000_000 }, DRAWN);
    expect(ten).toMatchObject({ multiplier: 10_000, payout: 10_000_000_000 });
  });

  it('does not change the bet or the draw it was given', () => {
    const picks = [9, 3, 7];
    const drawn = [...DRAWN];
    const result = settleKeno({ picks, amount: 100 }, drawn);
    expect(picks).toEqual([9, 3, 7]);
    expect(result.drawn).not.toBe(drawn);
  });

  it('refuses anything but 1 to 10 different whole numbers from 1 to 80, and bad stakes', () => {
    const fieldOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        if (error instanceof StudioInputError) return error.field;
        throw error;
      }
      return 'accepted';
    };
    for (const picks of [[], [0], [81], [5, 5], ONE_TO_80.slice(0, 11), [1.5], [Number.NaN], [-3]]) {
      expect(
        fieldOf(() => settleKeno({ picks, amount: 100 }, DRAWN)),
        JSON.stringify(picks),
      ).toBe('picks');
    }
    for (const amount of [0, -1, 0.5, Number.NaN]) {
      expect(
        fieldOf(() => settleKeno({ picks: [1], amount }, DRAWN)),
        String(amount),
      ).toBe('amount');
    }
    expect(fieldOf(() => settleKeno({ picks: ONE_TO_80.slice(70), amount: 1 }, DRAWN))).toBe('accepted');
  });

  it('has a row of picks + 1 entries for each number of picks, never paying less for more hits', () => {
    expect(Object.keys(KENO_PAYTABLE_X100).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const [picks, row] of Object.entries(KENO_PAYTABLE_X100)) {
      expect(row).toHaveLength(Number(picks) + 1);
      for (let h = 1; h < row.length; h++) expect(row[h]).toBeGreaterThanOrEqual(row[h - 1] as number);
      expect(row[row.length - 1]).toBeGreaterThan(0);
    }
  });
});

describe('RTP', () => {
  // The figures of the file comment in src/games/keno.ts, per number of picks.
  const DOCUMENTED = [96.0, 96.01, 96.43, 96.19, 96.34, 96.2, 96.1, 96.1, 96.01, 96.04];

  it('is exact per number of picks: Σ over hits of P(hits) × what settleKeno pays for them', () => {
    const rtps: number[] = [];
    for (let p = 1; p <= 10; p++) {
      const picks = ONE_TO_80.slice(0, p);
      let total = 0;
      let rtp = 0;
      for (let h = 0; h <= p; h++) {
        const q = hypergeometric(p, h);
        const result = settleKeno({ picks, amount: 100_000 }, drawWithHits(picks, h));
        expect(result.hits).toHaveLength(h);
        total += q;
        rtp += (q * result.payout) / 100_000;
      }
      expect(total).toBeCloseTo(1, 12);
      expect(rtp, `${p} picks`).toBeCloseTo(KENO_RTP[p] as number, 6);
      expect(Math.round(rtp * 10_000) / 100, `${p} picks`).toBe(DOCUMENTED[p - 1]);
      rtps.push(rtp);
    }
    expect(Math.min(...rtps)).toBeGreaterThanOrEqual(0.96);
    expect(Math.max(...rtps)).toBeLessThan(0.965);
    expect(kenoInfo.rtp.toFixed(2)).toBe((Math.min(...rtps) * 100).toFixed(2));
    expect(kenoInfo.rtpNote).toContain(`${(Math.max(...rtps) * 100).toFixed(2)}%`);
  });

  it('shows the paytable and each row’s RTP as the engine pays them', () => {
    const table = kenoInfo.paytables[0];
    expect(table?.rows).toHaveLength(10);
    for (const row of table?.rows ?? []) {
      const picks = Number(row[0]);
      const pays = KENO_PAYTABLE_X100[picks] as readonly number[];
      for (let h = 0; h <= 10; h++) {
        const shown = row[1 + h];
        expect(shown, `${picks} picks, ${h} hits`).toBe(
          (pays[h] ?? 0) > 0 ? String((pays[h] as number) / 100) : '',
        );
      }
      expect(row[12]).toBe(`${DOCUMENTED[picks - 1]?.toFixed(2)}%`);
    }
  });

  it('hits as often as the hypergeometric law says (60,000 seeded draws, chi-square at the 0.1% level)', () => {
    const picks = [4, 9, 15, 23, 32, 41, 50, 62, 71, 80];
    const observed = new Array<number>(11).fill(0);
    const n = 60_000;
    const rng = simulationRng(80);
    for (let i = 0; i < n; i++) {
      const { hits } = playKeno(rng, { picks, amount: 100 });
      observed[hits.length] = (observed[hits.length] as number) + 1;
    }
    // 7 or more hits merged into one bin: their expected counts are too small alone.
    const expected = Array.from({ length: 11 }, (_, h) => n * hypergeometric(10, h));
    const bins = (counts: number[]) => [...counts.slice(0, 7), counts.slice(7).reduce((a, b) => a + b, 0)];
    const e = bins(expected);
    const chi = bins(observed).reduce((sum, o, i) => sum + (o - (e[i] as number)) ** 2 / (e[i] as number), 0);
    expect(chi).toBeLessThan(24.32); // upper 0.1% point of chi-square with 7 degrees of freedom
  });
});

describe('verify', () => {
  it('recomputes the round the game played (property)', () => {
    fc.assert(
      fc.property(seedsArb, picksArb, stakeArb, (seeds, picks, amount) => {
        const bet = { picks, amount };
        const { result, serverSeedHash } = verify(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 'keno', {
          bet,
        });
        expect(result).toEqual(playKeno(fairStream(seeds), bet));
        expect(serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
      }),
      { numRuns: 30 },
    );
  });
});
