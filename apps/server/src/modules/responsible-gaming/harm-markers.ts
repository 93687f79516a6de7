import {
  type HarmMarker,
  type HarmReason,
  harmMarkers,
  harmMarkerWeights,
} from '@paws/contracts/staff-responsible-gaming';
import { formatMoney } from '@paws/contracts/wallet';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** The thresholds of each marker (docs/decisions.md says where each comes from). Amounts in minor units. */
export const harmThresholds = {
  rapidDeposits: { count: 3, withinMinutes: 60, lookbackDays: 7 },
  /** Three 7-day windows ending now, each with more deposited than the one before. */
  risingDeposits: { weeks: 3 },
  withdrawalReversed: { stakedShare: 0.5, withinHours: 24, lookbackDays: 7 },
  /** Hours of the day (UTC) that count as night, and on how many nights of the week. */
  nightPlay: { fromHour: 0, toHour: 6, nights: 3, lookbackDays: 7 },
  lossChasing: { bigLoss: 100_00, stakeRise: 1.5, afterHours: 24, baselineDays: 7, lookbackDays: 7 },
  limitRaised: { lookbackDays: 30 },
} as const;

/** How far back the facts must reach for the scoring to see every marker. */
export const FACTS_DAYS = {
  deposits: 7 * harmThresholds.risingDeposits.weeks,
  hours: harmThresholds.lossChasing.lookbackDays + harmThresholds.lossChasing.baselineDays + 1,
  limitChanges: harmThresholds.limitRaised.lookbackDays,
};

export interface PlayerFacts {
  deposits: { at: Date; amount: number }[];
  hours: { hour: Date; bets: number; stakes: number; wins: number; released: number }[];
  limitChanges: { from: number | null; to: number | null; requestedAt: Date; requestedBy: string }[];
}

const usd = (minor: number) => formatMoney(minor, 'USD');
const day = (at: Date) => at.toISOString().slice(0, 10);

function rapidDeposits({ deposits }: PlayerFacts, at: Date): string | null {
  const { count, withinMinutes, lookbackDays } = harmThresholds.rapidDeposits;
  const recent = deposits
    .filter((d) => d.at.getTime() > at.getTime() - lookbackDays * DAY)
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  for (let i = 0; i + count - 1 < recent.length; i++) {
    const first = recent[i]!;
    const last = recent[i + count - 1]!;
    if (last.at.getTime() - first.at.getTime() <= withinMinutes * 60_000)
      return `${count} deposits within ${withinMinutes} minutes on ${day(first.at)}`;
  }
  return null;
}

function risingDeposits({ deposits }: PlayerFacts, at: Date): string | null {
  const weeks = Array.from({ length: harmThresholds.risingDeposits.weeks }, (_, i) => {
    const end = at.getTime() - i * 7 * DAY;
    return deposits
      .filter((d) => d.at.getTime() <= end && d.at.getTime() > end - 7 * DAY)
      .reduce((sum, d) => sum + d.amount, 0);
  }).reverse();
  const rising = weeks[0]! > 0 && weeks.every((total, i) => i === 0 || total > weeks[i - 1]!);
  return rising ? `Deposits rose week on week: ${weeks.map(usd).join(', ')}` : null;
}

/** The stakes placed in the hours from `from` (inclusive) for `hours` hours. */
const stakesFrom = (facts: PlayerFacts, from: number, hours: number) =>
  facts.hours
    .filter((h) => h.hour.getTime() >= from && h.hour.getTime() <= from + hours * HOUR)
    .reduce((sum, h) => ({ stakes: sum.stakes + h.stakes, bets: sum.bets + h.bets }), { stakes: 0, bets: 0 });

