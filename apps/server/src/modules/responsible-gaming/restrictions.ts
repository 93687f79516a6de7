import {
  type ExclusionPeriod,
  exclusionMonths,
  type TimeOutPeriod,
  timeOutDays,
} from '@paws/contracts/responsible-gaming';
import type { IdentityService } from '../identity/index.ts';

const DAY = 86_400_000;

/** Calendar months later, on the same day of the month (the last one when it has fewer days). */
function monthsLater(at: Date, months: number) {
  const next = new Date(at);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}

/**
 * Time-outs and self-exclusions as the player asks for them; identity keeps them as bans of their kind (so
 * the bet statement, sign-in, deposits and the broadcasts' audience all stop the player).
 */
export function createRestrictions({
  identity,
  now,
}: {
  identity: Pick<IdentityService, 'restrictSelf'>;
  now: () => Date;
}) {
  return {
    timeOut: (userId: string, period: TimeOutPeriod) =>
      identity.restrictSelf(userId, {
        kind: 'TIME_OUT',
        endsAt: new Date(now().getTime() + timeOutDays[period] * DAY),
        returnAllowedAt: null,
      }),
    selfExclude: (userId: string, period: ExclusionPeriod) =>
      identity.restrictSelf(userId, {
        kind: 'SELF_EXCLUSION',
        endsAt: null,
        returnAllowedAt: monthsLater(now(), exclusionMonths[period]),
      }),
  };
}
