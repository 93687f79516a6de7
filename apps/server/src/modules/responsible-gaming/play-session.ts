import { PLAY_SESSION_IDLE_MINUTES, type PlaySessionView } from '@paws/contracts/responsible-gaming';
import { fromMinor } from '@paws/contracts/wallet';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { playedTodayText, playTimeLimitText } from './play-session-statements.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = 86_400_000;

interface PlayRow {
  started_at: string | Date | null;
  last_bet_at: string | Date | null;
  stakes: string | number | null;
  wins: string | number | null;
  played_today_ms: string | number | null;
  reality_check_minutes: number | null;
  limit_minutes: number | null;
  pending_minutes: number | null;
  pending_from: string | Date | null;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * The player's current play session and play settings, as the bet statement counts them (the same texts, read
 * at the module's clock): two key lookups, whatever the player's history. `secondsPerMinute`: how long a
 * reality check's minute lasts (60; shorter on test rigs).
 */
export function createPlaySessions({
  db,
  now,
  secondsPerMinute,
}: {
  db: Db;
  now: () => Date;
  secondsPerMinute: number;
}) {
  async function current(userId: string): Promise<PlaySessionView> {
    const at = now();
    // The statements' own texts with literals: a checked uuid and an ISO time, nothing a player typed.
    if (!UUID.test(userId)) throw new Error(`Not a uuid: ${userId}`);
    const atText = `'${at.toISOString()}'::timestamptz`;
    const result = await db.execute(
      sql.raw(`select ps.started_at, ps.last_bet_at, ps.stakes, ps.wins,
          ${playedTodayText('ps', atText)} as played_today_ms,
          st.reality_check_minutes, ${playTimeLimitText('st', atText)} as limit_minutes,
          case when st.next_play_time_from > ${atText} then st.next_play_time_limit end as pending_minutes,
          case when st.next_play_time_from > ${atText} then st.next_play_time_from end as pending_from
        from (select 1) one
        left join rg_play_sessions ps on ps.user_id = '${userId}'::uuid
        left join rg_play_settings st on st.user_id = '${userId}'::uuid`),
    );
    const row = (result as unknown as { rows: PlayRow[] }).rows[0] as PlayRow;
    const live =
      row.last_bet_at !== null &&
      at.getTime() - new Date(row.last_bet_at).getTime() < PLAY_SESSION_IDLE_MINUTES * 60_000;
    const stakes = Number(row.stakes ?? 0);
    const wins = Number(row.wins ?? 0);
    const playedMs = Number(row.played_today_ms ?? 0);
    const limit = row.limit_minutes;
    const blocked = limit !== null && playedMs >= limit * 60_000;
    return {
      now: at.toISOString(),
      session:
        live && row.started_at && row.last_bet_at
          ? {
              startedAt: iso(row.started_at),
              lastBetAt: iso(row.last_bet_at),
              stakes: fromMinor(stakes, 'USD'),
              wins: fromMinor(wins, 'USD'),
              net: fromMinor(wins - stakes, 'USD'),
            }
          : null,
      realityCheck: {
        intervalMinutes: row.reality_check_minutes,
        everySeconds:
          row.reality_check_minutes === null ? null : row.reality_check_minutes * secondsPerMinute,
      },
      playTime: {
        limitMinutes: limit,
        pending: row.pending_from
          ? { minutes: row.pending_minutes, effectiveAt: iso(row.pending_from) }
          : null,
        playedTodaySeconds: Math.floor(playedMs / 1000),
        blockedUntil: blocked ? new Date(Math.floor(at.getTime() / DAY) * DAY + DAY).toISOString() : null,
      },
    };
  }

  return { current };
}

export type PlaySessions = ReturnType<typeof createPlaySessions>;
