import type { BonusesResponse } from '@paws/contracts/bonuses';
import { useQuery } from '@tanstack/react-query';
import { formatNumber } from '@/lib/format';
import { useAuthStatus } from '@/lib/session/use-session';
import { bonusesQueryOptions } from '../api/get-bonuses';

export interface BonusStatus {
  /** The bonus status bar: this week's bets against the weekly target (else the month's, else the wins'). */
  bar: { volume: number; max: number; text: string } | null;
  /** The special-tasks ring: welcome tasks done of all. */
  ring: { done: number; total: number } | null;
}

const money = (dollars: number) => `$${formatNumber(dollars)}`;

export function bonusStatusOf(data: BonusesResponse): BonusStatus {
  const { everyWeek, everyMonth, winBet } = data.activityBonuses;
  const activity = everyWeek ?? everyMonth;
  const bar = activity
    ? { volume: activity.sumOfBets, max: activity.targetAmount }
    : winBet
      ? { volume: winBet.winningAmount, max: winBet.targetAmount }
      : null;
  const tasks = data.welcomeBonuses.onboarding;
  return {
    bar: bar && { ...bar, text: `${money(bar.volume)} / ${money(bar.max)}` },
    ring:
      tasks.length > 0 ? { done: tasks.filter((task) => task.hasBonus).length, total: tasks.length } : null,
  };
}

/**
 * The player's real bonus figures for the profile panel and the hud, from the same call as /profile/bonuses
 * (the spec's 90/50 and 1-of-3 were placeholders until real figures existed). Null while loading.
 */
export function useBonusStatus(): BonusStatus | null {
  const { isSignedIn } = useAuthStatus();
  const { data } = useQuery({ ...bonusesQueryOptions(), enabled: isSignedIn });
  return data ? bonusStatusOf(data) : null;
}
