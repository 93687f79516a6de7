import { z } from 'zod';
import { paymentMethods, paymentStatuses } from './payments.ts';
import { staffDateSchema, staffListQuery, staffPageSchema } from './staff-lists.ts';
import { verificationDocumentTypes } from './verification.ts';
import { type CurrencyCode, currencyCodes, MAX_AMOUNT } from './wallet.ts';

/**
 * The back office's money screens: the withdrawals queue (/api/staff/withdrawals), the verification queue
 * (/api/staff/verifications) and balance adjustments with four eyes (/api/staff/adjustments). Amounts are
 * decimals in the currency's unit, as everywhere in the API.
 */

// ---------------------------------------------------------------------------------------------------------
// Thresholds (data shared by the server and the back office, which shows them).

/** A withdrawal of at least this many dollars carries the LARGE_AMOUNT badge. */
export const WITHDRAWAL_LARGE_AMOUNT_USD = 1_000;

/**
 * Four eyes: an adjustment whose size (either sign) is at most this posts at once; a larger one waits for a
 * second staff member with adjustments.approve. Per currency, in the currency's unit.
 */
export const ADJUSTMENT_APPROVAL_THRESHOLD: Record<CurrencyCode, number> = {
  USD: 100,
  BONUS_USD: 100,
  PAWS: 1_000,
  FREE_SPINS: 20,
};

/** Whether an adjustment of `amount` (signed) in `currency` needs a second staff member's approval. */
export function adjustmentNeedsApproval(currency: CurrencyCode, amount: number) {
  return Math.abs(amount) > ADJUSTMENT_APPROVAL_THRESHOLD[currency];
}

export const staffMoneyMessages = {
  reason: 'reason is required (1 to 500 characters)',
  note: 'note is required (1 to 500 characters)',
  playerId: 'playerId must be a player id',
  currency: `currency must be one of ${currencyCodes.join(', ')}`,
  amount: 'amount must be a number',
  amountZero: 'amount must not be 0',
  amountPlaces: 'amount must have at most 2 decimal places',
  amountTooLarge: 'amount is too large',
  amountWhole: 'amount must be a whole number of free spins',
  reasonCode: 'reasonCode must be one of GOODWILL, CORRECTION, CHARGEBACK, BONUS_FIX, OTHER',
  review: 'review must be AWAITING_REVIEW, APPROVED, DECLINED or ALL',
  state: 'state must be PENDING, APPROVED, DECLINED or ALL',
  status: 'status must be PENDING, POSTED, REJECTED or ALL',
  idempotencyKey: 'Idempotency-Key must be 1 to 128 printable characters',
  withdrawalNotFound: 'Withdrawal not found',
  withdrawalDecided: 'This withdrawal has already been reviewed',
  verificationNotFound: 'Verification not found',
  verificationDecided: 'This verification has already been decided',
  verificationNotSubmitted: 'The player has not handed in a document for this verification yet',
  documentNotFound: 'This verification has no document',
  playerNotFound: 'Player not found',
  adjustmentNotFound: 'Adjustment not found',
  adjustmentDecided: 'This adjustment has already been decided',
  ownAdjustment: 'You cannot approve your own adjustment: another staff member must approve it',
  ownAdjustmentReject: 'You cannot reject your own adjustment: another staff member must decide it',
  idempotencyMismatch: 'Idempotency-Key already used with a different request',
} as const;

/** Why staff refuse something: shown to the player with the outcome. */
const reasonSchema = z
  .string({ error: staffMoneyMessages.reason })
  .trim()
  .min(1, { error: staffMoneyMessages.reason })
  .max(500, { error: staffMoneyMessages.reason });

/** POST …/:id/decline and …/:id/reject */
export const staffDecisionBodySchema = z.object({ reason: reasonSchema });
export type StaffDecisionBody = z.infer<typeof staffDecisionBodySchema>;

export const staffIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a uuid' }) });

