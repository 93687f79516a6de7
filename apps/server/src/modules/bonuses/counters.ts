import { DAILY_BONUS_DAYS } from '@paws/contracts/bonuses';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { SubscribedEvent } from '../manifest.ts';
import { type BonusCountersRow, bonusCounters } from './schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Bits of betDays kept: the daily run's window. */
const DAY_BITS_MASK = (1 << DAILY_BONUS_DAYS) - 1;

export const isoDay = (at: Date) => at.toISOString().slice(0, 10);
const startOfDay = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
export const addDays = (day: string, days: number) => isoDay(new Date(Date.parse(day) + days * DAY_MS));

/** Periods are UTC: ISO weeks from Monday, calendar months. */
export function periodsAt(at: Date) {
  const day = startOfDay(at);
  const weekStart = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
  const monthStart = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  return {
    weekStart,
    monthStart,
    weekKey: `week:${isoDay(weekStart)}`,
    monthKey: `month:${isoDay(monthStart).slice(0, 7)}`,
    today: isoDay(day),
  };
}

/** What some events add to a player's counters; rows and deltas merge by `mergeCounters`, in any order. */
export type CounterDelta = Omit<BonusCountersRow, 'dailyRunFrom'>;

export const emptyDelta = (userId: string): CounterDelta => ({
  userId,
  weekStart: null,
  weekBets: 0,
  weekWins: 0,
  monthStart: null,
  monthBets: 0,
  lastBetDay: null,
  betDays: 0,
  confirmed: false,
  usernameChosen: false,
  deposited: false,
  placedBet: false,
});

/** A day's bit set shifted to a later reference day; days out of the window fall off. */
function shiftDays(bits: number, from: string | null, to: string | null) {
  if (from === null || to === null) return 0;
  const by = daysBetween(from, to);
  return by >= DAILY_BONUS_DAYS ? 0 : (bits << by) & DAY_BITS_MASK;
}
const later = (a: string | null, b: string | null) => (a === null ? b : b === null || a >= b ? a : b);
/** A period's sum counts only when it belongs to the later of the two periods. */
const inPeriod = (value: number, period: string | null, latest: string | null) =>
  period !== null && period === latest ? value : 0;

/**
 * Merges two partial counters of one player. Commutative and associative (each period keeps the latest
 * period's sums, bets days are a set, flags an or), so events may be applied in any order, batched or not.
 * The SQL of `upsertCounters` is the same merge.
 */
export function mergeCounters(a: CounterDelta, b: CounterDelta): CounterDelta {
  const weekStart = later(a.weekStart, b.weekStart);
  const monthStart = later(a.monthStart, b.monthStart);
  const lastBetDay = later(a.lastBetDay, b.lastBetDay);
  return {
    userId: a.userId,
    weekStart,
    weekBets: inPeriod(a.weekBets, a.weekStart, weekStart) + inPeriod(b.weekBets, b.weekStart, weekStart),
    weekWins: inPeriod(a.weekWins, a.weekStart, weekStart) + inPeriod(b.weekWins, b.weekStart, weekStart),
    monthStart,
    monthBets:
      inPeriod(a.monthBets, a.monthStart, monthStart) + inPeriod(b.monthBets, b.monthStart, monthStart),
    lastBetDay,
    betDays: shiftDays(a.betDays, a.lastBetDay, lastBetDay) | shiftDays(b.betDays, b.lastBetDay, lastBetDay),
    confirmed: a.confirmed || b.confirmed,
    usernameChosen: a.usernameChosen || b.usernameChosen,
    deposited: a.deposited || b.deposited,
    placedBet: a.placedBet || b.placedBet,
  };
}

/** Real-money stakes (signed: a refund takes its stake off) at a time: the week's and month's bets. */
function staked(userId: string, minor: number, at: Date): CounterDelta {
  const { weekStart, monthStart } = periodsAt(at);
  return {
    ...emptyDelta(userId),
    weekStart: isoDay(weekStart),
    weekBets: minor,
    monthStart: isoDay(monthStart),
    monthBets: minor,
  };
}

