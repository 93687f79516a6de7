import type { GameInfo, StudioGameCode } from '@paws/contracts/studio';
import { isStudioApiGameCode, studioEngineGame } from '@paws/contracts/studio-games';
import { baccaratInfo } from '@paws/studio-engine/games/baccarat';
import { blackjackInfo } from '@paws/studio-engine/games/blackjack';
import { kenoInfo } from '@paws/studio-engine/games/keno';
import { rouletteInfo } from '@paws/studio-engine/games/roulette';
import { slotInfo } from '@paws/studio-engine/games/slot';
import { videoPokerInfo } from '@paws/studio-engine/games/video-poker';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

const infos: Record<StudioGameCode, GameInfo> = {
  roulette: rouletteInfo,
  blackjack: blackjackInfo,
  baccarat: baccaratInfo,
  'video-poker': videoPokerInfo,
  slot: slotInfo,
  keno: kenoInfo,
};

/** The RTP a studio game documents (percent, as its info page shows it); undefined for a code not ours. */
export function documentedRtp(gameCode: string): { rtp: number; note: string } | undefined {
  if (!isStudioApiGameCode(gameCode)) return undefined;
  const info = infos[studioEngineGame[gameCode]];
  return { rtp: info.rtp, note: info.rtpNote };
}

/** What the settled rounds of one game returned (USD rounds; a free spin counts its notional stake). */
export interface ObservedRtp {
  gameCode: string;
  rounds: number;
  /** Cents. */
  stakes: number;
  wins: number;
  /** Mean and sample standard deviation of each round's win ÷ stake; sd null with one round. */
  meanReturn: number;
  sdReturn: number | null;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Observed returns per game over finished rounds with a stake, started in [from, to) when given; computed
 * in SQL from the rounds, so the report costs one pass however many rounds there are.
 */
export async function observedRtp(db: Db, range: { from?: Date; to?: Date } = {}): Promise<ObservedRtp[]> {
  const result = await db.execute(sql`
    select game as "gameCode", count(*)::int as rounds, sum(stake)::bigint as stakes, sum(payout)::bigint as wins,
      avg(payout::float8 / stake) as "meanReturn", stddev_samp(payout::float8 / stake) as "sdReturn"
    from studio_rounds
    where finished and stake > 0 and currency = 'USD'
      ${range.from ? sql`and created_at >= ${range.from}` : sql``}
      ${range.to ? sql`and created_at < ${range.to}` : sql``}
    group by game`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    gameCode: String(r.gameCode),
    rounds: Number(r.rounds),
    stakes: Number(r.stakes ?? 0),
    wins: Number(r.wins ?? 0),
    meanReturn: Number(r.meanReturn ?? 0),
    sdReturn: r.sdReturn === null || r.sdReturn === undefined ? null : Number(r.sdReturn),
  }));
}