function withdrawalReversed(facts: PlayerFacts, at: Date): string | null {
  const { stakedShare, withinHours, lookbackDays } = harmThresholds.withdrawalReversed;
  for (const h of facts.hours) {
    if (h.released <= 0 || h.hour.getTime() <= at.getTime() - lookbackDays * DAY) continue;
    const staked = stakesFrom(facts, h.hour.getTime(), withinHours).stakes;
    if (staked >= h.released * stakedShare)
      return `${usd(h.released)} of a withdrawal returned to the balance, ${usd(staked)} staked within ${withinHours} hours`;
  }
  return null;
}

function nightPlay(facts: PlayerFacts, at: Date): string | null {
  const { fromHour, toHour, nights, lookbackDays } = harmThresholds.nightPlay;
  const played = new Set(
    facts.hours
      .filter((h) => h.bets > 0 && h.hour.getTime() > at.getTime() - lookbackDays * DAY)
      .filter((h) => h.hour.getUTCHours() >= fromHour && h.hour.getUTCHours() < toHour)
      .map((h) => day(h.hour)),
  );
  return played.size >= nights
    ? `Played between midnight and 6 a.m. (UTC) on ${played.size} nights of the last ${lookbackDays} days`
    : null;
}

function lossChasing(facts: PlayerFacts, at: Date): string | null {
  const { bigLoss, stakeRise, afterHours, baselineDays, lookbackDays } = harmThresholds.lossChasing;
  for (const h of facts.hours) {
    const lost = h.stakes - h.wins;
    if (lost < bigLoss || h.hour.getTime() <= at.getTime() - lookbackDays * DAY) continue;
    const start = h.hour.getTime();
    // The usual stake: the week before the loss (the losing hour's own when there was no play before it).
    const week = facts.hours
      .filter((b) => b.hour.getTime() < start && b.hour.getTime() >= start - baselineDays * DAY)
      .reduce((sum, b) => ({ stakes: sum.stakes + b.stakes, bets: sum.bets + b.bets }), {
        stakes: 0,
        bets: 0,
      });
    const before = week.bets > 0 ? week : { stakes: h.stakes, bets: h.bets };
    const after = stakesFrom(facts, start + HOUR, afterHours - 1);
    if (before.bets === 0 || after.bets === 0) continue;
    const was = before.stakes / before.bets;
    const now = after.stakes / after.bets;
    if (now >= was * stakeRise)
      return `Lost ${usd(lost)} in an hour, then staked ${usd(Math.round(now))} a bet on average (was ${usd(Math.round(was))})`;
  }
  return null;
}

function limitRaised({ limitChanges }: PlayerFacts, at: Date): string | null {
  const since = at.getTime() - harmThresholds.limitRaised.lookbackDays * DAY;
  const raises = limitChanges.filter(
    (c) =>
      c.requestedBy === 'player' &&
      c.requestedAt.getTime() > since &&
      c.from !== null &&
      (c.to === null || c.to > c.from),
  );
  return raises.length > 0
    ? `${raises.length} limit ${raises.length === 1 ? 'raise or removal' : 'raises or removals'} asked in the last ${harmThresholds.limitRaised.lookbackDays} days`
    : null;
}

const markers: Record<HarmMarker, (facts: PlayerFacts, at: Date) => string | null> = {
  RAPID_DEPOSITS: rapidDeposits,
  WITHDRAWAL_REVERSED: withdrawalReversed,
  LOSS_CHASING: lossChasing,
  DEPOSITS_RISING: risingDeposits,
  NIGHT_PLAY: nightPlay,
  LIMIT_RAISED: limitRaised,
};

/** A player's score at `at`: the weights of the markers present, and why each is. */
export function scorePlayer(facts: PlayerFacts, at: Date): { score: number; reasons: HarmReason[] } {
  const reasons: HarmReason[] = [];
  for (const marker of harmMarkers) {
    const detail = markers[marker](facts, at);
    if (detail) reasons.push({ marker, detail });
  }
  return { score: reasons.reduce((sum, r) => sum + harmMarkerWeights[r.marker], 0), reasons };
}