/** Who a row is about, for staff to recognise. */
export const staffPlayerRefSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
});
export type StaffPlayerRef = z.infer<typeof staffPlayerRefSchema>;

/** A staff member as shown beside a decision. */
export const staffActorRefSchema = z.object({ id: z.string(), email: z.string().nullable() });

// ---------------------------------------------------------------------------------------------------------
// Withdrawals queue (withdrawals.review)

export const withdrawalRiskBadges = [
  'FIRST_WITHDRAWAL',
  'LARGE_AMOUNT',
  'DEPOSIT_NO_PLAY',
  'NEW_DEVICE',
] as const;
export type WithdrawalRiskBadge = (typeof withdrawalRiskBadges)[number];

/** What staff decided; the player keeps seeing the spec's PENDING until the payout's outcome. */
export const withdrawalReviews = ['AWAITING_REVIEW', 'APPROVED', 'DECLINED'] as const;
export type WithdrawalReview = (typeof withdrawalReviews)[number];

export const staffWithdrawalSchema = z.object({
  id: z.string(),
  player: staffPlayerRefSchema,
  amount: z.number(),
  currency: z.enum(currencyCodes),
  paymentMethod: z.enum(paymentMethods),
  /** The payment's status as the player sees it. */
  status: z.enum(paymentStatuses),
  review: z.enum(withdrawalReviews),
  /** ISO 8601 */
  requestedAt: z.string(),
  /** Seconds since the request while it waits for review; until the decision once decided. */
  waitingSeconds: z.number().int(),
  badges: z.array(z.enum(withdrawalRiskBadges)),
  reviewedBy: staffActorRefSchema.nullable(),
  reviewedAt: z.string().nullable(),
  /** The decline's reason (the player is told it). */
  reason: z.string().nullable(),
  /** The browser and address the player asked from. */
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
});
export type StaffWithdrawal = z.infer<typeof staffWithdrawalSchema>;

export const withdrawalsListQuerySchema = staffListQuery(['requestedAt', 'amount'], 'requestedAt').extend({
  review: z
    .enum([...withdrawalReviews, 'ALL'], { error: staffMoneyMessages.review })
    .default('AWAITING_REVIEW'),
  playerId: z.uuid({ error: staffMoneyMessages.playerId }).optional(),
});
export type WithdrawalsListQuery = z.infer<typeof withdrawalsListQuerySchema>;
export const withdrawalsPageSchema = staffPageSchema(staffWithdrawalSchema);

// ---------------------------------------------------------------------------------------------------------
// Verification queue (verifications.review)

/** PENDING: the document is handed in and waits for a review; then APPROVED or DECLINED. */
export const verificationStates = ['PENDING', 'APPROVED', 'DECLINED'] as const;
export type VerificationState = (typeof verificationStates)[number];

