import { z } from 'zod';

/**
 * A ban as the player's client sees it: every call of a banned account answers
 * 403 `{ statusCode, message: 'Your account is banned', ban }`, and the client shows the banned modal
 * (spec 001 §2) with it. `endsAt` null: permanent.
 */
export const banInfoSchema = z.object({
  reason: z.string(),
  startedAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  /** The player's own time-out or self-exclusion (responsible gaming); absent for a staff ban. */
  kind: z.enum(['TIME_OUT', 'SELF_EXCLUSION']).optional(),
  /** A self-exclusion's earliest end: from then the player may ask to return (24 hours later). */
  returnAllowedAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type BanInfo = z.infer<typeof banInfoSchema>;
