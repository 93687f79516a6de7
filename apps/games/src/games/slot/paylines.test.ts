import { SLOT_LINES } from '@paws/contracts/studio';
import { describe, expect, it } from 'vitest';
import { paylinesFromInfo, SLOT_PAYLINES, winCells } from './paylines.ts';

describe('slot paylines', () => {
  it('has the 20 distinct lines of the game', () => {
    expect(SLOT_PAYLINES).toHaveLength(SLOT_LINES);
    expect(new Set(SLOT_PAYLINES.map((l) => l.join())).size).toBe(SLOT_LINES);
  });

  it('reads lines from the rules screen (1 = top) and falls back on a bad table', () => {
    expect(
      paylinesFromInfo([
        ['1', '2-2-2-2-2'],
        ['2', '1-2-3-2-1'],
      ]),
    ).toEqual([
      [1, 1, 1, 1, 1],
      [0, 1, 2, 1, 0],
    ]);
    expect(paylinesFromInfo([['1', '2-2-9']])).toEqual(SLOT_PAYLINES);
    expect(paylinesFromInfo(undefined)).toEqual(SLOT_PAYLINES);
  });

  it('a line win covers its first `count` reels', () => {
    expect(winCells(SLOT_PAYLINES, 4, 3)).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    expect(winCells(SLOT_PAYLINES, 99, 3)).toEqual([]);
  });
});
