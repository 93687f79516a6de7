import { SLOT_FREE_SPIN_STAKE_CENTS, type SlotSymbol, slotBetSchema } from '@paws/contracts/studio';
import { StudioInputError } from '@paws/studio-engine/errors';
import { fairStream } from '@paws/studio-engine/fair';
import {
  lineWin,
  playSlot,
  reelWindow,
  SLOT_FEATURE_MULTIPLIER,
  SLOT_FEATURE_SPINS,
  SLOT_FEATURE_TRIGGER,
  SLOT_MAX_FEATURE_SPINS,
  SLOT_PAYLINES,
  SLOT_REELS,
  SLOT_RTP,
  SLOT_SCATTER_PAYS,
  slotInfo,
  spinOnce,
} from '@paws/studio-engine/games/slot';
import { describe, expect, it } from 'vitest';
import { scriptedRng } from './helpers.ts';

const line = (s: string) => s.split(' ') as SlotSymbol[];
/** Stops that show `symbol` on `row` of each reel (first such position). */
const stopsShowing = (symbol: SlotSymbol, row: number) =>
  SLOT_REELS.map((strip) => {
    const at = strip.indexOf(symbol);
    if (at < 0) throw new Error(`no ${symbol}`);
    return (at - row + strip.length) % strip.length;
  });

describe('line wins', () => {
  it('pays 3 to 5 of a kind from the left, wilds joining the run', () => {
    expect(lineWin(line('lion lion lion lion lion'))).toEqual({ symbol: 'lion', count: 5, pays: 750 });
    expect(lineWin(line('lion lion wild lion fox'))).toEqual({ symbol: 'lion', count: 4, pays: 150 });
    expect(lineWin(line('jack wild wild fox fox'))).toEqual({ symbol: 'jack', count: 3, pays: 5 });
    expect(lineWin(line('lion wild wild wild wild'))).toEqual({ symbol: 'lion', count: 5, pays: 750 });
    expect(lineWin(line('wild eagle eagle king king'))).toEqual({ symbol: 'eagle', count: 3, pays: 30 });
  });

  it('pays nothing for two, a broken run, a run not from reel 1, or scatters on a line', () => {
    expect(lineWin(line('lion lion fox lion lion'))).toBeNull();
    expect(lineWin(line('fox lion lion lion lion'))).toBeNull();
    expect(lineWin(line('lion lion scatter lion lion'))).toBeNull();
    expect(lineWin(line('scatter scatter scatter scatter scatter'))).toBeNull();
    expect(lineWin(line('wild wild wild wild wild'))).toBeNull();
  });

  it('has wilds on reels 2–4 only, one scatter per reel, and 20 different lines', () => {
    expect(SLOT_REELS.map((strip) => strip.includes('wild'))).toEqual([false, true, true, true, false]);
    expect(SLOT_REELS.map((strip) => strip.filter((s) => s === 'scatter').length)).toEqual([1, 1, 1, 1, 1]);
    expect(new Set(SLOT_PAYLINES.map((l) => l.join())).size).toBe(20);
    expect(slotInfo.paytables[0]?.rows[0]).toEqual(['Lion', '40', '150', '750']);
  });
});

