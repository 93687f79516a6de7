import { z } from 'zod';
import { userRoles, verificationTypes } from './profile.ts';
import { staffRoles } from './staff.ts';
import { staffDateSchema, staffListQuery, staffPageSchema } from './staff-lists.ts';
import { currencyCodeSchema, currencyCodes } from './wallet.ts';

/**
 * The back office's Players area (/api/staff/players): search, the player page's sections and the
 * actions on a player (ban, unban, sign out everywhere, notes). Amounts are decimals of their currency.
 */

export const BAN_REASON_MIN = 3;
export const BAN_REASON_MAX = 500;
export const NOTE_MAX = 2000;
export const PLAYER_SEARCH_MAX = 100;

export const staffPlayerMessages = {
  id: 'id must be a player id (uuid)',
  q: `q must be at most ${PLAYER_SEARCH_MAX} characters`,
  reason: `reason must be ${BAN_REASON_MIN} to ${BAN_REASON_MAX} characters`,
  endsAt: 'endsAt must be an ISO 8601 date and time, or null for a permanent ban',
  endsAtPast: 'endsAt must be in the future',
  body: `body must be 1 to ${NOTE_MAX} characters`,
  success: 'success must be true or false',
  type: 'type must be DEPOSIT or WITHDRAW',
  status: 'status must be PENDING, COMPLETED or DECLINED',
  currency: 'currency must be one of USD, PAWS, BONUS_USD, FREE_SPINS',
  notFound: 'Player not found',
  notBanned: 'This player is not banned',
  selfBan: 'You cannot ban yourself',
  staffTarget: 'Only an admin can ban, unban or sign out a staff account',
  sessionNotFound: 'Verification not found',
  noDocument: 'This verification has no document',
} as const;

export const playerIdParamsSchema = z.object({ id: z.uuid({ error: staffPlayerMessages.id }) });

const iso = z.string();

// ---------------------------------------------------------------------------------------------------------
// GET / : search

export const playerSortable = ['createdAt', 'email', 'username'] as const;
export const playersQuerySchema = staffListQuery(playerSortable, 'createdAt').extend({
  /** An id (exact), or part of an e-mail, phone number or username (any case). */
  q: z
    .string({ error: staffPlayerMessages.q })
    .trim()
    .max(PLAYER_SEARCH_MAX, staffPlayerMessages.q)
    .optional(),
});
export type PlayersQuery = z.infer<typeof playersQuerySchema>;

export const playerListItemSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  username: z.string().nullable(),
  role: z.enum(userRoles),
  verificationType: z.enum(verificationTypes),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  banned: z.boolean(),
  createdAt: iso,
});
export type PlayerListItem = z.infer<typeof playerListItemSchema>;
export const playersPageSchema = staffPageSchema(playerListItemSchema);

// ---------------------------------------------------------------------------------------------------------
// GET /:id : profile, balances, bans

export const staffBanSchema = z.object({
  id: z.string(),
  reason: z.string(),
  startsAt: iso,
  /** null: permanent. */
  endsAt: iso.nullable(),
  createdBy: z.string().nullable(),
  createdByEmail: z.string().nullable(),
  createdAt: iso,
  liftedAt: iso.nullable(),
  liftedBy: z.string().nullable(),
  liftedByEmail: z.string().nullable(),
  liftReason: z.string().nullable(),
  /** In force now: started, not ended, not lifted. */
  active: z.boolean(),
});
export type StaffBan = z.infer<typeof staffBanSchema>;

export const playerBalanceSchema = z.object({
  currencyCode: currencyCodeSchema,
  amount: z.number(),
});

export const playerProfileSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  username: z.string().nullable(),
  role: z.enum(userRoles),
  staffRoles: z.array(z.enum(staffRoles)),
  verificationType: z.enum(verificationTypes),
  emailVerifiedAt: iso.nullable(),
  phoneVerifiedAt: iso.nullable(),
  promoCode: z.string().nullable(),
  referralCode: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  createdAt: iso,
  updatedAt: iso,
  lastSignInAt: iso.nullable(),
  /** Whether the player signs in with an authenticator app as a second step (never its secret). */
  twoStepOn: z.boolean(),
  /** How many passkeys the player has added (never their keys). */
  passkeyCount: z.number().int(),
  /** The ban in force, if any. */
  ban: staffBanSchema.nullable(),
  /** Every ban, newest first. */
  bans: z.array(staffBanSchema),
  balances: z.array(playerBalanceSchema),
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;

