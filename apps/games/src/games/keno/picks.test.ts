import { kenoBetSchema } from '@paws/contracts/studio';
import { describe, expect, it } from 'vitest';
import { paytableRow, quickPick, togglePick } from './picks.ts';

describe('keno picks', () => {
  it('adds and removes a number', () => {
    const a = togglePick([], 7);
    expect(a).toEqual({ picks: [7], changed: true });
    expect(togglePick(a.picks, 7)).toEqual({ picks: [], changed: true });
  });

  it('refuses an eleventh pick and numbers off the board', () => {
    const ten = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(togglePick(ten, 11)).toEqual({ picks: ten, changed: false, full: true });
    expect(togglePick(ten, 10).picks).toHaveLength(9);
    expect(togglePick([], 0).changed).toBe(false);
    expect(togglePick([], 81).changed).toBe(false);
    expect(togglePick([], 2.5).changed).toBe(false);
  });

  it('quick pick gives distinct sorted numbers in 1–80 that the contract accepts', () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let k = 1; k <= 10; k++) {
      const p = quickPick(k, random);
      expect(p).toHaveLength(k);
      expect(new Set(p).size).toBe(k);
      expect(p.every((n) => n >= 1 && n <= 80)).toBe(true);
      expect(p).toEqual([...p].sort((a, b) => a - b));
      expect(kenoBetSchema.safeParse({ picks: p, amount: 1 }).success).toBe(true);
    }
    expect(quickPick(25, random)).toHaveLength(10);
    expect(quickPick(0, random)).toHaveLength(1);
    // The extremes of the random source stay on the board.
    expect(quickPick(10, () => 0.999999).every((n) => n >= 1 && n <= 80)).toBe(true);
    expect(quickPick(10, () => 0)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('the contract refuses duplicates and more than ten picks', () => {
    expect(kenoBetSchema.safeParse({ picks: [3, 3], amount: 1 }).success).toBe(false);
    expect(
      kenoBetSchema.safeParse({ picks: Array.from({ length: 11 }, (_, i) => i + 1), amount: 1 }).success,
    ).toBe(false);
  });

  it('reads the paytable row for a pick count, best first, only paying hits', () => {
    const rows = [
      ['1', '', '3.84', '96.00%'],
      ['3', '', '', '2.3', '46.5', '96.43%'],
    ];
    expect(paytableRow(rows, 3)).toEqual([
      { hits: 3, multiplier: 46.5 },
      { hits: 2, multiplier: 2.3 },
    ]);
    expect(paytableRow(rows, 1)).toEqual([{ hits: 1, multiplier: 3.84 }]);
    expect(paytableRow(rows, 5)).toEqual([]);
  });
});
