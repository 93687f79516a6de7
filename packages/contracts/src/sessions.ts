import { z } from 'zod';

/** The player's own sessions and devices (GET/DELETE /api/identity/profile/sessions…). */
export const sessionListMessages = {
  sessionId: 'Session id must be a uuid',
  notFound: 'Session not found',
  current: 'This is the session you are using: sign out instead',
  badLink: 'This sign-out link is not valid',
} as const;

/** One sign-in of the player that is still live: a session ends for every device that used it. */
export const mySessionSchema = z.object({
  sessionId: z.uuid(),
  /** The browser and system in words ("Chrome 131", "Windows 10"), null when the user agent tells none. */
  browser: z.string().nullable(),
  system: z.string().nullable(),
  /** The address it was last used from (no place: we keep no location database). */
  ip: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
  /** The session this request came with ("This device"). */
  current: z.boolean(),
});
export type MySession = z.infer<typeof mySessionSchema>;

export const mySessionsResponseSchema = z.object({ items: z.array(mySessionSchema) });
export type MySessionsResponse = z.infer<typeof mySessionsResponseSchema>;

export const mySessionParamsSchema = z.object({
  sessionId: z.uuid({ error: sessionListMessages.sessionId }),
});

export const signOutOthersResponseSchema = z.object({ ended: z.number().int() });
export type SignOutOthersResponse = z.infer<typeof signOutOthersResponseSchema>;

/** POST /api/identity/auth/end-session: the link of the new-device e-mail ends that sign-in, no session needed. */
export const endSessionBodySchema = z.object({
  token: z
    .string({ error: sessionListMessages.badLink })
    .min(1, { error: sessionListMessages.badLink })
    .max(200, { error: sessionListMessages.badLink }),
});
export type EndSessionBody = z.infer<typeof endSessionBodySchema>;
