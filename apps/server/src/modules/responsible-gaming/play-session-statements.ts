import { PLAY_SESSION_IDLE_MINUTES } from '@paws/contracts/responsible-gaming';

/*
 * This module's parts of the wallet's bet and win statements for play sessions and the daily play-time limit,
 * as text (like play-statements.ts): one row per player, so each bet costs one key upsert, whatever the
 * player's history. Every argument is an SQL expression of the wallet's statement.
 */

const dayOf = (at: string) => `date_trunc('day', ${at}, 'UTC')`;

/** Whether a bet at `at` continues the session of row `s` (its last bet less than 30 minutes before). */
const continuesText = (s: string, at: string) =>
  `(${s}.last_bet_at > ${at} - interval '${PLAY_SESSION_IDLE_MINUTES} minutes')`;

/**
 * The UTC day's play time (milliseconds) of the player of session row `s`, counted up to `at`: the day's
 * total so far, and the time since the last bet when the session goes on (from midnight at most).
 */
export function playedTodayText(s: string, at: string): string {
  const sinceLastBet = `greatest(interval '0', least(${at} - ${s}.last_bet_at, ${at} - ${dayOf(at)}))`;
  return `((case when ${s}.day = ${dayOf(at)} then ${s}.day_played_ms else 0 end)
    + (case when ${continuesText(s, at)} then (extract(epoch from ${sinceLastBet}) * 1000)::bigint else 0 end))`;
}

/** The daily play-time limit of settings row `st` in force at `at` (minutes): a pending change once due. */
export const playTimeLimitText = (st: string, at: string) =>
  `(case when ${st}.next_play_time_from is not null and ${st}.next_play_time_from <= ${at}
    then ${st}.next_play_time_limit else ${st}.play_time_limit end)`;

/** The day's limit (minutes) when the player has played it out by `at`, else no row. */
function playedOutText(userId: string, at: string): string {
  return `select ${playTimeLimitText('st', at)} as minutes
    from rg_play_settings st join rg_play_sessions ps on ps.user_id = st.user_id
    where st.user_id = ${userId} and ${playTimeLimitText('st', at)} is not null
      and ${playedTodayText('ps', at)} >= ${playTimeLimitText('st', at)}::bigint * 60000`;
}

/** A limited player's bet goes through only while the day's play time is under their limit. */
export function withinPlayTimeText(userId: string, at: string): string {
  return `not exists (${playedOutText(userId, at)})`;
}

/** For a refused bet's diagnosis: the play-time limit (minutes) the player has reached, or null. */
export function playedOutLimitText(userId: string, at: string): string {
  return `(${playedOutText(userId, at)} limit 1)`;
}

/**
 * A common table expression counting a moved real-money bet in the player's session: a bet 30 minutes or more
 * after the last one starts a new session; the time since the last bet adds to the day's play time. `moved`
 * is the wallet's moved rows as a from item, which the other expressions read.
 */
export function countSessionBetText(
  name: string,
  moved: string,
  { userId, currency, at, stake }: { userId: string; currency: string; at: string; stake: string },
): string {
  // The conflict's update reads the bet's time as the row it would have inserted (`excluded`), not `moved`.
  const betAt = 'excluded.last_bet_at';
  const goesOn = continuesText('rg_play_sessions', betAt);
  return `${name} as (
    insert into rg_play_sessions (user_id, started_at, last_bet_at, stakes, wins, day, day_played_ms)
    select ${userId}, ${at}, ${at}, ${stake}, 0, ${dayOf(at)}, 0 from ${moved} where ${currency} = 'USD'
    on conflict (user_id) do update set
      started_at = case when ${goesOn} then rg_play_sessions.started_at else excluded.started_at end,
      stakes = case when ${goesOn} then rg_play_sessions.stakes else 0 end + excluded.stakes,
      wins = case when ${goesOn} then rg_play_sessions.wins else 0 end,
      day_played_ms = ${playedTodayText('rg_play_sessions', betAt)},
      day = excluded.day,
      last_bet_at = greatest(rg_play_sessions.last_bet_at, excluded.last_bet_at))`;
}

/** A common table expression adding a moved real-money win to the player's current session (`moved` as above). */
export function countSessionWinText(
  name: string,
  moved: string,
  { userId, currency, win }: { userId: string; currency: string; win: string },
): string {
  return `${name} as (
    update rg_play_sessions set wins = wins + ${win} from ${moved}
    where user_id = ${userId} and ${currency} = 'USD')`;
}