// ---------------------------------------------------------------------------------------------------------
// Sections: GET /:id/ledger, /bets, /payments, /bonuses, /verifications, /sessions, /sign-ins

const dateRange = { dateFrom: staffDateSchema.optional(), dateTo: staffDateSchema.optional() };

export const ledgerKinds = [
  'BET',
  'WIN',
  'ROLLBACK',
  'DEPOSIT',
  'WITHDRAW',
  'WITHDRAW_SETTLE',
  'WITHDRAW_RELEASE',
  'BONUS',
  'ADJUSTMENT',
] as const;

export const playerLedgerQuerySchema = staffListQuery(['createdAt'], 'createdAt').extend({
  currency: z.enum(currencyCodes, { error: staffPlayerMessages.currency }).optional(),
  ...dateRange,
});
export const playerLedgerEntrySchema = z.object({
  transactionId: z.string(),
  kind: z.enum(ledgerKinds),
  reference: z.string(),
  currencyCode: currencyCodeSchema,
  /** Signed change of the player's balance. */
  amount: z.number(),
  balanceAfter: z.number().nullable(),
  createdAt: iso,
  metadata: z.record(z.string(), z.unknown()).nullable(),
});
export type PlayerLedgerEntry = z.infer<typeof playerLedgerEntrySchema>;
export const playerLedgerPageSchema = staffPageSchema(playerLedgerEntrySchema);

export const playerBetsQuerySchema = staffListQuery(['createdAt'], 'createdAt').extend(dateRange);
export const playerBetSchema = z.object({
  roundId: z.string(),
  providerCode: z.string(),
  providerName: z.string(),
  gameCode: z.string().nullable(),
  currencyCode: currencyCodeSchema,
  /** Standing stakes of the round (rolled-back ones left out). */
  stake: z.number(),
  win: z.number(),
  rolledBack: z.boolean(),
  createdAt: iso,
  /** The studio's fairness check of the round (null for other providers). */
  verifyUrl: z.string().nullable(),
  /** Whether the round's server seed was revealed yet (before that the check can show only the hash). */
  seedRevealed: z.boolean().nullable(),
});
export type PlayerBet = z.infer<typeof playerBetSchema>;
export const playerBetsPageSchema = staffPageSchema(playerBetSchema);

export const playerPaymentsQuerySchema = staffListQuery(['createdAt', 'amount'], 'createdAt').extend({
  type: z.enum(['DEPOSIT', 'WITHDRAW'], { error: staffPlayerMessages.type }).optional(),
  status: z.enum(['PENDING', 'COMPLETED', 'DECLINED'], { error: staffPlayerMessages.status }).optional(),
  ...dateRange,
});
export const playerPaymentSchema = z.object({
  id: z.string(),
  type: z.enum(['DEPOSIT', 'WITHDRAW']),
  status: z.enum(['PENDING', 'COMPLETED', 'DECLINED']),
  amount: z.number(),
  currencyCode: currencyCodeSchema,
  paymentMethod: z.string(),
  provider: z.string(),
  providerReference: z.string().nullable(),
  createdAt: iso,
  updatedAt: iso,
});
export type PlayerPayment = z.infer<typeof playerPaymentSchema>;
export const playerPaymentsPageSchema = staffPageSchema(playerPaymentSchema);

export const playerBonusesQuerySchema = staffListQuery(['createdAt', 'amount'], 'createdAt');
export const playerBonusSchema = z.object({
  id: z.string(),
  ruleCode: z.string(),
  ruleName: z.string(),
  kind: z.string(),
  periodKey: z.string(),
  amount: z.number(),
  currencyCode: currencyCodeSchema,
  createdAt: iso,
});
export type PlayerBonus = z.infer<typeof playerBonusSchema>;
export const playerBonusesPageSchema = staffPageSchema(playerBonusSchema);