describe('spins', () => {
  it('shows the stop and the next two symbols, wrapping at the end of the strip', () => {
    const strip = SLOT_REELS[0] as readonly SlotSymbol[];
    expect(reelWindow(0, 0)).toEqual(strip.slice(0, 3));
    expect(reelWindow(0, strip.length - 1)).toEqual([strip[strip.length - 1], strip[0], strip[1]]);
  });

  it('pays every winning line at stake / 20 × pays', () => {
    const stops = stopsShowing('lion', 1);
    const spin = spinOnce(scriptedRng(stops), 200, 1);
    expect(spin.stops).toEqual(stops);
    expect(spin.grid.map((reel) => reel[1])).toEqual(['lion', 'lion', 'lion', 'lion', 'lion']);
    expect(spin.lineWins[0]).toEqual({ line: 1, symbol: 'lion', count: 5, payout: 10 * 750 });
    for (const win of spin.lineWins) {
      const symbols = (SLOT_PAYLINES[win.line - 1] as number[]).map(
        (row, reel) => spin.grid[reel]?.[row] as SlotSymbol,
      );
      expect(win.payout).toBe(10 * (lineWin(symbols)?.pays ?? 0));
    }
    const scatterPay = 200 * (SLOT_SCATTER_PAYS[spin.scatters] ?? 0);
    expect(spin.payout).toBe(spin.lineWins.reduce((sum, w) => sum + w.payout, 0) + scatterPay);
  });

  it('starts 10 free spins on 3 scatters, played at once with wins tripled', () => {
    const stops = stopsShowing('scatter', 0);
    stops[3] = (stops[3] as number) + 10; // reels 1–3 and 5 show a scatter: four
    const feature = Array.from({ length: SLOT_FEATURE_SPINS * 5 }, (_, i) => (i * 7) % 33);
    const round = playSlot(scriptedRng([...stops, ...feature]), { fund: 'cash', stake: 100 });
    expect(round.base).toMatchObject({
      scatters: 4,
      scatterPayout: 1000,
      featureSpinsAwarded: 10,
      multiplier: 1,
    });
    expect(round.featureSpins).toHaveLength(10);
    const again = scriptedRng(feature);
    for (const spin of round.featureSpins) {
      const plain = spinOnce(again, 100, 1);
      expect(spin.stops).toEqual(plain.stops);
      expect(spin).toMatchObject({ multiplier: SLOT_FEATURE_MULTIPLIER, payout: plain.payout * 3 });
    }
    const paid = round.base.payout + round.featureSpins.reduce((sum, s) => sum + s.payout, 0);
    expect(round.totalPayout).toBe(paid);
  });

  it('adds 10 more for 3 scatters during free spins, up to 100 in a round', () => {
    const scatters = stopsShowing('scatter', 2);
    const round = playSlot(scriptedRng(Array.from({ length: 5 * 101 }, () => scatters).flat()), {
      fund: 'cash',
      stake: 20,
    });
    expect(round.featureSpins).toHaveLength(SLOT_MAX_FEATURE_SPINS);
    const awarded = round.featureSpins.reduce(
      (n, s) => n + s.featureSpinsAwarded,
      round.base.featureSpinsAwarded,
    );
    expect(awarded).toBe(SLOT_MAX_FEATURE_SPINS);
  });

  it('plays a spin from the FREE_SPINS balance at the fixed stake, and refuses odd stakes', () => {
    const round = playSlot(fairStream({ serverSeed: 'd'.repeat(64), clientSeed: 'free', nonce: 0 }), {
      fund: 'freeSpin',
    });
    expect(round).toMatchObject({ fund: 'freeSpin', stake: SLOT_FREE_SPIN_STAKE_CENTS });
    expect(SLOT_FREE_SPIN_STAKE_CENTS).toBe(20);
    expect(() => playSlot(scriptedRng([0, 0, 0, 0, 0]), { fund: 'cash', stake: 30 })).toThrow(
      StudioInputError,
    );
    expect(slotBetSchema.safeParse({ fund: 'cash', stake: 0.3 }).success).toBe(false);
    expect(slotBetSchema.parse({ fund: 'cash', stake: 1.2 })).toEqual({ fund: 'cash', stake: 120 });
  });
});

/**
 * The exact return from the strips. Each reel stops uniformly, so on every line the symbol a reel
 * contributes is distributed like the strip's symbol counts, independently across reels: the
 * expected line win (in line bets) is a sum over all 10^5 symbol combinations, and the same for
 * each of the 20 lines, so it is also the line part of the RTP. Scatters: with one per strip, a reel
 * shows one with probability 3 / strip length. The free spins' expected length follows from the
 * retrigger chance, capped as the game caps it.
 */
