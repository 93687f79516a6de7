import { z } from 'zod';

/**
 * Support and a player's factors (issue 29 point 6): the player page's live sessions (end one or all, with a
 * reason), the sign-in factors the player has (never their secrets), and four-eyes factor removal: support
 * requests turning a factor off (a lost phone), another staff member with factors.approve approves or
 * rejects, and only an approval turns it off.
 */

export const FACTOR_REASON_MIN = 3;
export const FACTOR_REASON_MAX = 500;

/** The factors a removal request may name; 'passkey' joins when passkeys exist. */
export const removableFactors = ['totp'] as const;
export type RemovableFactor = (typeof removableFactors)[number];
export const factorRemovalStatuses = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type FactorRemovalStatus = (typeof factorRemovalStatuses)[number];

export const staffFactorMessages = {
  reason: `reason must be ${FACTOR_REASON_MIN} to ${FACTOR_REASON_MAX} characters`,
  sessionId: 'sessionId must be a session id (uuid)',
  requestId: 'id must be a factor removal request id (uuid)',
  factor: `factor must be one of ${removableFactors.join(', ')}`,
  status: `status must be one of ${factorRemovalStatuses.join(', ')}`,
  sessionNotFound: 'Session not found, or already ended',
  factorOff: 'The player has no authenticator app turned on',
  pendingExists: 'A removal of this factor is already waiting for approval',
  requestNotFound: 'Factor removal request not found',
  decided: 'This request has already been decided',
  ownRequest: 'You cannot approve or reject your own request: another staff member must',
} as const;

const reason = z
  .string({ error: staffFactorMessages.reason })
  .trim()
  .min(FACTOR_REASON_MIN, staffFactorMessages.reason)
  .max(FACTOR_REASON_MAX, staffFactorMessages.reason);

// ---------------------------------------------------------------------------------------------------------
// GET /players/:id/live-sessions, POST …/live-sessions/:sessionId/end, POST …/live-sessions/end-all

/** One live sign-in of the player, as the player's own list shows it (device in words). */
export const staffLiveSessionSchema = z.object({
  sessionId: z.uuid(),
  browser: z.string().nullable(),
  system: z.string().nullable(),
  ip: z.string().nullable(),
  signedInAt: z.string(),
  lastActiveAt: z.string(),
});
export type StaffLiveSession = z.infer<typeof staffLiveSessionSchema>;
export const staffLiveSessionsSchema = z.object({ items: z.array(staffLiveSessionSchema) });
export type StaffLiveSessions = z.infer<typeof staffLiveSessionsSchema>;

export const liveSessionParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a player id (uuid)' }),
  sessionId: z.uuid({ error: staffFactorMessages.sessionId }),
});
export const endSessionsBodySchema = z.object({ reason });
export type EndSessionsBody = z.infer<typeof endSessionsBodySchema>;
export const endSessionsResponseSchema = z.object({ ended: z.number().int() });
export type EndSessionsResponse = z.infer<typeof endSessionsResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// GET /players/:id/factors, POST /players/:id/factor-removals

export const factorRemovalSchema = z.object({
  id: z.uuid(),
  playerId: z.uuid(),
  /** The player's e-mail, or null when they signed up by phone. */
  playerEmail: z.string().nullable(),
  factor: z.enum(removableFactors),
  status: z.enum(factorRemovalStatuses),
  reason: z.string(),
  requestedBy: z.uuid(),
  requestedByEmail: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.uuid().nullable(),
  decidedByEmail: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
});
export type FactorRemoval = z.infer<typeof factorRemovalSchema>;

/** What the player has to sign in with, never a secret. */
export const playerFactorsSchema = z.object({
  password: z.boolean(),
  totp: z.object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    recoveryCodesLeft: z.number().int(),
  }),
  /** Removal requests of the player's factors, newest first (the pending one first of all). */
  removals: z.array(factorRemovalSchema),
});
export type PlayerFactors = z.infer<typeof playerFactorsSchema>;

export const requestFactorRemovalBodySchema = z.object({
  factor: z.enum(removableFactors, { error: staffFactorMessages.factor }),
  reason,
});
export type RequestFactorRemovalBody = z.infer<typeof requestFactorRemovalBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// GET /factor-removals, POST /factor-removals/:id/approve | /reject

export const factorRemovalsQuerySchema = z.object({
  status: z.enum(factorRemovalStatuses, { error: staffFactorMessages.status }).default('PENDING'),
});
export const factorRemovalsSchema = z.object({ items: z.array(factorRemovalSchema) });
export type FactorRemovals = z.infer<typeof factorRemovalsSchema>;
export const factorRemovalParamsSchema = z.object({ id: z.uuid({ error: staffFactorMessages.requestId }) });
export const decideFactorRemovalBodySchema = z.object({ reason });
export type DecideFactorRemovalBody = z.infer<typeof decideFactorRemovalBodySchema>;

export const staffFactorAuditActions = {
  endSession: 'players.session_end',
  endAllSessions: 'players.sessions_end_all',
  requestRemoval: 'players.factor_removal_request',
  approveRemoval: 'players.factor_removal_approve',
  rejectRemoval: 'players.factor_removal_reject',
} as const;
