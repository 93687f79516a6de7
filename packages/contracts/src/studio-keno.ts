import { z } from 'zod';
import { studioMessages } from './studio-messages.ts';
import { moneySchema, stakeSchema } from './studio-money.ts';

/* Keno (loto) */

import { KENO_MAX_PICKS } from './studio-constants.ts';

export { KENO_MAX_PICKS };
export const kenoBetSchema = z.object({
  picks: z
    .array(z.number().int().min(1).max(80))
    .min(1)
    .max(KENO_MAX_PICKS)
    .refine((p) => new Set(p).size === p.length, studioMessages.kenoDistinct),
  amount: stakeSchema,
});
export type KenoBet = z.output<typeof kenoBetSchema>;

export const kenoResultSchema = z.object({
  picks: z.array(z.number().int()),
  /** The 20 numbers in the order they were drawn. */
  drawn: z.array(z.number().int()).length(20),
  hits: z.array(z.number().int()),
  /** Paytable multiplier for this many hits, e.g. 3.84. */
  multiplier: z.number(),
  payout: moneySchema,
});
export type KenoResult = z.output<typeof kenoResultSchema>;
