import { describe, expect, it } from 'vitest';
import { paylinesFromInfo, winCells } from './paylines.ts';

describe('slot paylines', () => {
  it('reads lines from the rules screen (1 = top)', () => {
    expect(
      paylinesFromInfo([
        ['1', '2-2-2-2-2'],
        ['2', '1-2-3-2-1'],
      ]),
    ).toEqual([
      [1, 1, 1, 1, 1],
      [0, 1, 2, 1, 0],
    ]);
  });

  it('draws no lines when the table is missing or does not read as lines of five', () => {
    expect(paylinesFromInfo(undefined)).toEqual([]);
    expect(paylinesFromInfo([])).toEqual([]);
    expect(paylinesFromInfo([['1', '2-2-9']])).toEqual([]);
    expect(paylinesFromInfo([['1', '2-2-x-2-2']])).toEqual([]);
  });

  it('a line win covers its first `count` reels', () => {
    const lines = paylinesFromInfo([
      ['1', '2-2-2-2-2'],
      ['2', '1-2-3-2-1'],
    ]);
    expect(winCells(lines, 2, 3)).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
    expect(winCells(lines, 99, 3)).toEqual([]);
  });
});
