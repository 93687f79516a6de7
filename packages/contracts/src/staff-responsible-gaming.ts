import { z } from 'zod';
import {
  limitChangeKinds,
  limitPeriods,
  limitViewSchema,
  playSessionViewSchema,
  setLimitSchema,
} from './responsible-gaming.ts';
import { staffListQuery, staffPageSchema } from './staff-lists.ts';

/**
 * The back office's responsible gaming (/api/staff/responsible-gaming): a player's limits, breaks and their
 * history; a lower limit set on the player's behalf; the daily markers of harm and the contacts they lead to.
 * Amounts are decimals of USD.
 */

/** The markers of harm the daily job scores (docs/decisions.md gives each one's threshold and source). */
export const harmMarkers = [
  'RAPID_DEPOSITS',
  'WITHDRAWAL_REVERSED',
  'LOSS_CHASING',
  'DEPOSITS_RISING',
  'NIGHT_PLAY',
  'LIMIT_RAISED',
] as const;
export type HarmMarker = (typeof harmMarkers)[number];

/** Strong markers weigh 2, the others 1: one strong marker, or two others, flag the player. */
export const harmMarkerWeights: Record<HarmMarker, number> = {
  RAPID_DEPOSITS: 2,
  WITHDRAWAL_REVERSED: 2,
  LOSS_CHASING: 2,
  DEPOSITS_RISING: 1,
  NIGHT_PLAY: 1,
  LIMIT_RAISED: 1,
};
export const HARM_FLAG_SCORE = 2;

export const harmMarkerLabels: Record<HarmMarker, string> = {
  RAPID_DEPOSITS: 'Several deposits within an hour',
  WITHDRAWAL_REVERSED: 'Cancelled withdrawal staked',
  LOSS_CHASING: 'Chasing losses',
  DEPOSITS_RISING: 'Deposits rising week on week',
  NIGHT_PLAY: 'Play between midnight and 6 a.m.',
  LIMIT_RAISED: 'Limit raised or removed',
};

export const harmReasonSchema = z.object({ marker: z.enum(harmMarkers), detail: z.string() });
export type HarmReason = z.infer<typeof harmReasonSchema>;

export const contactChannels = ['PHONE', 'EMAIL', 'LIVE_CHAT', 'IN_APP_MESSAGE'] as const;
export type ContactChannel = (typeof contactChannels)[number];
export const contactChannelLabels: Record<ContactChannel, string> = {
  PHONE: 'Phone call',
  EMAIL: 'E-mail',
  LIVE_CHAT: 'Live chat',
  IN_APP_MESSAGE: 'In-app message',
};

export const contactOutcomes = [
  'NOT_REACHED',
  'NO_CONCERN',
  'ADVICE_GIVEN',
  'LIMITS_AGREED',
  'BREAK_TAKEN',
  'REFERRED_TO_SUPPORT',
] as const;
export type ContactOutcome = (typeof contactOutcomes)[number];
export const contactOutcomeLabels: Record<ContactOutcome, string> = {
  NOT_REACHED: 'Not reached',
  NO_CONCERN: 'Reached: no concern',
  ADVICE_GIVEN: 'Reached: safer gambling advice given',
  LIMITS_AGREED: 'Reached: limits agreed',
  BREAK_TAKEN: 'Reached: took a time-out or self-exclusion',
  REFERRED_TO_SUPPORT: 'Reached: referred to a support service',
};

export const CONTACT_NOTE_MAX = 2000;
export const LIMIT_REASON_MIN = 3;
export const LIMIT_REASON_MAX = 500;

export const staffRgMessages = {
  channel: `channel must be one of ${contactChannels.join(', ')}`,
  outcome: `outcome must be one of ${contactOutcomes.join(', ')}`,
  note: `note must be at most ${CONTACT_NOTE_MAX} characters`,
  reason: `reason must be ${LIMIT_REASON_MIN} to ${LIMIT_REASON_MAX} characters`,
  amountRequired: 'amount must be a positive amount: staff cannot remove a limit',
  notLower:
    'Staff may only set a lower limit than the one in force: a raise or removal is the player’s own choice',
} as const;

const iso = z.string();