export const playerVerificationsQuerySchema = staffListQuery(['createdAt'], 'createdAt');
export const playerVerificationSchema = z.object({
  id: z.string(),
  provider: z.string(),
  status: z.string(),
  result: z.string().nullable(),
  submittedAt: iso.nullable(),
  createdAt: iso,
  updatedAt: iso,
  document: z
    .object({
      name: z.string(),
      type: z.string().nullable(),
      size: z.number().nullable(),
      /** Served only to staff (players.read). */
      url: z.string(),
    })
    .nullable(),
});
export type PlayerVerification = z.infer<typeof playerVerificationSchema>;
export const playerVerificationsPageSchema = staffPageSchema(playerVerificationSchema);
export const verificationDocumentParamsSchema = playerIdParamsSchema.extend({
  sessionId: z.uuid({ error: 'sessionId must be a verification id (uuid)' }),
});

export const playerSessionsQuerySchema = staffListQuery(['lastUsedAt', 'createdAt'], 'lastUsedAt');
/** A sign-in's session: one refresh-token family, from its sign-in to its last rotation. */
export const playerSessionSchema = z.object({
  id: z.string(),
  createdAt: iso,
  lastUsedAt: iso,
  expiresAt: iso,
  revokedAt: iso.nullable(),
  active: z.boolean(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** Its browser first signed in within the last 24 hours (and is not the account's first). */
  newDevice: z.boolean(),
});
export type PlayerSession = z.infer<typeof playerSessionSchema>;
export const playerSessionsPageSchema = staffPageSchema(playerSessionSchema);

export const playerSignInsQuerySchema = staffListQuery(['at'], 'at').extend({
  success: z
    .enum(['true', 'false'], { error: staffPlayerMessages.success })
    .transform((v) => v === 'true')
    .optional(),
});
export const playerSignInSchema = z.object({
  id: z.string(),
  at: iso,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  newDevice: z.boolean(),
  success: z.boolean(),
  failure: z.string().nullable(),
});
export type PlayerSignIn = z.infer<typeof playerSignInSchema>;
export const playerSignInsPageSchema = staffPageSchema(playerSignInSchema);

// ---------------------------------------------------------------------------------------------------------
// Notes: GET/POST /:id/notes

export const playerNotesQuerySchema = staffListQuery(['createdAt'], 'createdAt');
export const playerNoteSchema = z.object({
  id: z.string(),
  body: z.string(),
  authorId: z.string(),
  authorEmail: z.string().nullable(),
  createdAt: iso,
});
export type PlayerNote = z.infer<typeof playerNoteSchema>;
export const playerNotesPageSchema = staffPageSchema(playerNoteSchema);

const noteBody = z
  .string({ error: staffPlayerMessages.body })
  .trim()
  .min(1, staffPlayerMessages.body)
  .max(NOTE_MAX, staffPlayerMessages.body);
export const addNoteBodySchema = z.object({ body: noteBody });
export type AddNoteBody = z.infer<typeof addNoteBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// Actions: POST /:id/ban, /:id/unban (/:id/sign-out takes staff-factors' endSessionsBodySchema)

const reason = z
  .string({ error: staffPlayerMessages.reason })
  .trim()
  .min(BAN_REASON_MIN, staffPlayerMessages.reason)
  .max(BAN_REASON_MAX, staffPlayerMessages.reason);

export const banBodySchema = z.object({
  reason,
  /** ISO 8601 with an offset; null: permanent. */
  endsAt: z.iso.datetime({ offset: true, error: staffPlayerMessages.endsAt }).nullable(),
});
export type BanBody = z.infer<typeof banBodySchema>;

export const unbanBodySchema = z.object({ reason });
export type UnbanBody = z.infer<typeof unbanBodySchema>;
/** The bans the unban lifted. */
export const unbanResponseSchema = z.object({ lifted: z.array(staffBanSchema) });

export const staffPlayerAuditActions = {
  ban: 'players.ban',
  unban: 'players.unban',
  note: 'players.note',
} as const;