/** What one event adds to its player's counters, from its payload alone; undefined when nothing. */
export function deltaOf(event: SubscribedEvent<'bonuses.progress'>): CounterDelta | undefined {
  const { userId } = event.payload;
  switch (event.name) {
    case 'identity.email_confirmed':
    case 'identity.phone_confirmed':
      return { ...emptyDelta(userId), confirmed: true };
    case 'identity.username_set':
      return { ...emptyDelta(userId), usernameChosen: true };
    case 'payments.result': {
      const { type, status } = event.payload;
      return type === 'DEPOSIT' && status === 'COMPLETED'
        ? { ...emptyDelta(userId), deposited: true }
        : undefined;
    }
    case 'wallet.moved': {
      const { kind, currency, amount } = event.payload;
      const at = new Date(event.payload.at);
      // The rules count real money (USD); any bet, whatever its currency, is the welcome task's first bet.
      const real = currency === 'USD';
      if (kind === 'BET') {
        const bet = real
          ? { ...staked(userId, -amount, at), lastBetDay: isoDay(at), betDays: 1 }
          : emptyDelta(userId);
        return { ...bet, placedBet: true };
      }
      if (kind === 'WIN' && real) {
        return { ...emptyDelta(userId), weekStart: isoDay(periodsAt(at).weekStart), weekWins: amount };
      }
      if (kind === 'ROLLBACK' && real) {
        return staked(userId, -amount, new Date(event.payload.refundedBetAt ?? event.payload.at));
      }
      return undefined;
    }
  }
}

/** Folds events into one delta per player, in player order (the order the upsert locks rows in). */
export function foldEvents(events: SubscribedEvent<'bonuses.progress'>[]): CounterDelta[] {
  const byPlayer = new Map<string, CounterDelta>();
  for (const event of events) {
    const delta = deltaOf(event);
    if (!delta) continue;
    const before = byPlayer.get(delta.userId);
    byPlayer.set(delta.userId, before ? mergeCounters(before, delta) : delta);
  }
  return [...byPlayer.values()].sort((a, b) => (a.userId < b.userId ? -1 : 1));
}

const stored = (column: string) => sql.raw(`"bonus_counters"."${column}"`);
const incoming = (column: string) => sql.raw(`excluded."${column}"`);
const greatest = (column: string) => sql`greatest(${stored(column)}, ${incoming(column)})`;
const periodSum = (sum: string, period: string): SQL => {
  const latest = greatest(period);
  return sql`(case when ${stored(period)} = ${latest} then ${stored(sum)} else 0 end)
    + (case when ${incoming(period)} = ${latest} then ${incoming(sum)} else 0 end)`;
};
const shiftedDays = (side: (column: string) => SQL): SQL => {
  const by = sql`(${greatest('last_bet_day')} - ${side('last_bet_day')})`;
  return sql`(case when ${side('last_bet_day')} is null or ${by} >= ${DAILY_BONUS_DAYS} then 0
    else (${side('bet_days')} << ${by}) & ${DAY_BITS_MASK} end)`;
};
const either = (column: string) => sql`${stored(column)} or ${incoming(column)}`;

/**
 * Merges the deltas (one per player, in player order) into the stored counters in one statement, and
 * answers the rows after it, locked until the transaction ends: one player's evaluations run one at a time.
 */
export async function upsertCounters(tx: DbOrTx, deltas: CounterDelta[]): Promise<BonusCountersRow[]> {
  if (deltas.length === 0) return [];
  return tx
    .insert(bonusCounters)
    .values(deltas)
    .onConflictDoUpdate({
      target: bonusCounters.userId,
      set: {
        weekBets: periodSum('week_bets', 'week_start'),
        weekWins: periodSum('week_wins', 'week_start'),
        weekStart: greatest('week_start'),
        monthBets: periodSum('month_bets', 'month_start'),
        monthStart: greatest('month_start'),
        betDays: sql`${shiftedDays(stored)} | ${shiftedDays(incoming)}`,
        lastBetDay: greatest('last_bet_day'),
        confirmed: either('confirmed'),
        usernameChosen: either('username_chosen'),
        deposited: either('deposited'),
        placedBet: either('placed_bet'),
      },
    })
    .returning();
}
