import { z } from 'zod';
import {
  baccaratBetSchema,
  baccaratResultSchema,
  blackjackActions,
  blackjackBetSchema,
  blackjackViewSchema,
  clientSeedSchema,
  fairnessSchema,
  kenoBetSchema,
  kenoResultSchema,
  moneySchema,
  nonceSchema,
  paytableSchema,
  rouletteBetsSchema,
  rouletteColors,
  rouletteNumberSchema,
  rouletteSettlementSchema,
  serverSeedHashSchema,
  serverSeedSchema,
  slotBetSchema,
  slotRoundSchema,
  videoPokerBetSchema,
  videoPokerViewSchema,
} from './studio.ts';
import { studioApiGameCodes } from './studio-games.ts';

/**
 * The studio's HTTP and socket API (prefix /api/studio), shared by the game pages (apps/games) and
 * the server (modules/studio). Stakes and payouts use the money codecs of ./studio.ts (decimal
 * dollars on the wire, integer cents once parsed); balances are the wallet's decimal amounts as is.
 * Every call but `POST /session`, `POST /verify` and `GET /games/:game/info` sends
 * `Authorization: Bearer <sessionToken>`. Errors: `{ statusCode, message, field? }`.
 */

export {
  ROULETTE_NAMESPACE,
  STUDIO_API_PREFIX,
  STUDIO_PROVIDER_CODE,
  studioApiMessages,
} from './studio-constants.ts';

/** Game codes of the catalogue, the launch url (`/studio/<game>.html`) and this API: see ./studio-games.ts. */
export {
  isStudioApiGameCode,
  type StudioApiGameCode,
  studioApiGameCodes,
  studioEngineGame,
} from './studio-games.ts';
export const studioApiGameCodeSchema = z.enum(studioApiGameCodes);

/** Wallet balance in the session's currency, decimal (e.g. 12.5 dollars). */
const balanceSchema = z.number();

/* Session */

export const studioSessionRequestSchema = z.object({
  launch: z.string().min(1).max(200),
  /** The launch address's `host` parameter (./game-frame.ts): the origin of the page hosting the frame. */
  host: z.string().max(200).optional(),
});
export const studioSessionResponseSchema = z.object({
  sessionToken: z.string(),
  game: studioApiGameCodeSchema,
  currency: z.string(),
  balance: balanceSchema,
  player: z.object({ username: z.string() }),
  fairness: fairnessSchema,
  /** The host origin the page may post to: `host` once checked against the operator's faces; null without one. */
  hostOrigin: z.string().nullable(),
});
export type StudioSessionResponse = z.output<typeof studioSessionResponseSchema>;

export const studioBalanceResponseSchema = z.object({
  currency: z.string(),
  balance: balanceSchema,
  /** Wild Paws only: the player's free spins, so the game offers one only to a player who has one. */
  freeSpins: z.number().int().nonnegative().optional(),
});
export type StudioBalanceResponse = z.output<typeof studioBalanceResponseSchema>;

/* Rules and paytables */

export const studioGameParamsSchema = z.object({ gameCode: studioApiGameCodeSchema });
export const studioGameInfoResponseSchema = z.object({
  game: studioApiGameCodeSchema,
  name: z.string(),
  /** Return to player in percent, e.g. 97.3. */
  rtp: z.number(),
  rtpNote: z.string(),
  rules: z.array(z.string()),
  paytable: z.array(paytableSchema),
});
export type StudioGameInfoResponse = z.output<typeof studioGameInfoResponseSchema>;

/* Fairness */

export const studioFairnessResponseSchema = fairnessSchema;
export const studioRotateRequestSchema = z.object({ clientSeed: clientSeedSchema.optional() });
export const studioRotateResponseSchema = z.object({
  revealed: z.object({
    serverSeed: serverSeedSchema,
    serverSeedHash: serverSeedHashSchema,
    clientSeed: clientSeedSchema,
    /** Nonce of the last round played with this pair; null when none was played. */
    lastNonce: nonceSchema.nullable(),
  }),
  next: fairnessSchema,
});
export type StudioRotateResponse = z.output<typeof studioRotateResponseSchema>;

const seeds = { serverSeed: serverSeedSchema, clientSeed: clientSeedSchema, nonce: nonceSchema };
/** `input` is what the player did: the bet (and blackjack actions, video poker holds). */
export const studioVerifyRequestSchema = z.discriminatedUnion('game', [
  z.object({ game: z.literal('european-roulette'), ...seeds, input: z.object({}).optional() }),
  z.object({
    game: z.literal('blackjack'),
    ...seeds,
    input: z.object({ bet: blackjackBetSchema, actions: z.array(z.enum(blackjackActions)).max(60) }),
  }),
  z.object({ game: z.literal('baccarat'), ...seeds, input: z.object({ bet: baccaratBetSchema }) }),
  z.object({
    game: z.literal('video-poker'),
    ...seeds,
    input: z.object({ bet: videoPokerBetSchema, held: z.array(z.boolean()).length(5).nullable() }),
  }),
  z.object({ game: z.literal('wild-paws'), ...seeds, input: z.object({ bet: slotBetSchema }) }),
  z.object({ game: z.literal('loto'), ...seeds, input: z.object({ bet: kenoBetSchema }) }),
]);
export type StudioVerifyRequest = z.output<typeof studioVerifyRequestSchema>;
export type StudioVerifyRequestInput = z.input<typeof studioVerifyRequestSchema>;

