import { z } from 'zod';
import { authServerMessages } from './auth.ts';

/**
 * A ban as the player's client sees it: every call of a banned account answers
 * 403 `{ statusCode, message: 'Your account is banned', ban }`, and the client shows the banned modal
 * (spec 001 §2) with it. `endsAt` null: permanent.
 */
export const banInfoSchema = z.object({
  reason: z.string(),
  startedAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
});
export type BanInfo = z.infer<typeof banInfoSchema>;

export const bannedErrorSchema = z.object({
  statusCode: z.literal(403),
  message: z.literal(authServerMessages.banned),
  ban: banInfoSchema,
});
export type BannedError = z.infer<typeof bannedErrorSchema>;

/** The ban an error body carries, or null when it is not a banned answer. */
export function banOfErrorBody(body: unknown): BanInfo | null {
  const parsed = bannedErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.ban : null;
}
