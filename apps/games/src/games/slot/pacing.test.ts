import { describe, expect, it } from 'vitest';
import { MIN_SPIN_MS, reelStopMs, returnShown } from './pacing.ts';

describe('a Wild Paws spin', () => {
  it('comes to rest no sooner than 2.5 s after the press, reel after reel', () => {
    const stops = [0, 1, 2, 3, 4].map((reel) => reelStopMs(reel, 5));
    expect(MIN_SPIN_MS).toBe(2500);
    expect(Math.max(...stops)).toBe(2500);
    expect(stops).toEqual([...stops].sort((a, b) => a - b));
    expect(new Set(stops).size).toBe(5);
  });
});

describe('what a return is shown as', () => {
  it('is nothing when nothing came back', () => {
    expect(returnShown(0, 100)).toBe('none');
  });

  it('is a neutral "returned" when less than or as much as the stake came back', () => {
    expect(returnShown(40, 100)).toBe('returned');
    expect(returnShown(100, 100)).toBe('returned');
  });

  it('is a win only when the player is ahead, a big win from ten stakes', () => {
    expect(returnShown(101, 100)).toBe('win');
    expect(returnShown(999, 100)).toBe('win');
    expect(returnShown(1000, 100)).toBe('big');
  });
});
