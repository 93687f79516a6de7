import { type SQL, sql } from 'drizzle-orm';

/*
 * This module's parts of the wallet's bet and win statements, as text (like identity's liveBanExistsText):
 * the wallet folds them into its one posting statement, so limits cost no round trip of their own. Every
 * argument is an SQL expression of that statement. Only real money (USD) counts.
 */

/** Whether the player has limits to be checked and counted: such a bet takes the limited path. */
export function limitedPlayerText(userId: string, currency: string): string {
  return `(${currency} = 'USD' and exists (select 1 from rg_accounts where rg_accounts.user_id = ${userId}))`;
}

/**
 * Taken before a limited player's bet statement, in its transaction: their bets wait for each other here, so
 * the bet statement that follows (a fresh snapshot) sees every earlier one's stake.
 */
export function lockLimitedPlayer(userId: string): SQL {
  return sql`select 1 from rg_accounts where user_id = ${userId} for update`;
}

const hourOf = (at: string) => `date_trunc('hour', ${at}, 'UTC')`;

/** The limit in force at `at`: a pending raise or removal applies once its time has come. */
export const effectiveAmountText = (limit: string, at: string) =>
  `(case when ${limit}.next_from is not null and ${limit}.next_from <= ${at} then ${limit}.next_amount else ${limit}.amount end)`;

/**
 * The window sums of a limited player's play, as a common table expression `rg_w`. A window counts whole hours
 * from the hour 24 (168, 720) hours before the current one, so it is never shorter than the limit's period.
 */
export function playWindowsText(userId: string, at: string): string {
  const since = (hours: number) => `${hourOf(at)} - interval '${hours} hours'`;
  const sums = (name: string, hours: number) =>
    `coalesce(sum(h.stakes) filter (where h.hour >= ${since(hours)}), 0) as s_${name},
     coalesce(sum(h.wins) filter (where h.hour >= ${since(hours)}), 0) as w_${name}`;
  return `rg_w as (
    select ${sums('day', 24)}, ${sums('week', 168)}, ${sums('month', 720)}
    from rg_play_hours h where h.user_id = ${userId} and h.hour >= ${since(720)})`;
}

/** The loss and wager limits a stake of `stake` would go over (rows of rg_limits `l` joined with rg_w). */
function overLimitsText(userId: string, stake: string, at: string): string {
  const window = (prefix: string) =>
    `(case l.period when 'DAY' then rg_w.${prefix}_day when 'WEEK' then rg_w.${prefix}_week else rg_w.${prefix}_month end)`;
  const used = `(case l.kind when 'WAGER' then ${window('s')} else ${window('s')} - ${window('w')} end)`;
  const limit = effectiveAmountText('l', at);
  return `from rg_limits l cross join rg_w
    where l.user_id = ${userId} and l.kind in ('LOSS', 'WAGER') and ${limit} is not null
      and ${used} + ${stake} > ${limit}`;
}

/** A limited player's bet goes through only when no loss or wager limit would be passed. */
export function withinLimitsText(userId: string, stake: string, at: string): string {
  return `not exists (select 1 ${overLimitsText(userId, stake, at)})`;
}

/** The limit a refused bet went over, for its refusal: { kind, period } or null. */
export function passedLimitText(userId: string, stake: string, at: string): string {
  return `(select json_build_object('kind', l.kind, 'period', l.period) ${overLimitsText(userId, stake, at)}
    order by l.kind, l.period limit 1)`;
}

/**
 * A common table expression counting a moved bet or win in its hour, for a limited player only. `moved` is
 * the wallet's moved rows as a from item, which the other expressions read; `stake` and `win` are their
 * amounts (one of them 0).
 */
export function countPlayText(
  name: string,
  moved: string,
  {
    userId,
    currency,
    at,
    stake,
    win,
  }: { userId: string; currency: string; at: string; stake: string; win: string },
): string {
  return `${name} as (
    insert into rg_play_hours (user_id, hour, stakes, wins)
    select ${userId}, ${hourOf(at)}, ${stake}, ${win} from ${moved} where ${limitedPlayerText(userId, currency)}
    on conflict (user_id, hour) do update
      set stakes = rg_play_hours.stakes + excluded.stakes, wins = rg_play_hours.wins + excluded.wins)`;
}
