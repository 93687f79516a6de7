import { SLOT_FREE_SPIN_STAKE_CENTS, SLOT_LINES, type SlotSymbol } from '@paws/contracts/studio';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StudioInputError } from '../src/errors.ts';
import { fairStream, type Rng } from '../src/fair.ts';
import {
  lineWin,
  playSlot,
  reelWindow,
  SLOT_FEATURE_MULTIPLIER,
  SLOT_FEATURE_SPINS,
  SLOT_FEATURE_TRIGGER,
  SLOT_LINE_PAYS,
  SLOT_MAX_FEATURE_SPINS,
  SLOT_PAYLINES,
  SLOT_REELS,
  SLOT_RTP,
  SLOT_SCATTER_PAYS,
  slotInfo,
  spinOnce,
} from '../src/games/slot.ts';
import { verify } from '../src/verify.ts';
import { scriptedRng, seedsArb, simulationRng } from './helpers.ts';

const line = (s: string) => s.split(' ') as SlotSymbol[];
const PAYING = Object.keys(SLOT_LINE_PAYS) as SlotSymbol[];
/** Stops that show `symbol` on `row` of each reel (its first position on the strip). */
const stopsShowing = (symbol: SlotSymbol, row: number) =>
  SLOT_REELS.map((strip) => (strip.indexOf(symbol) - row + strip.length) % strip.length);
const stopsArb = fc.tuple(...SLOT_REELS.map((strip) => fc.nat({ max: strip.length - 1 })));
/** A line as the reels can show it: reel i's symbol from strip i. */
const reelLineArb = fc.tuple(...SLOT_REELS.map((strip) => fc.constantFrom(...strip)));

/**
 * The rule as the paytable states it: the wild stands in for any symbol but the scatter, and a
 * line pays its highest win, so try every paying symbol and keep the best run from reel 1.
 */
function referenceLineWin(symbols: readonly SlotSymbol[]) {
  let best: { symbol: SlotSymbol; count: number; pays: number } | null = null;
  for (const symbol of PAYING) {
    let count = 0;
    while (count < 5 && (symbols[count] === symbol || symbols[count] === 'wild')) count++;
    const pays = count >= 3 ? (SLOT_LINE_PAYS[symbol]?.[count - 3] as number) : 0;
    if (pays > (best?.pays ?? 0)) best = { symbol, count, pays };
  }
  return best;
}

/** Counts the engine's draws. */
function counting(rng: Rng) {
  const counter = {
    draws: 0,
    int(n: number) {
      counter.draws++;
      return rng.int(n);
    },
  };
  return counter;
}

