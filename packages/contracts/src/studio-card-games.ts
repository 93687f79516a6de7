import { z } from 'zod';
import { studioMessages } from './studio-messages.ts';
import { moneySchema, stakeSchema } from './studio-money.ts';

/** A card as two characters: rank (2–9, T, J, Q, K, A) then suit (c, d, h, s), e.g. `Ah`, `Td`. */
export const cardSchema = z.string().regex(/^[2-9TJQKA][cdhs]$/);

/* Blackjack */

export const blackjackBetSchema = z.object({ amount: stakeSchema });
export type BlackjackBet = z.output<typeof blackjackBetSchema>;

export const blackjackActions = ['hit', 'stand', 'double', 'split', 'insurance', 'noInsurance'] as const;
export type BlackjackAction = (typeof blackjackActions)[number];
export const blackjackActionSchema = z.object({ action: z.enum(blackjackActions) });

export const blackjackPhases = ['insurance', 'playing', 'finished'] as const;
export const blackjackOutcomes = ['blackjack', 'win', 'push', 'lose'] as const;
export type BlackjackOutcome = (typeof blackjackOutcomes)[number];

export const blackjackHandViewSchema = z.object({
  cards: z.array(cardSchema),
  total: z.number().int(),
  soft: z.boolean(),
  stake: moneySchema,
  doubled: z.boolean(),
  split: z.boolean(),
  bust: z.boolean(),
  /** Still to be played or being played. */
  open: z.boolean(),
  outcome: z.enum(blackjackOutcomes).nullable(),
  payout: moneySchema.nullable(),
});

/** What the player may see: no hole card before the end, never the shoe. */
export const blackjackViewSchema = z.object({
  phase: z.enum(blackjackPhases),
  dealer: z.object({
    cards: z.array(cardSchema),
    holeCardHidden: z.boolean(),
    total: z.number().int(),
    soft: z.boolean(),
    blackjack: z.boolean().nullable(),
  }),
  hands: z.array(blackjackHandViewSchema),
  activeHand: z.number().int().nullable(),
  insurance: z.object({ stake: moneySchema, payout: moneySchema.nullable() }).nullable(),
  allowedActions: z.array(z.enum(blackjackActions)),
  totalStake: moneySchema,
  totalPayout: moneySchema.nullable(),
});
export type BlackjackView = z.output<typeof blackjackViewSchema>;

/* Baccarat (punto banco) */

export const baccaratSpots = ['player', 'banker', 'tie'] as const;
export type BaccaratSpot = (typeof baccaratSpots)[number];
export const baccaratBetSchema = z
  .object({ player: stakeSchema.optional(), banker: stakeSchema.optional(), tie: stakeSchema.optional() })
  .refine((b) => b.player !== undefined || b.banker !== undefined || b.tie !== undefined, {
    message: studioMessages.baccaratNoBets,
  });
export type BaccaratBet = z.output<typeof baccaratBetSchema>;

export const baccaratResultSchema = z.object({
  playerCards: z.array(cardSchema),
  bankerCards: z.array(cardSchema),
  playerTotal: z.number().int(),
  bankerTotal: z.number().int(),
  natural: z.boolean(),
  winner: z.enum(baccaratSpots),
  bets: z.array(
    z.object({
      spot: z.enum(baccaratSpots),
      stake: moneySchema,
      outcome: z.enum(['win', 'push', 'lose']),
      payout: moneySchema,
    }),
  ),
  totalStake: moneySchema,
  totalPayout: moneySchema,
});
export type BaccaratResult = z.output<typeof baccaratResultSchema>;

/* Video poker (Jacks or Better 9/6) */

export const videoPokerHands = [
  'royalFlush',
  'straightFlush',
  'fourOfAKind',
  'fullHouse',
  'flush',
  'straight',
  'threeOfAKind',
  'twoPair',
  'jacksOrBetter',
  'nothing',
] as const;
export type VideoPokerHand = (typeof videoPokerHands)[number];

export const videoPokerBetSchema = z.object({ amount: stakeSchema });
export type VideoPokerBet = z.output<typeof videoPokerBetSchema>;
export const videoPokerDrawSchema = z.object({ held: z.array(z.boolean()).length(5) });

export const videoPokerViewSchema = z.object({
  phase: z.enum(['dealt', 'finished']),
  stake: moneySchema,
  cards: z.array(cardSchema).length(5),
  held: z.array(z.boolean()).length(5).nullable(),
  /** What the cards on screen make now (the dealt hand, then the final one). */
  hand: z.enum(videoPokerHands),
  payout: moneySchema.nullable(),
});
export type VideoPokerView = z.output<typeof videoPokerViewSchema>;
