import { z } from 'zod';
import { studioMessages } from './studio-messages.ts';
import { moneySchema, stakeSchema } from './studio-money.ts';

/* Slot */

import { type SlotSymbol, slotSymbols } from './studio-constants.ts';

export { type SlotSymbol, slotSymbols };
export const SLOT_LINES = 20;
/** A spin paid from the FREE_SPINS balance plays at this fixed stake; its winnings are USD. */
export const SLOT_FREE_SPIN_STAKE_CENTS = 20;

export const slotBetSchema = z.discriminatedUnion('fund', [
  z.object({
    fund: z.literal('cash'),
    stake: stakeSchema.refine((cents) => cents % SLOT_LINES === 0, studioMessages.slotStakeStep),
  }),
  z.object({ fund: z.literal('freeSpin') }),
]);
export type SlotBet = z.output<typeof slotBetSchema>;

export const slotSpinSchema = z.object({
  stops: z.array(z.number().int()).length(5),
  /** Per reel, top to bottom. */
  grid: z.array(z.array(z.enum(slotSymbols)).length(3)).length(5),
  lineWins: z.array(
    z.object({
      /** 1-based payline number. */
      line: z.number().int(),
      symbol: z.enum(slotSymbols),
      count: z.number().int(),
      payout: moneySchema,
    }),
  ),
  scatters: z.number().int(),
  scatterPayout: moneySchema,
  featureSpinsAwarded: z.number().int(),
  multiplier: z.number().int(),
  payout: moneySchema,
});
export type SlotSpin = z.output<typeof slotSpinSchema>;

export const slotRoundSchema = z.object({
  fund: z.enum(['cash', 'freeSpin']),
  stake: moneySchema,
  base: slotSpinSchema,
  /** The free spins feature won in this round, played out at once (wins × multiplier). */
  featureSpins: z.array(slotSpinSchema),
  totalPayout: moneySchema,
});
export type SlotRound = z.output<typeof slotRoundSchema>;
