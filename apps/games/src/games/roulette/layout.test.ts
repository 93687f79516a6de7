import { rouletteBetNumbers, rouletteBetSchema } from '@paws/contracts/studio';
import { describe, expect, it } from 'vitest';
import { betKey, hitTest, straightBet, toBetInput, toTable } from './layout.ts';

const nums = (u: number, v: number) =>
  hitTest(u, v)
    ?.numbers.slice()
    .sort((a, b) => a - b);

describe('roulette layout hit-testing', () => {
  it('a tap in the middle of a cell is a straight bet on that number', () => {
    expect(hitTest(0.5, 0.5)).toMatchObject({ type: 'straight', numbers: [1] });
    expect(hitTest(0.5, 2.5)).toMatchObject({ type: 'straight', numbers: [3] });
    expect(hitTest(11.5, 2.5)).toMatchObject({ type: 'straight', numbers: [36] });
    expect(hitTest(-0.5, 1.5)).toMatchObject({ type: 'straight', numbers: [0] });
  });

  it('a border between two numbers is a split', () => {
    expect(hitTest(4.5, 1)).toMatchObject({ type: 'split', numbers: [13, 14] });
    expect(hitTest(4.5, 2)).toMatchObject({ type: 'split', numbers: [14, 15] });
    expect(hitTest(5, 1.5)).toMatchObject({ type: 'split', numbers: [14, 17] });
    expect(hitTest(0, 0.5)).toMatchObject({ type: 'split', numbers: [0, 1] });
    expect(hitTest(0, 2.5)).toMatchObject({ type: 'split', numbers: [0, 3] });
  });

  it('the outer edge is a street, its crossings a line (six numbers)', () => {
    expect(hitTest(3.5, 0.05)).toMatchObject({ type: 'street', numbers: [10, 11, 12] });
    expect(hitTest(3.5, -0.1)).toMatchObject({ type: 'street', numbers: [10, 11, 12] });
    expect(hitTest(4, 0)).toMatchObject({ type: 'line', numbers: [10, 11, 12, 13, 14, 15] });
    expect(hitTest(11, 0.1)).toMatchObject({ type: 'line', numbers: [31, 32, 33, 34, 35, 36] });
  });

  it('a crossing inside the grid is a corner; zero crossings are trios and the first four', () => {
    expect(hitTest(1, 1)).toMatchObject({ type: 'corner', numbers: [1, 2, 4, 5] });
    expect(hitTest(7.1, 1.9)).toMatchObject({ type: 'corner', numbers: [20, 21, 23, 24] });
    expect(hitTest(0, 1)).toMatchObject({ type: 'street', numbers: [0, 1, 2] });
    expect(hitTest(0, 2)).toMatchObject({ type: 'street', numbers: [0, 2, 3] });
    expect(hitTest(0, 0)).toMatchObject({ type: 'corner', numbers: [0, 1, 2, 3] });
  });

  it('nothing outside the numbers', () => {
    expect(hitTest(12.2, 1.5)).toBeNull();
    expect(hitTest(5, 3.4)).toBeNull();
    expect(hitTest(-1.5, 1)).toBeNull();
    expect(hitTest(Number.NaN, 1)).toBeNull();
  });

  // About 25,000 points: well under a second alone, over five on a loaded 2-core machine.
  it('every point of the layout gives a bet the contract accepts, covering the numbers it names', () => {
    let count = 0;
    const kinds = new Set<string>();
    for (let u = -0.99; u < 12; u += 0.037) {
      for (let v = -0.2; v <= 3; v += 0.041) {
        const hit = hitTest(u, v);
        if (!hit) continue;
        count++;
        kinds.add(hit.type);
        const input = toBetInput(hit, 1);
        const parsed = rouletteBetSchema.safeParse(input);
        expect(parsed.success, `${u},${v} → ${JSON.stringify(input)}`).toBe(true);
        if (parsed.success)
          expect(rouletteBetNumbers(parsed.data)?.sort((a, b) => a - b)).toEqual(nums(u, v));
      }
    }
    expect(count).toBeGreaterThan(20000);
    expect([...kinds].sort()).toEqual(['corner', 'line', 'split', 'straight', 'street']);
  }, 30_000);

  it('maps screen points to table coordinates in both orientations', () => {
    const grid = { zero: 40, cell: 40, across: 50 };
    // Horizontal: zero at the left, 3-6-9… along the top, 1-4-7… at the bottom.
    const hz = toTable('horizontal', 40 + 40 * 4.5, 150 - 25, grid);
    expect(nums(hz.u, hz.v)).toEqual([13]);
    const top = toTable('horizontal', 40 + 40 * 4.5, 25, grid);
    expect(nums(top.u, top.v)).toEqual([15]);
    expect(nums(toTable('horizontal', 20, 75, grid).u, 1.5)).toEqual([0]);
    // Vertical: zero on top, 1-2-3 left to right.
    const vt = toTable('vertical', 75, 40 + 40 * 4.5, grid);
    expect(nums(vt.u, vt.v)).toEqual([14]);
    const edge = toTable('vertical', 2, 40 + 40 * 2, grid);
    expect(hitTest(edge.u, edge.v)?.type).toBe('line');
  });

  it('keys bets by spot whatever the order of their numbers', () => {
    expect(betKey({ type: 'split', numbers: [17, 14], u: 0, v: 0 })).toBe(
      betKey({ type: 'split', numbers: [14, 17], u: 5, v: 1.5 }),
    );
    expect(betKey({ type: 'dozen', dozen: 2 })).toBe('dozen:2');
    expect(toBetInput({ type: 'column', column: 3 }, 5)).toEqual({ type: 'column', column: 3, amount: 5 });
  });

  it('bets a number straight from the keyboard exactly as a tap on the middle of its cell does', () => {
    for (let n = 0; n <= 36; n++) {
      const bet = straightBet(n);
      expect(bet).toEqual(hitTest(bet.u, bet.v));
      expect(bet.numbers).toEqual([n]);
    }
  });
});
