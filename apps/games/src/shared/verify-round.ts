/**
 * Verification in the player's browser: the round is recomputed with @paws/studio-engine (the same
 * code the server plays with, no server call) and compared with what the studio recorded.
 */
import './zod-setup.ts';
import {
  baccaratResultSchema,
  blackjackViewSchema,
  kenoResultSchema,
  rouletteSettlementSchema,
  slotRoundSchema,
  videoPokerViewSchema,
} from '@paws/contracts/studio';
import {
  type StudioApiGameCode,
  type StudioRound,
  type StudioVerifyRequest,
  studioEngineGame,
} from '@paws/contracts/studio-api';
import { settle } from '@paws/studio-engine/games/roulette';
import { verify } from '@paws/studio-engine/verify';
import { z } from 'zod';

type EngineAnswer = ReturnType<typeof verify>;

/** A round recomputed here: its game's result in the engine's units (cents). */
export interface Recomputed {
  game: StudioApiGameCode;
  serverSeedHash: string;
  result: EngineAnswer['result'];
}

/** Runs the engine on a parsed verify request (cents). Throws StudioInputError on input the rules refuse. */
export function recompute(request: StudioVerifyRequest): Recomputed {
  const engineGame = studioEngineGame[request.game];
  const input = (request.input ?? {}) as never;
  const out: EngineAnswer = verify(request.serverSeed, request.clientSeed, request.nonce, engineGame, input);
  return { game: request.game, serverSeedHash: out.serverSeedHash, result: out.result };
}

export type Verdict = 'match' | 'mismatch' | 'pending';

export interface RecordedCheck {
  /** The recorded result (cards, numbers, symbols) against the recomputed one. */
  outcome: Verdict;
  /** The recorded stake and payout against what the rules pay for the recomputed result. */
  money: Verdict;
}

/** JSON with keys in order, so two equal values give the same text whatever order they were built in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Compares through the contract: the engine's value is encoded and parsed again as the API would show it. */
function judge<S extends z.ZodType>(
  schema: S,
  recomputed: z.output<S>,
  recorded: unknown,
  money: { stake: number; payout: number } | null,
  round: StudioRound,
): RecordedCheck {
  const shown = schema.parse(z.encode(schema, recomputed));
  const outcome: Verdict = canonical(shown) === canonical(recorded) ? 'match' : 'mismatch';
  if (!money || !round.finished) return { outcome, money: 'pending' };
  const sameMoney = money.stake === round.stake && money.payout === round.payout;
  return { outcome, money: sameMoney ? 'match' : 'mismatch' };
}

/** Compares a recomputed round with the round the studio recorded (as GET /rounds answered it). */
export function compareWithRecorded(recorded: StudioRound, local: Recomputed): RecordedCheck {
  if (recorded.game !== local.game) return { outcome: 'mismatch', money: 'mismatch' };
  const result = local.result as never;
  switch (recorded.game) {
    case 'european-roulette': {
      // The recorded settlement lists the player's bets; the wheel's number is recomputed here.
      if (!recorded.result) return { outcome: 'pending', money: 'pending' };
      const spun = (local.result as { number: number }).number;
      const expected = settle(
        recorded.result.bets.map((b) => b.bet),
        spun,
      );
      return judge(
        rouletteSettlementSchema,
        expected,
        recorded.result,
        { stake: expected.totalStake, payout: expected.totalPayout },
        recorded,
      );
    }
    case 'blackjack': {
      const view: z.output<typeof blackjackViewSchema> = result;
      const money =
        view.phase === 'finished' ? { stake: view.totalStake, payout: view.totalPayout ?? 0 } : null;
      return judge(blackjackViewSchema, view, recorded.result, money, recorded);
    }
    case 'baccarat': {
      const r: z.output<typeof baccaratResultSchema> = result;
      return judge(
        baccaratResultSchema,
        r,
        recorded.result,
        { stake: r.totalStake, payout: r.totalPayout },
        recorded,
      );
    }
    case 'video-poker': {
      const view: z.output<typeof videoPokerViewSchema> = result;
      const money = view.phase === 'finished' ? { stake: view.stake, payout: view.payout ?? 0 } : null;
      return judge(videoPokerViewSchema, view, recorded.result, money, recorded);
    }
    case 'wild-paws': {
      const r: z.output<typeof slotRoundSchema> = result;
      return judge(slotRoundSchema, r, recorded.result, { stake: r.stake, payout: r.totalPayout }, recorded);
    }
    case 'loto': {
      const r: z.output<typeof kenoResultSchema> = result;
      return judge(
        kenoResultSchema,
        r,
        recorded.result,
        { stake: recorded.stake, payout: r.payout },
        recorded,
      );
    }
  }
}
