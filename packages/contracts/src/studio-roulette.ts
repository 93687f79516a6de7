import { z } from 'zod';
import { nonceSchema } from './studio-fairness.ts';
import { studioMessages } from './studio-messages.ts';
import { moneySchema, stakeSchema } from './studio-money.ts';

/* European roulette (live table) */

export const rouletteNumberSchema = z.number().int().min(0).max(36);

import {
  ROULETTE_RED_NUMBERS,
  type RouletteColor,
  rouletteColor,
  rouletteColors,
} from './studio-constants.ts';

export { ROULETTE_RED_NUMBERS, type RouletteColor, rouletteColor, rouletteColors };

const insideBet = <T extends string>(type: T, count: number) =>
  z.object({
    type: z.literal(type),
    numbers: z.array(rouletteNumberSchema).length(count),
    amount: stakeSchema,
  });
const evenMoneyBet = <T extends string>(type: T) => z.object({ type: z.literal(type), amount: stakeSchema });
const third = z.union([z.literal(1), z.literal(2), z.literal(3)]);

export const rouletteBetTypes = [
  'straight',
  'split',
  'street',
  'corner',
  'line',
  'dozen',
  'column',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
] as const;
export type RouletteBetType = (typeof rouletteBetTypes)[number];

const rouletteBetShape = z.discriminatedUnion('type', [
  insideBet('straight', 1),
  insideBet('split', 2),
  insideBet('street', 3),
  insideBet('corner', 4),
  insideBet('line', 6),
  z.object({ type: z.literal('dozen'), dozen: third, amount: stakeSchema }),
  z.object({ type: z.literal('column'), column: third, amount: stakeSchema }),
  evenMoneyBet('red'),
  evenMoneyBet('black'),
  evenMoneyBet('odd'),
  evenMoneyBet('even'),
  evenMoneyBet('low'),
  evenMoneyBet('high'),
]);

/**
 * The numbers a roulette bet covers, or null when its numbers do not form that bet on the
 * single-zero layout (three columns, 1–3 in the first row, 0 across the top). Order does not matter.
 * Besides the regular positions: splits 0-1, 0-2, 0-3; the trios 0-1-2 and 0-2-3 as streets; the
 * first four 0-1-2-3 as a corner (each pays like its shape, so every bet keeps the 36/37 return).
 */
export function rouletteBetNumbers(bet: z.output<typeof rouletteBetShape>): number[] | null {
  switch (bet.type) {
    case 'dozen':
      return isThird(bet.dozen) ? range(12 * (bet.dozen - 1) + 1, 12) : null;
    case 'column':
      return isThird(bet.column) ? Array.from({ length: 12 }, (_, i) => bet.column + 3 * i) : null;
    case 'red':
      return [...ROULETTE_RED_NUMBERS];
    case 'black':
      return range(1, 36).filter((n) => !ROULETTE_RED_NUMBERS.includes(n));
    case 'odd':
      return range(1, 36).filter((n) => n % 2 === 1);
    case 'even':
      return range(1, 36).filter((n) => n % 2 === 0);
    case 'low':
      return range(1, 18);
    case 'high':
      return range(19, 18);
  }
  const ns = [...bet.numbers].sort((a, b) => a - b);
  const onTable = (n: number) => Number.isInteger(n) && n >= 0 && n <= 36;
  const size = { straight: 1, split: 2, street: 3, corner: 4, line: 6 }[bet.type];
  if (ns.length !== size || !ns.every(onTable) || new Set(ns).size !== ns.length) return null;
  const key = ns.join('-');
  const [a = -1, b = -1] = ns;
  const col = (n: number) => (n - 1) % 3; // 0 = first column (1, 4, …)
  switch (bet.type) {
    case 'straight':
      return ns;
    case 'split': {
      if (a === 0) return b <= 3 ? ns : null;
      const sideBySide = b === a + 1 && col(a) !== 2;
      return sideBySide || b === a + 3 ? ns : null;
    }
    case 'street':
      if (key === '0-1-2' || key === '0-2-3') return ns;
      return a >= 1 && col(a) === 0 && key === range(a, 3).join('-') ? ns : null;
    case 'corner':
      if (key === '0-1-2-3') return ns;
      return a >= 1 && col(a) !== 2 && key === [a, a + 1, a + 3, a + 4].join('-') && a + 4 <= 36 ? ns : null;
    case 'line':
      return a >= 1 && col(a) === 0 && a + 5 <= 36 && key === range(a, 6).join('-') ? ns : null;
  }
}

const isThird = (n: number) => n === 1 || n === 2 || n === 3;

function range(from: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => from + i);
}

export const rouletteBetSchema = rouletteBetShape.superRefine((bet, ctx) => {
  if ('numbers' in bet && Array.isArray(bet.numbers) && rouletteBetNumbers(bet) === null) {
    ctx.addIssue({ code: 'custom', message: studioMessages.rouletteLayout, path: ['numbers'] });
  }
});
export type RouletteBet = z.output<typeof rouletteBetSchema>;
export type RouletteBetInput = z.input<typeof rouletteBetSchema>;

export const ROULETTE_MAX_BETS_PER_ROUND = 200;
export const rouletteBetsSchema = z.object({
  bets: z.array(rouletteBetSchema).min(1, studioMessages.rouletteNoBets).max(ROULETTE_MAX_BETS_PER_ROUND),
});

export const rouletteSpinSchema = z.object({
  roundNumber: nonceSchema,
  number: rouletteNumberSchema,
  color: z.enum(rouletteColors),
});
export type RouletteSpin = z.output<typeof rouletteSpinSchema>;

export const rouletteSettlementSchema = z.object({
  number: rouletteNumberSchema,
  color: z.enum(rouletteColors),
  bets: z.array(z.object({ bet: rouletteBetSchema, won: z.boolean(), payout: moneySchema })),
  totalStake: moneySchema,
  totalPayout: moneySchema,
});
export type RouletteSettlement = z.output<typeof rouletteSettlementSchema>;