export const staffVerificationSchema = z.object({
  /** The verification session's id. */
  id: z.string(),
  player: staffPlayerRefSchema,
  provider: z.string(),
  state: z.enum(verificationStates),
  /** ISO 8601: when the player handed the document in. */
  submittedAt: z.string(),
  waitingSeconds: z.number().int(),
  document: z
    .object({
      name: z.string(),
      type: z.enum(verificationDocumentTypes),
      size: z.number().int(),
      /** The staff-only file route. */
      url: z.string(),
    })
    .nullable(),
  /** null when the provider decided (the sandbox's page), not staff. */
  reviewedBy: staffActorRefSchema.nullable(),
  reviewedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type StaffVerification = z.infer<typeof staffVerificationSchema>;

export const verificationsListQuerySchema = staffListQuery(['submittedAt'], 'submittedAt').extend({
  state: z.enum([...verificationStates, 'ALL'], { error: staffMoneyMessages.state }).default('PENDING'),
  playerId: z.uuid({ error: staffMoneyMessages.playerId }).optional(),
});
export type VerificationsListQuery = z.infer<typeof verificationsListQuerySchema>;
export const verificationsPageSchema = staffPageSchema(staffVerificationSchema);

// ---------------------------------------------------------------------------------------------------------
// Adjustments (adjustments.read / request / approve)

export const adjustmentReasonCodes = ['GOODWILL', 'CORRECTION', 'CHARGEBACK', 'BONUS_FIX', 'OTHER'] as const;
export type AdjustmentReasonCode = (typeof adjustmentReasonCodes)[number];
export const adjustmentStatuses = ['PENDING', 'POSTED', 'REJECTED'] as const;
export type AdjustmentStatus = (typeof adjustmentStatuses)[number];

const hasAtMostTwoPlaces = (v: number) => Number(v.toFixed(2)) === v;

/** POST /api/staff/adjustments */
export const adjustmentRequestSchema = z
  .object({
    playerId: z.uuid({ error: staffMoneyMessages.playerId }),
    currency: z.enum(currencyCodes, { error: staffMoneyMessages.currency }),
    /** Signed: a negative amount takes money away (never below zero). */
    amount: z
      .number({ error: staffMoneyMessages.amount })
      .refine((v) => v !== 0, { error: staffMoneyMessages.amountZero, abort: true })
      .refine((v) => Math.abs(v) <= MAX_AMOUNT, { error: staffMoneyMessages.amountTooLarge, abort: true })
      .refine(hasAtMostTwoPlaces, { error: staffMoneyMessages.amountPlaces }),
    reasonCode: z.enum(adjustmentReasonCodes, { error: staffMoneyMessages.reasonCode }),
    note: z
      .string({ error: staffMoneyMessages.note })
      .trim()
      .min(1, { error: staffMoneyMessages.note })
      .max(500, { error: staffMoneyMessages.note }),
  })
  .refine((body) => body.currency !== 'FREE_SPINS' || Number.isInteger(body.amount), {
    error: staffMoneyMessages.amountWhole,
    path: ['amount'],
  });
export type AdjustmentRequest = z.infer<typeof adjustmentRequestSchema>;

/** Optional header on POST /api/staff/adjustments: a retry with the same key returns the first adjustment. */
export const ADJUSTMENT_IDEMPOTENCY_HEADER = 'idempotency-key';
export const adjustmentHeadersSchema = z.object({
  [ADJUSTMENT_IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,128}$/, { error: staffMoneyMessages.idempotencyKey })
    .optional(),
});

export const staffAdjustmentSchema = z.object({
  id: z.string(),
  player: staffPlayerRefSchema,
  currency: z.enum(currencyCodes),
  /** Signed decimal. */
  amount: z.number(),
  reasonCode: z.enum(adjustmentReasonCodes),
  note: z.string(),
  status: z.enum(adjustmentStatuses),
  /** Above the threshold: it waits (or waited) for a second staff member. */
  needsApproval: z.boolean(),
  requestedBy: staffActorRefSchema,
  requestedAt: z.string(),
  decidedBy: staffActorRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  /** The rejection's reason. */
  rejectReason: z.string().nullable(),
  postedAt: z.string().nullable(),
  ledgerTransactionId: z.string().nullable(),
  /** The player's balance in the currency right after posting (decimal). */
  balanceAfter: z.number().nullable(),
});
export type StaffAdjustment = z.infer<typeof staffAdjustmentSchema>;

export const adjustmentsListQuerySchema = staffListQuery(['requestedAt', 'amount'], 'requestedAt').extend({
  status: z.enum([...adjustmentStatuses, 'ALL'], { error: staffMoneyMessages.status }).default('ALL'),
  playerId: z.uuid({ error: staffMoneyMessages.playerId }).optional(),
  dateFrom: staffDateSchema.optional(),
  dateTo: staffDateSchema.optional(),
});
export type AdjustmentsListQuery = z.infer<typeof adjustmentsListQuerySchema>;
export const adjustmentsPageSchema = staffPageSchema(staffAdjustmentSchema);
