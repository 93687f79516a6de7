import type { Db } from '../../db/client.ts';
import { createDepositLimits } from './deposits.ts';
import { createHarmScoring } from './harm-scoring.ts';
import { createLimits } from './limits.ts';
import { createSessionTimeLimits } from './session-time.ts';

/** Responsible gaming's public service: the player's limits, and the deposit check payments calls. */
export function createResponsibleGamingService({ db, now }: { db: Db; now: () => Date }) {
  const limits = createLimits({ db, now });
  const deposits = createDepositLimits({ db, now });
  const harm = createHarmScoring({ db, now });
  return {
    overview: limits.overview,
    changeLimit: limits.change,
    applyDueChanges: limits.applyDue,
    limitHistory: limits.history,
    /** Refuses (403 on `amount`, naming the limit and what is left) a deposit over a deposit limit. */
    claimDeposit: deposits.claim,
    /** A claimed deposit that was not captured no longer counts. */
    releaseDeposit: deposits.release,
    /** The module's clock (identity's, which tests move). */
    now,
    /** The daily scoring of the markers of harm (harm-scoring.ts), also run on demand by staff. */
    scoreHarmMarkers: harm.scoreDay,
    /** The daily play-time limit (minutes, null: none): lowered at once, raised or removed after 24 hours. */
    changePlayTimeLimit: createSessionTimeLimits({ db, now }).change,
  };
}

export type ResponsibleGamingService = ReturnType<typeof createResponsibleGamingService>;
