import { z } from 'zod';
import {
  baccaratBetSchema,
  baccaratResultSchema,
  blackjackActions,
  blackjackBetSchema,
  blackjackViewSchema,
  videoPokerBetSchema,
  videoPokerViewSchema,
} from './studio-card-games.ts';
import { clientSeedSchema, nonceSchema, serverSeedHashSchema, serverSeedSchema } from './studio-fairness.ts';
import { kenoBetSchema, kenoResultSchema } from './studio-keno.ts';
import { rouletteSpinSchema } from './studio-roulette.ts';
import { slotBetSchema, slotRoundSchema } from './studio-slot.ts';

/* Verify page */

const seeds = { serverSeed: serverSeedSchema, clientSeed: clientSeedSchema, nonce: nonceSchema };
export const verifyRequestSchema = z.discriminatedUnion('game', [
  /** For the live table: the table's seed, its public client seed, and the round number as nonce. */
  z.object({ game: z.literal('roulette'), ...seeds }),
  z.object({
    game: z.literal('blackjack'),
    ...seeds,
    bet: blackjackBetSchema,
    actions: z.array(z.enum(blackjackActions)).max(60),
  }),
  z.object({ game: z.literal('baccarat'), ...seeds, bet: baccaratBetSchema }),
  z.object({
    game: z.literal('video-poker'),
    ...seeds,
    bet: videoPokerBetSchema,
    held: z.array(z.boolean()).length(5).nullable(),
  }),
  z.object({ game: z.literal('slot'), ...seeds, bet: slotBetSchema }),
  z.object({ game: z.literal('keno'), ...seeds, bet: kenoBetSchema }),
]);
export type VerifyRequest = z.output<typeof verifyRequestSchema>;

export const verifyResponseSchema = z.discriminatedUnion('game', [
  z.object({ game: z.literal('roulette'), serverSeedHash: serverSeedHashSchema, result: rouletteSpinSchema }),
  z.object({
    game: z.literal('blackjack'),
    serverSeedHash: serverSeedHashSchema,
    result: blackjackViewSchema,
  }),
  z.object({
    game: z.literal('baccarat'),
    serverSeedHash: serverSeedHashSchema,
    result: baccaratResultSchema,
  }),
  z.object({
    game: z.literal('video-poker'),
    serverSeedHash: serverSeedHashSchema,
    result: videoPokerViewSchema,
  }),
  z.object({ game: z.literal('slot'), serverSeedHash: serverSeedHashSchema, result: slotRoundSchema }),
  z.object({ game: z.literal('keno'), serverSeedHash: serverSeedHashSchema, result: kenoResultSchema }),
]);
export type VerifyResponse = z.output<typeof verifyResponseSchema>;