describe('reels and lines', () => {
  it('has 5 strips with one scatter each, wilds on reels 2–4 only, and 20 different 5-reel lines', () => {
    expect(SLOT_REELS).toHaveLength(5);
    expect(SLOT_REELS.map((s) => s.filter((x) => x === 'scatter').length)).toEqual([1, 1, 1, 1, 1]);
    expect(SLOT_REELS.map((s) => s.includes('wild'))).toEqual([false, true, true, true, false]);
    expect(SLOT_PAYLINES).toHaveLength(SLOT_LINES);
    expect(new Set(SLOT_PAYLINES.map((l) => l.join())).size).toBe(20);
    for (const rows of SLOT_PAYLINES) {
      expect(rows).toHaveLength(5);
      expect(rows.every((r) => r >= 0 && r <= 2)).toBe(true);
    }
  });

  it('shows the stop and the next two symbols, wrapping around the strip', () => {
    SLOT_REELS.forEach((strip, reel) => {
      for (let stop = 0; stop < strip.length; stop++) {
        expect(reelWindow(reel, stop)).toEqual([0, 1, 2].map((k) => strip[(stop + k) % strip.length]));
      }
    });
  });

  it.each([
    ['lion lion lion lion lion', { symbol: 'lion', count: 5, pays: 750 }],
    ['lion lion wild lion fox', { symbol: 'lion', count: 4, pays: 150 }],
    ['jack wild wild fox fox', { symbol: 'jack', count: 3, pays: 5 }],
    ['eagle wild wild wild eagle', { symbol: 'eagle', count: 5, pays: 400 }],
    ['queen queen queen king king', { symbol: 'queen', count: 3, pays: 5 }],
    ['lion lion fox lion lion', null],
    ['fox lion lion lion lion', null],
    ['lion lion scatter lion lion', null],
    ['scatter wild wild wild wild', null],
  ])('%s pays %j', (symbols, expected) => {
    expect(lineWin(line(symbols))).toEqual(expected);
  });

  it('pays the highest win of a line the reels can show, wilds substituting (property)', () => {
    fc.assert(
      fc.property(reelLineArb, (symbols) => {
        expect(lineWin(symbols)).toEqual(referenceLineWin(symbols));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('a spin', () => {
  it('pays each line its win × stake / 20 × multiplier, and scatters anywhere × stake (property)', () => {
    fc.assert(
      fc.property(
        stopsArb,
        fc.integer({ min: 1, max: 50_000 }).map((k) => k * 20),
        fc.constantFrom(1, 3),
        (stops, stake, multiplier) => {
          const spin = spinOnce(scriptedRng(stops), stake, multiplier);
          const grid = stops.map((stop, reel) => reelWindow(reel, stop));
          expect(spin.stops).toEqual(stops);
          expect(spin.grid).toEqual(grid);
          const wins = SLOT_PAYLINES.flatMap((rows, i) => {
            const win = referenceLineWin(rows.map((row, reel) => grid[reel]?.[row] as SlotSymbol));
            return win
              ? [
                  {
                    line: i + 1,
                    symbol: win.symbol,
                    count: win.count,
                    payout: (stake / 20) * win.pays * multiplier,
                  },
                ]
              : [];
          });
          expect(spin.lineWins).toEqual(wins);
          const scatters = grid.flat().filter((s) => s === 'scatter').length;
          const scatterPayout = stake * (SLOT_SCATTER_PAYS[scatters] as number) * multiplier;
          expect(spin).toMatchObject({
            scatters,
            scatterPayout,
            multiplier,
            featureSpinsAwarded: scatters >= 3 ? 10 : 0,
            payout: wins.reduce((s, w) => s + w.payout, 0) + scatterPayout,
          });
          expect(Number.isSafeInteger(spin.payout)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('pays five lions on the middle line 750 line bets', () => {
    const spin = spinOnce(scriptedRng(stopsShowing('lion', 1)), 200, 1);
    expect(spin.lineWins[0]).toEqual({ line: 1, symbol: 'lion', count: 5, payout: 10 * 750 });
  });
});

describe('a round', () => {
  it('plays 10 free spins at once on 3 or more scatters, wins tripled, from the same stream', () => {
    const stops = stopsShowing('scatter', 0);
    stops[3] = (stops[3] as number) + 10; // no scatter on reel 4: four on screen
    const feature = Array.from({ length: SLOT_FEATURE_SPINS * 5 }, (_, i) => (i * 7) % 33);
    const round = playSlot(scriptedRng([...stops, ...feature]), { fund: 'cash', stake: 100 });
    expect(round.base).toMatchObject({
      scatters: 4,
      scatterPayout: 1000,
      featureSpinsAwarded: 10,
      multiplier: 1,
    });
    expect(round.featureSpins).toHaveLength(10);
    const plain = scriptedRng(feature);
    for (const spin of round.featureSpins) {
      const once = spinOnce(plain, 100, 1);
      expect(spin).toMatchObject({
        stops: once.stops,
        multiplier: SLOT_FEATURE_MULTIPLIER,
        payout: once.payout * 3,
      });
    }
    expect(round.totalPayout).toBe(round.base.payout + round.featureSpins.reduce((s, f) => s + f.payout, 0));
  });

  it('adds 10 free spins for 3 scatters during the feature, up to 100 in a round', () => {
    const scatters = stopsShowing('scatter', 2);
    const round = playSlot(scriptedRng(Array.from({ length: 101 }, () => scatters).flat()), {
      fund: 'cash',
      stake: 20,
    });
    expect(round.featureSpins).toHaveLength(SLOT_MAX_FEATURE_SPINS);
    expect(round.featureSpins.every((s) => s.scatters === 5 && s.multiplier === 3)).toBe(true);
    const awarded = round.featureSpins.map((s) => s.featureSpinsAwarded);
    expect(awarded.reduce((a, b) => a + b, round.base.featureSpinsAwarded)).toBe(100);
    expect(awarded.slice(0, 9)).toEqual(Array(9).fill(10));
    expect(awarded.slice(9)).toEqual(Array(91).fill(0));
  });

  it('draws one stop per reel per spin, and nothing else (property)', () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => {
        const rng = counting(simulationRng(seed));
        const round = playSlot(rng, { fund: 'cash', stake: 20 });
        expect(rng.draws).toBe(5 * (1 + round.featureSpins.length));
        const awarded = round.featureSpins.reduce(
          (n, s) => n + s.featureSpinsAwarded,
          round.base.featureSpinsAwarded,
        );
        expect(round.featureSpins).toHaveLength(awarded);
      }),
      { numRuns: 300 },
    );
  });

  it('plays a free-spin bet at the fixed $0.20 stake and refuses stakes not in steps of 20 cents', () => {
    const round = playSlot(simulationRng(5), { fund: 'freeSpin' });
    expect(round).toMatchObject({ fund: 'freeSpin', stake: SLOT_FREE_SPIN_STAKE_CENTS });
    expect(SLOT_FREE_SPIN_STAKE_CENTS).toBe(20);
    for (const stake of [0, 10, 30, 25, -20, 1.5, Number.NaN, 2 ** 53]) {
      try {
        playSlot(simulationRng(5), { fund: 'cash', stake });
        expect.unreachable(`stake ${stake} accepted`);
      } catch (error) {
        expect(error).toBeInstanceOf(StudioInputError);
        expect((error as StudioInputError).field).toBe('stake');
      }
    }
  });

  it('is recomputed on the verify page exactly as played (property)', () => {
    fc.assert(
      fc.property(seedsArb, fc.integer({ min: 1, max: 100 }), (seeds, k) => {
        const bet = { fund: 'cash' as const, stake: 20 * k };
        const { result } = verify(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 'slot', { bet });
        expect(result).toEqual(playSlot(fairStream(seeds), bet));
      }),
      { numRuns: 30 },
    );
  });

  it('shows the paytables the engine pays', () => {
    const [lines, scatter, paylines] = slotInfo.paytables;
    expect(lines?.rows).toEqual(
      PAYING.map((s) => [expect.any(String), ...(SLOT_LINE_PAYS[s] ?? []).map(String)]),
    );
    expect(lines?.rows[0]).toEqual(['Lion', '40', '150', '750']);
    expect(scatter?.rows).toEqual(
      [3, 4, 5].map((n) => [String(n), String(SLOT_SCATTER_PAYS[n]), String(SLOT_FEATURE_SPINS)]),
    );
    expect(paylines?.rows).toEqual(
      SLOT_PAYLINES.map((rows, i) => [String(i + 1), rows.map((r) => r + 1).join('-')]),
    );
  });
});

/**
 * The exact return from the strips. A reel stops uniformly, so the symbol it puts on any one row is
 * distributed like the strip's symbol counts, independently of the other reels: the expected win of
 * a line (in line bets) is a sum over the symbol combinations of the five reels, weighted by those
 * counts, and every one of the 20 lines has that same expectation. Stake = 20 line bets, so the line
 * part of the return per unit staked is that expectation. Scatters: a strip's single scatter shows
 * with probability 3 / strip length. The feature's expected number of spins follows from the
 * retrigger chance, with the 100-spin cap, by recursion on (spins left, spins awarded).
 */
function exactSlot() {
  const symbols = [...new Set(SLOT_REELS.flat())];
  const weights = SLOT_REELS.map((strip) =>
    symbols.map((s) => strip.filter((x) => x === s).length / strip.length),
  );
  let lines = 0;
  const combo: SlotSymbol[] = [];
  const walk = (reel: number, p: number) => {
    if (reel === 5) {
      lines += p * (lineWin(combo)?.pays ?? 0);
      return;
    }
    symbols.forEach((symbol, i) => {
      const q = weights[reel]?.[i] as number;
      if (q === 0) return;
      combo[reel] = symbol;
      walk(reel + 1, p * q);
    });
  };
  walk(0, 1);
  // P(k scatters on screen), k = 0…5.
  let scatterCount = [1];
  for (const strip of SLOT_REELS) {
    const shown = 3 / strip.length;
    scatterCount = [...scatterCount, 0].map(
      (_, k) => (scatterCount[k] ?? 0) * (1 - shown) + (scatterCount[k - 1] ?? 0) * shown,
    );
  }
  const scatters = scatterCount.reduce((s, q, k) => s + q * (SLOT_SCATTER_PAYS[k] as number), 0);
  const trigger = scatterCount.slice(SLOT_FEATURE_TRIGGER).reduce((a, b) => a + b, 0);
  const memo = new Map<number, number>();
  const spinsToPlay = (left: number, awarded: number): number => {
    if (left === 0) return 0;
    const key = left * 1000 + awarded;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const extra = Math.min(SLOT_FEATURE_SPINS, SLOT_MAX_FEATURE_SPINS - awarded);
    const value =
      1 +
      trigger * spinsToPlay(left - 1 + extra, awarded + extra) +
      (1 - trigger) * spinsToPlay(left - 1, awarded);
    memo.set(key, value);
    return value;
  };
  const featureSpins = spinsToPlay(SLOT_FEATURE_SPINS, SLOT_FEATURE_SPINS);
  const perSpin = lines + scatters;
  return {
    lines,
    scatters,
    trigger,
    featureSpins,
    rtp: perSpin * (1 + trigger * featureSpins * SLOT_FEATURE_MULTIPLIER),
  };
}

describe('RTP', () => {
  const exact = exactSlot();

  it('is 96.17% exactly from the reel strips, free spins included', () => {
    expect(exact.rtp).toBeCloseTo(SLOT_RTP, 6);
    expect(slotInfo.rtp).toBe(Number((exact.rtp * 100).toFixed(2)));
    // The parts: lines 78.75%, scatters 1.50%, the feature once in 161.25 spins, 11.1 spins long.
    expect(exact.lines).toBeCloseTo(0.78752, 5);
    expect(exact.scatters).toBeCloseTo(0.01499, 5);
    expect(1 / exact.trigger).toBeCloseTo(161.25, 2);
    expect(exact.featureSpins).toBeGreaterThan(10);
    expect(exact.featureSpins).toBeLessThan(12);
  });

  it('matches the exact figures over 100,000 seeded rounds (within 4σ)', () => {
    // Per round the return has a standard deviation of about 3.1 stakes (1.8 for the base game's
    // lines), so 4σ is about ±3.9% of the stake in all and ±2.3% for the lines: a coarse check that
    // the game plays what the analysis above counts; the exact figure is the precise one.
    const n = 100_000;
    const rng = simulationRng(777);
    const total = { sum: 0, squares: 0 };
    const lines = { sum: 0, squares: 0 };
    let features = 0;
    for (let i = 0; i < n; i++) {
      const round = playSlot(rng, { fund: 'cash', stake: 20 });
      const x = round.totalPayout / 20;
      total.sum += x;
      total.squares += x * x;
      const y = round.base.lineWins.reduce((s, w) => s + w.payout, 0) / 20;
      lines.sum += y;
      lines.squares += y * y;
      if (round.featureSpins.length > 0) features++;
    }
    const offBy = ({ sum, squares }: { sum: number; squares: number }, expected: number) => {
      const mean = sum / n;
      const sd = Math.sqrt(squares / n - mean * mean);
      return Math.abs(mean - expected) / (sd / Math.sqrt(n));
    };
    expect(offBy(total, exact.rtp)).toBeLessThan(4);
    expect(offBy(lines, exact.lines)).toBeLessThan(4);
    expect(Math.abs(features / n - exact.trigger)).toBeLessThan(4 * Math.sqrt(exact.trigger / n));
  });
});