export const rouletteSpinResultSchema = z.object({
  roundNumber: nonceSchema,
  number: rouletteNumberSchema,
  color: z.enum(rouletteColors),
});

export const studioVerifyResponseSchema = z.object({
  serverSeedHash: serverSeedHashSchema,
  /** The game's result schema (as in `studioRoundSchema` for that game; roulette: the spin). */
  result: z.union([
    rouletteSpinResultSchema,
    blackjackViewSchema,
    baccaratResultSchema,
    videoPokerViewSchema,
    slotRoundSchema,
    kenoResultSchema,
  ]),
});
export type StudioVerifyResponse = z.output<typeof studioVerifyResponseSchema>;

/* Rounds */

const roundBase = {
  id: z.uuid(),
  nonce: nonceSchema,
  serverSeedHash: serverSeedHashSchema,
  /** Shown once the seed pair was rotated; null while it is still in use. */
  serverSeed: serverSeedSchema.nullable(),
  clientSeed: clientSeedSchema,
  /** Everything staked in the round (blackjack doubles, splits and insurance included). */
  stake: moneySchema,
  payout: moneySchema,
  createdAt: z.iso.datetime(),
  finished: z.boolean(),
};

/** A round. Blackjack and video poker: the public view (no hidden cards) until finished. */
export const studioRoundSchema = z.discriminatedUnion('game', [
  z.object({
    game: z.literal('european-roulette'),
    ...roundBase,
    /** Null until the wheel has spun and the round is settled. */
    result: rouletteSettlementSchema.nullable(),
  }),
  z.object({
    game: z.literal('blackjack'),
    ...roundBase,
    result: blackjackViewSchema,
    /** The player's decisions in order: with the bet, all a verifier needs to replay the round. */
    actions: z.array(z.enum(blackjackActions)),
  }),
  z.object({ game: z.literal('baccarat'), ...roundBase, result: baccaratResultSchema }),
  z.object({ game: z.literal('video-poker'), ...roundBase, result: videoPokerViewSchema }),
  z.object({ game: z.literal('wild-paws'), ...roundBase, result: slotRoundSchema }),
  z.object({ game: z.literal('loto'), ...roundBase, result: kenoResultSchema }),
]);
export type StudioRound = z.output<typeof studioRoundSchema>;

export const studioRoundResponseSchema = z.object({ round: studioRoundSchema, balance: balanceSchema });
export type StudioRoundResponse = z.output<typeof studioRoundResponseSchema>;

export const studioRoundsQuerySchema = z.object({
  game: studioApiGameCodeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const studioRoundsResponseSchema = z.object({ rounds: z.array(studioRoundSchema) });

export const studioBaccaratRequestSchema = baccaratBetSchema;
export const studioSlotRequestSchema = slotBetSchema;
export const studioKenoRequestSchema = kenoBetSchema;
export const studioBlackjackDealRequestSchema = blackjackBetSchema;
export const studioBlackjackActionRequestSchema = z.object({
  roundId: z.uuid(),
  action: z.enum(blackjackActions),
});
export const studioVideoPokerDealRequestSchema = videoPokerBetSchema;
export const studioVideoPokerDrawRequestSchema = z.object({
  roundId: z.uuid(),
  held: z.array(z.boolean()).length(5),
});

/* Live roulette */

export const roulettePhases = ['BETTING', 'SPINNING', 'RESULT'] as const;
export type RoulettePhase = (typeof roulettePhases)[number];

export const rouletteTableSchema = z.object({
  roundNumber: nonceSchema,
  phase: z.enum(roulettePhases),
  phaseEndsAt: z.iso.datetime(),
  /** SHA-256 of the table seed that draws this round. */
  serverSeedHash: serverSeedHashSchema,
  /** Newest first, up to 20. */
  lastResults: z.array(rouletteSpinResultSchema),
});
export type RouletteTable = z.output<typeof rouletteTableSchema>;

export const rouletteResultEventSchema = rouletteSpinResultSchema.extend({
  /** The table seed, when this round was the last one it drew (the table then commits to a new one). */
  serverSeed: serverSeedSchema.optional(),
});
export type RouletteResultEvent = z.output<typeof rouletteResultEventSchema>;

export const rouletteSettledEventSchema = z.object({
  roundNumber: nonceSchema,
  totalStake: moneySchema,
  totalPayout: moneySchema,
  bets: rouletteSettlementSchema.shape.bets,
  balance: balanceSchema,
});
export type RouletteSettledEvent = z.output<typeof rouletteSettledEventSchema>;

/** Socket events, server → client, as they arrive (dollars). */
export interface RouletteServerEvents {
  table: (payload: z.input<typeof rouletteTableSchema>) => void;
  result: (payload: z.input<typeof rouletteResultEventSchema>) => void;
  settled: (payload: z.input<typeof rouletteSettledEventSchema>) => void;
}

export const rouletteBetsRequestSchema = rouletteBetsSchema.extend({ roundNumber: nonceSchema });
export type RouletteBetsRequest = z.input<typeof rouletteBetsRequestSchema>;
export const rouletteBetsResponseSchema = z.object({ accepted: z.literal(true), balance: balanceSchema });