/** PUT /responsible-gaming/players/:id/limits: a new or lower limit, set on the player's behalf. */
export const staffSetLimitSchema = z.object({
  kind: setLimitSchema.shape.kind,
  period: setLimitSchema.shape.period,
  amount: setLimitSchema.shape.amount
    .unwrap()
    .nullable()
    .refine((v) => v !== null, staffRgMessages.amountRequired),
  reason: z
    .string({ error: staffRgMessages.reason })
    .trim()
    .min(LIMIT_REASON_MIN, staffRgMessages.reason)
    .max(LIMIT_REASON_MAX, staffRgMessages.reason),
});
export type StaffSetLimit = z.input<typeof staffSetLimitSchema>;

/** POST /responsible-gaming/players/:id/contacts. */
export const recordContactSchema = z.object({
  channel: z.enum(contactChannels, { error: staffRgMessages.channel }),
  outcome: z.enum(contactOutcomes, { error: staffRgMessages.outcome }),
  note: z
    .string({ error: staffRgMessages.note })
    .trim()
    .max(CONTACT_NOTE_MAX, staffRgMessages.note)
    .default(''),
});
export type RecordContact = z.input<typeof recordContactSchema>;

export const rgContactSchema = z.object({
  id: z.string(),
  userId: z.string(),
  staffId: z.string(),
  staffEmail: z.string().nullable(),
  channel: z.enum(contactChannels),
  outcome: z.enum(contactOutcomes),
  note: z.string(),
  at: iso,
});
export type RgContact = z.infer<typeof rgContactSchema>;

export const rgRestrictionSchema = z.object({
  id: z.string(),
  kind: z.enum(['TIME_OUT', 'SELF_EXCLUSION']),
  startsAt: iso,
  /** A time-out's end; a self-exclusion's once the player asked to return. */
  endsAt: iso.nullable(),
  returnAllowedAt: iso.nullable(),
  active: z.boolean(),
  /** PLAYER: chosen here; NATIONAL_REGISTER: recorded because the national register names the player. */
  source: z.enum(['PLAYER', 'NATIONAL_REGISTER']),
});
export type RgRestriction = z.infer<typeof rgRestrictionSchema>;

export const rgLimitChangeSchema = z.object({
  id: z.string(),
  kind: z.enum(limitChangeKinds),
  period: z.enum(limitPeriods),
  /** USD (minutes for PLAY_TIME); null: no limit. */
  from: z.number().nullable(),
  to: z.number().nullable(),
  requestedAt: iso,
  effectiveAt: iso,
  /** 'player' or 'staff:<id>'. */
  requestedBy: z.string(),
});
export type RgLimitChange = z.infer<typeof rgLimitChangeSchema>;

export const harmScoreSchema = z.object({
  day: z.string(),
  score: z.number().int(),
  reasons: z.array(harmReasonSchema),
});
export type HarmScore = z.infer<typeof harmScoreSchema>;

/** GET /responsible-gaming/players/:id: everything the player page's card shows. */
export const staffRgPlayerSchema = z.object({
  limits: z.array(limitViewSchema),
  restrictions: z.array(rgRestrictionSchema),
  limitHistory: z.array(rgLimitChangeSchema),
  contacts: z.array(rgContactSchema),
  /** The last 30 days' scores above 0, newest first. */
  scores: z.array(harmScoreSchema),
  /** The play session in progress, the reality check chosen and the daily play-time limit (as the player sees them). */
  play: playSessionViewSchema,
});
export type StaffRgPlayer = z.infer<typeof staffRgPlayerSchema>;

/** GET /responsible-gaming/flagged: the players of the latest scoring at or above HARM_FLAG_SCORE. */
export const flaggedQuerySchema = staffListQuery(['score'], 'score');
export const flaggedPlayerSchema = z.object({
  userId: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  day: z.string(),
  score: z.number().int(),
  reasons: z.array(harmReasonSchema),
  lastContact: rgContactSchema.nullable(),
});
export type FlaggedPlayer = z.infer<typeof flaggedPlayerSchema>;
export const flaggedPageSchema = staffPageSchema(flaggedPlayerSchema);

/** POST /responsible-gaming/scores/run: today's scoring, now (the daily job's run). */
export const harmRunSchema = z.object({
  day: z.string(),
  scored: z.number().int(),
  flagged: z.number().int(),
});
export type HarmRun = z.infer<typeof harmRunSchema>;

export const staffRgAuditActions = {
  lowerLimit: 'responsible-gaming.limit_lowered',
  contact: 'responsible-gaming.contact_recorded',
  run: 'responsible-gaming.scoring_run',
  /** The system's: a self-exclusion recorded because the national register names the player. */
  registerExclusion: 'responsible-gaming.register_exclusion',
} as const;