function exactRtp() {
  const symbols = [...new Set(SLOT_REELS.flat())];
  const p = SLOT_REELS.map((strip) => symbols.map((s) => strip.filter((x) => x === s).length / strip.length));
  let lines = 0;
  const combo: SlotSymbol[] = [];
  const walk = (reel: number, weight: number) => {
    if (reel === 5) {
      lines += weight * (lineWin(combo)?.pays ?? 0);
      return;
    }
    symbols.forEach((symbol, i) => {
      const q = p[reel]?.[i] as number;
      if (q === 0) return;
      combo[reel] = symbol;
      walk(reel + 1, weight * q);
    });
  };
  walk(0, 1);
  let scatterCount = [1];
  for (const strip of SLOT_REELS) {
    const shown = (3 * strip.filter((s) => s === 'scatter').length) / strip.length;
    const next = new Array<number>(scatterCount.length + 1).fill(0);
    scatterCount.forEach((q, k) => {
      next[k] = (next[k] as number) + q * (1 - shown);
      next[k + 1] = (next[k + 1] as number) + q * shown;
    });
    scatterCount = next;
  }
  const scatters = scatterCount.reduce((sum, q, k) => sum + q * (SLOT_SCATTER_PAYS[k] ?? 0), 0);
  const trigger = scatterCount.slice(SLOT_FEATURE_TRIGGER).reduce((a, b) => a + b, 0);
  const memo = new Map<string, number>();
  const spinsLeft = (left: number, awarded: number): number => {
    if (left === 0) return 0;
    const key = `${left}/${awarded}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const extra = Math.min(SLOT_FEATURE_SPINS, SLOT_MAX_FEATURE_SPINS - awarded);
    const value =
      1 +
      trigger * spinsLeft(left - 1 + extra, awarded + extra) +
      (1 - trigger) * spinsLeft(left - 1, awarded);
    memo.set(key, value);
    return value;
  };
  const featureSpins = spinsLeft(SLOT_FEATURE_SPINS, SLOT_FEATURE_SPINS);
  const perSpin = lines + scatters;
  return {
    lines,
    scatters,
    trigger,
    featureSpins,
    rtp: perSpin + trigger * featureSpins * SLOT_FEATURE_MULTIPLIER * perSpin,
  };
}

describe('RTP', () => {
  it('is 96.17% exactly from the reel strips', () => {
    const exact = exactRtp();
    expect(exact.rtp).toBeCloseTo(SLOT_RTP, 6);
    expect(slotInfo.rtp).toBe(96.17);
    // The parts, for the record: lines 78.75%, scatters 1.50%, free spins one round in 161.25.
    expect(exact.lines).toBeCloseTo(0.78752, 5);
    expect(exact.scatters).toBeCloseTo(0.01499, 5);
    expect(1 / exact.trigger).toBeCloseTo(161.25, 2);
  });

  it('matches the exact figures over 200,000 seeded rounds from the fair stream (within 4σ)', () => {
    const exact = exactRtp();
    const n = 200_000;
    const total = { sum: 0, squares: 0 };
    const lines = { sum: 0, squares: 0 };
    let features = 0;
    for (let nonce = 0; nonce < n; nonce++) {
      const round = playSlot(fairStream({ serverSeed: 'e'.repeat(64), clientSeed: 'slot-rtp', nonce }), {
        fund: 'cash',
        stake: 20,
      });
      const x = round.totalPayout / 20;
      total.sum += x;
      total.squares += x * x;
      const y = round.base.lineWins.reduce((sum, w) => sum + w.payout, 0) / 20;
      lines.sum += y;
      lines.squares += y * y;
      if (round.featureSpins.length > 0) features++;
    }
    // Standard deviations per round are about 3.1 stakes in all and 1.8 for the base game's lines,
    // so 4σ is about ±2.8% and ±1.6% here; the exact figure above is the precise check.
    const within4Sigma = ({ sum, squares }: { sum: number; squares: number }, expected: number) => {
      const mean = sum / n;
      const sd = Math.sqrt(squares / n - mean * mean);
      return Math.abs(mean - expected) < (4 * sd) / Math.sqrt(n);
    };
    expect(within4Sigma(total, exact.rtp)).toBe(true);
    expect(within4Sigma(lines, exact.lines)).toBe(true);
    expect(Math.abs(features / n - exact.trigger)).toBeLessThan(4 * Math.sqrt(exact.trigger / n));
  }, 180_000); // 200,000 rounds: a few seconds alone, far longer on a loaded shared machine
});
