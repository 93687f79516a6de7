import { z } from 'zod';
import { studioGameCodes } from './studio-games.ts';

/**
 * The studio's games: bet inputs, actions, round results and the provably fair seeds, shared by the
 * game pages (apps/games) and the server (modules/studio).
 *
 * Money: on the wire amounts are decimal dollars with at most 2 places (like every API of ours); the
 * game engine works in integer cents. Every money field is a zod codec, so the one conversion happens
 * at the edge: parsing (`schema.parse`, `z.decode`, the server's request validator) yields cents,
 * `z.encode` (the server's response serializer) turns the engine's cents back into dollars. A page
 * builds requests with the input types (`z.input<…>`, dollars) and reads responses as the same.
 */

export { type StudioGameCode, studioGameCodes } from './studio-games.ts';
export const studioGameCodeSchema = z.enum(studioGameCodes);

export const studioMessages = {
  amountPlaces: 'Amount must have at most 2 decimal places',
  stakeMin: 'Stake must be at least 0.01',
  stakeMax: 'Stake is too large',
  serverSeed: 'Server seed must be 64 lowercase hex characters',
  clientSeedRequired: 'Client seed is required',
  clientSeedMax: 'Client seed must be at most 64 characters',
  clientSeedPattern: 'Client seed may only contain printable characters (letters, digits, symbols, spaces)',
  clientSeedSpaces: 'Client seed must not start or end with a space',
  rouletteLayout: 'These numbers do not form that bet on the table',
  rouletteNoBets: 'Place at least one bet',
  baccaratNoBets: 'Place at least one bet',
  kenoDistinct: 'Pick each number once',
  slotStakeStep: 'Stake must be a multiple of 0.20 (20 lines)',
} as const;

/** Largest single stake in cents ($10,000): keeps every payout (keno tops at 10,000×) a safe integer. */
export const STUDIO_MAX_STAKE_CENTS = 1_000_000;

const hasAtMostTwoPlaces = (v: number) => Number.isFinite(v) && Number(v.toFixed(2)) === v;
const toCents = (dollars: number) => Math.round(dollars * 100);
const toDollars = (cents: number) => cents / 100;

/** A stake: dollars on the wire, positive integer cents once parsed. */
export const stakeSchema = z.codec(
  z
    .number()
    .min(0.01, studioMessages.stakeMin)
    .max(STUDIO_MAX_STAKE_CENTS / 100, studioMessages.stakeMax)
    .refine(hasAtMostTwoPlaces, studioMessages.amountPlaces),
  z.number().int().min(1).max(STUDIO_MAX_STAKE_CENTS),
  { decode: toCents, encode: toDollars },
);

/** A payout or total: dollars on the wire, non-negative integer cents in the engine. */
export const moneySchema = z.codec(
  z.number().min(0).refine(hasAtMostTwoPlaces, studioMessages.amountPlaces),
  z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  { decode: toCents, encode: toDollars },
);

/** A card as two characters: rank (2–9, T, J, Q, K, A) then suit (c, d, h, s), e.g. `Ah`, `Td`. */
export const cardSchema = z.string().regex(/^[2-9TJQKA][cdhs]$/);

/* Provably fair seeds */

export const serverSeedSchema = z.string().regex(/^[0-9a-f]{64}$/, studioMessages.serverSeed);
export const serverSeedHashSchema = z.string().regex(/^[0-9a-f]{64}$/);
export const CLIENT_SEED_MAX_LENGTH = 64;
/**
 * Printable ASCII only, so the HMAC message is the same bytes in every verifier (no Unicode
 * normalisation questions); no outer spaces, which get lost when a seed is copied.
 */
export const clientSeedSchema = z
  .string({ error: studioMessages.clientSeedRequired })
  .min(1, { error: studioMessages.clientSeedRequired, abort: true })
  .max(CLIENT_SEED_MAX_LENGTH, { error: studioMessages.clientSeedMax, abort: true })
  .regex(/^[\x20-\x7e]+$/, { error: studioMessages.clientSeedPattern, abort: true })
  .refine((s) => s.trim() === s, studioMessages.clientSeedSpaces);
export const nonceSchema = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** What a player sees before playing: the hash of the secret server seed, their client seed, the next nonce. */
export const fairnessSchema = z.object({
  serverSeedHash: serverSeedHashSchema,
  clientSeed: clientSeedSchema,
  nonce: nonceSchema,
});
export type Fairness = z.infer<typeof fairnessSchema>;

export const changeClientSeedRequestSchema = z.object({ clientSeed: clientSeedSchema });

/** Answer to a rotation: the retired seed pair in full (nonce = rounds played with it) and the new public pair. */
export const seedRotationSchema = z.object({
  revealed: z.object({
    serverSeed: serverSeedSchema,
    serverSeedHash: serverSeedHashSchema,
    clientSeed: clientSeedSchema,
    nonce: nonceSchema,
  }),
  current: fairnessSchema,
});
export type SeedRotation = z.infer<typeof seedRotationSchema>;

/* Rules and paytable screens */

export const paytableSchema = z.object({
  title: z.string(),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});
export type Paytable = z.infer<typeof paytableSchema>;

export const gameInfoSchema = z.object({
  code: studioGameCodeSchema,
  name: z.string(),
  /** Return to player in percent, e.g. 97.3. */
  rtp: z.number(),
  rtpNote: z.string(),
  rules: z.array(z.string()),
  paytables: z.array(paytableSchema),
});
export type GameInfo = z.infer<typeof gameInfoSchema>;

/* European roulette (live table) */

export const rouletteNumberSchema = z.number().int().min(0).max(36);
export const rouletteColors = ['red', 'black', 'green'] as const;
export type RouletteColor = (typeof rouletteColors)[number];
export const ROULETTE_RED_NUMBERS: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
];

export function rouletteColor(n: number): RouletteColor {
  if (n === 0) return 'green';
  return ROULETTE_RED_NUMBERS.includes(n) ? 'red' : 'black';
}

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

/* Slot */

export const slotSymbols = [
  'wild',
  'scatter',
  'lion',
  'eagle',
  'wolf',
  'fox',
  'ace',
  'king',
  'queen',
  'jack',
] as const;
export type SlotSymbol = (typeof slotSymbols)[number];
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

/* Keno (loto) */

export const KENO_MAX_PICKS = 10;
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
