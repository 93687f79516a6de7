/**
 * The single-zero table's inside bets, by where the player taps.
 *
 * Table coordinates are the same whatever the orientation: `u` runs along the streets (0 at the
 * border with the zero, 12 at the far end: street k holds 3k+1, 3k+2, 3k+3) and `v` across the
 * columns (0 is the outer edge beside 1, 4, 7 … where street and line bets go, 3 the edge beside
 * 3, 6, 9 …). The zero is u in [-1, 0). A tap within `edge` cells of a border bets on the numbers
 * either side of it; on a crossing, on the four (or six) around it.
 */
import type { RouletteBetInput, RouletteBetType } from '@paws/contracts/studio';

export interface InsideHit {
  type: Extract<RouletteBetType, 'straight' | 'split' | 'street' | 'corner' | 'line'>;
  numbers: number[];
  /** Where the chip sits, in table coordinates. */
  u: number;
  v: number;
}

export const DEFAULT_EDGE = 0.24;

const near = (x: number, edge: number) => {
  const r = Math.round(x);
  return Math.abs(x - r) <= edge ? r : null;
};

export function hitTest(u: number, v: number, edge = DEFAULT_EDGE): InsideHit | null {
  if (!Number.isFinite(u) || !Number.isFinite(v)) return null;
  if (u < -1 || u >= 12 || v < -edge || v > 3) return null;
  let uLine = near(u, edge);
  if (uLine !== null && (uLine < 0 || uLine > 11)) uLine = null;
  let vLine = near(v, edge);
  if (vLine !== null && vLine > 2) vLine = null;
  const s = Math.min(11, Math.max(0, Math.floor(u)));
  const c = Math.min(2, Math.max(0, Math.floor(v)));

  if (u < 0 && uLine === null) return { type: 'straight', numbers: [0], u: -0.5, v: 1.5 };

  if (vLine === 0) {
    if (uLine === null)
      return { type: 'street', numbers: [3 * s + 1, 3 * s + 2, 3 * s + 3], u: s + 0.5, v: 0 };
    if (uLine === 0) return { type: 'corner', numbers: [0, 1, 2, 3], u: 0, v: 0 };
    const a = 3 * (uLine - 1) + 1;
    return { type: 'line', numbers: [a, a + 1, a + 2, a + 3, a + 4, a + 5], u: uLine, v: 0 };
  }
  if (vLine !== null) {
    if (uLine === null)
      return { type: 'split', numbers: [3 * s + vLine, 3 * s + vLine + 1], u: s + 0.5, v: vLine };
    if (uLine === 0) return { type: 'street', numbers: [0, vLine, vLine + 1], u: 0, v: vLine };
    const a = 3 * (uLine - 1) + vLine;
    return { type: 'corner', numbers: [a, a + 1, a + 3, a + 4], u: uLine, v: vLine };
  }
  if (uLine === 0) return { type: 'split', numbers: [0, c + 1], u: 0, v: c + 0.5 };
  if (uLine !== null) {
    const a = 3 * (uLine - 1) + c + 1;
    return { type: 'split', numbers: [a, a + 3], u: uLine, v: c + 0.5 };
  }
  return { type: 'straight', numbers: [3 * s + c + 1], u: s + 0.5, v: c + 0.5 };
}

/** Screen → table coordinates. Horizontal: zero at the left, 3-6-9… on top. Vertical: zero on top, 1-2-3 left to right. */
export function toTable(
  orientation: 'horizontal' | 'vertical',
  x: number,
  y: number,
  grid: { zero: number; cell: number; across: number },
): { u: number; v: number } {
  const along = orientation === 'horizontal' ? x : y;
  const side = orientation === 'horizontal' ? y : x;
  const u = along < grid.zero ? (along - grid.zero) / grid.zero : (along - grid.zero) / grid.cell;
  const v = orientation === 'horizontal' ? 3 - side / grid.across : side / grid.across;
  return { u, v };
}

/** Number's cell in table coordinates (its street and column). */
export const cellOf = (n: number) => ({ street: Math.floor((n - 1) / 3), column: (n - 1) % 3 });

/** A straight bet on `n`, its chip in the middle of the number's cell: what a tap on that middle bets. */
export function straightBet(n: number): InsideHit {
  if (n === 0) return { type: 'straight', numbers: [0], u: -0.5, v: 1.5 };
  const { street, column } = cellOf(n);
  return { type: 'straight', numbers: [n], u: street + 0.5, v: column + 0.5 };
}

export type OutsideTarget =
  | { type: 'dozen'; dozen: 1 | 2 | 3 }
  | { type: 'column'; column: 1 | 2 | 3 }
  | { type: 'red' | 'black' | 'odd' | 'even' | 'low' | 'high' };

/** A stable key for a bet spot, so chips on the same spot stack. */
export function betKey(bet: InsideHit | OutsideTarget): string {
  if ('numbers' in bet) return `${bet.type}:${[...bet.numbers].sort((a, b) => a - b).join('-')}`;
  if (bet.type === 'dozen') return `dozen:${bet.dozen}`;
  if (bet.type === 'column') return `column:${bet.column}`;
  return bet.type;
}

export function toBetInput(bet: InsideHit | OutsideTarget, amount: number): RouletteBetInput {
  if ('numbers' in bet) return { type: bet.type, numbers: [...bet.numbers].sort((a, b) => a - b), amount };
  return { ...bet, amount } as RouletteBetInput;
}

/** Payout odds (to 1) by bet type, for the bet slip. */
export const ROULETTE_ODDS: Record<RouletteBetType, number> = {
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
};

/** The wheel, clockwise from zero. */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
] as const;
