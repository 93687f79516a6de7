import { z } from 'zod';
import { bonusRuleKinds } from './bonuses.ts';
import { notificationSchema } from './notifications.ts';
import { staffDateSchema, staffListQuery, staffPageSchema } from './staff-lists.ts';
import { currencies, currencyCodeSchema } from './wallet.ts';

/**
 * The back office's promotions: bonus rules (/api/staff/bonuses/rules), promo codes
 * (/api/staff/bonuses/promo-codes) and advertising broadcasts (/api/staff/broadcasts). Amounts are decimal
 * numbers in the currency's unit (dollars for BONUS_USD, whole spins for FREE_SPINS).
 */

const decimalPlaces = (value: number, places: number) => Number(value.toFixed(places)) === value;

// ---- Bonus rules ----

/** Rule rewards are bonus dollars: the player's bonuses page shows every rule's amount as '$…'. */
export const BONUS_RULE_MAX_AMOUNT = 1_000_000;

export const bonusRuleMessages = {
  id: 'id must be a bonus rule id (UUID)',
  notFound: 'Bonus rule not found',
  name: 'name must be 1 to 100 characters',
  rewardAmount: `rewardAmount must be a number of dollars above 0 and at most ${BONUS_RULE_MAX_AMOUNT.toLocaleString('en-US')}, with at most 2 decimal places`,
  targetAmount: `targetAmount must be a number of dollars above 0 and at most ${BONUS_RULE_MAX_AMOUNT.toLocaleString('en-US')}, with at most 2 decimal places`,
  targetNotApplicable: 'targetAmount applies only to weekly, monthly and win-bet rules',
  active: 'active must be true or false',
  sortOrder: 'sortOrder must be a whole number from 0 to 10000',
  empty: 'Change at least one of name, rewardAmount, targetAmount, active or sortOrder',
} as const;

/** The kinds whose rule has a target (USD staked, or won for WIN_BET, in the period). */
export const targetedBonusRuleKinds = ['WEEKLY', 'MONTHLY', 'WIN_BET'] as const;

export const staffBonusRuleSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(bonusRuleKinds),
  /** ONBOARDING rules: the welcome task. */
  task: z.string().nullable(),
  /** Dollars to stake (WEEKLY, MONTHLY) or win (WIN_BET) in the period; null for the other kinds. */
  targetAmount: z.number().nullable(),
  rewardAmount: z.number(),
  rewardCurrency: currencyCodeSchema,
  active: z.boolean(),
  sortOrder: z.number().int(),
});
export type StaffBonusRule = z.infer<typeof staffBonusRuleSchema>;
export const staffBonusRulesSchema = z.object({ items: z.array(staffBonusRuleSchema) });

const dollarsSchema = (message: string) =>
  z
    .number({ error: message })
    .gt(0, { error: message })
    .max(BONUS_RULE_MAX_AMOUNT, { error: message })
    .refine((v) => decimalPlaces(v, 2), { error: message });

export const bonusRuleIdParamsSchema = z.object({ id: z.uuid({ error: bonusRuleMessages.id }) });

/** PATCH /rules/:id: the fields to change (at least one). */
export const bonusRuleUpdateSchema = z
  .object({
    name: z
      .string({ error: bonusRuleMessages.name })
      .trim()
      .min(1, { error: bonusRuleMessages.name })
      .max(100, { error: bonusRuleMessages.name })
      .optional(),
    rewardAmount: dollarsSchema(bonusRuleMessages.rewardAmount).optional(),
    targetAmount: dollarsSchema(bonusRuleMessages.targetAmount).optional(),
    active: z.boolean({ error: bonusRuleMessages.active }).optional(),
    sortOrder: z
      .number({ error: bonusRuleMessages.sortOrder })
      .int({ error: bonusRuleMessages.sortOrder })
      .min(0, { error: bonusRuleMessages.sortOrder })
      .max(10_000, { error: bonusRuleMessages.sortOrder })
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: bonusRuleMessages.empty,
  });
export type BonusRuleUpdate = z.infer<typeof bonusRuleUpdateSchema>;

// ---- Promo codes ----

/** Spec 000 §5: a promo code is exactly 6 letters or digits (stored and compared upper-cased). */
export const PROMO_CODE_PATTERN = /^[A-Z0-9]{6}$/;
export const promoRewardCurrencies = ['BONUS_USD', 'FREE_SPINS'] as const;
export type PromoRewardCurrency = (typeof promoRewardCurrencies)[number];
export const PROMO_MAX_AMOUNT = 100_000;
export const PROMO_MAX_USES = 1_000_000;

export const promoCodeMessages = {
  id: 'id must be a promo code id (UUID)',
  notFound: 'Promo code not found',
  code: 'code must be exactly 6 letters or digits',
  codeTaken: 'A promo code with this code already exists',
  rewardCurrency: `rewardCurrency must be one of ${promoRewardCurrencies.join(', ')}`,
  amount: `amount must be above 0 and at most ${PROMO_MAX_AMOUNT.toLocaleString('en-US')}: dollars with at most 2 decimal places for BONUS_USD, a whole number of spins for FREE_SPINS`,
  expiresAt: 'expiresAt must be a date and time in the future (ISO 8601)',
  maxUses: `maxUses must be a whole number from 1 to ${PROMO_MAX_USES.toLocaleString('en-US')}`,
  active: 'active must be true or false',
  status: 'status must be one of active, inactive, expired, used_up',
  search: 'code must be at most 6 characters',
  // What a player hears at sign-up (the field is the auth payload's `promo`).
  invalid: 'Please enter a valid promo code',
  unknown: 'This promo code does not exist',
  inactive: 'This promo code is no longer valid',
  expired: 'This promo code has expired',
  usedUp: 'This promo code has reached its maximum number of uses',
  alreadyUsed: 'You have already used this promo code',
} as const;

/** The field a player's promo code refusal is about: the sign-up payload's `promo` (spec 000 §3). */
export const PROMO_FIELD = 'promo';

/** Upper-cases and trims what a player or staff member typed. */
export const normalizePromoCode = (code: string) => code.trim().toUpperCase();

const promoCodeField = z
  .string({ error: promoCodeMessages.code })
  .transform(normalizePromoCode)
  .refine((code) => PROMO_CODE_PATTERN.test(code), { error: promoCodeMessages.code });

/** Whether `amount` fits the currency (2 places for bonus dollars, whole spins). */
export function promoAmountFits(amount: number, currency: PromoRewardCurrency) {
  return (
    Number.isFinite(amount) &&
    amount > 0 &&
    amount <= PROMO_MAX_AMOUNT &&
    decimalPlaces(amount, currencies[currency].minorUnit)
  );
}

/** POST /promo-codes. */
export const promoCodeCreateSchema = z
  .object({
    code: promoCodeField,
    rewardCurrency: z.enum(promoRewardCurrencies, { error: promoCodeMessages.rewardCurrency }),
    amount: z.number({ error: promoCodeMessages.amount }),
    expiresAt: z.iso
      .datetime({ offset: true, error: promoCodeMessages.expiresAt })
      .refine((at) => new Date(at).getTime() > Date.now(), { error: promoCodeMessages.expiresAt }),
    maxUses: z
      .number({ error: promoCodeMessages.maxUses })
      .int({ error: promoCodeMessages.maxUses })
      .min(1, { error: promoCodeMessages.maxUses })
      .max(PROMO_MAX_USES, { error: promoCodeMessages.maxUses }),
  })
  .superRefine((body, ctx) => {
    if (!promoAmountFits(body.amount, body.rewardCurrency)) {
      ctx.addIssue({ code: 'custom', path: ['amount'], message: promoCodeMessages.amount });
    }
  });
export type PromoCodeCreate = z.input<typeof promoCodeCreateSchema>;

export const promoCodeIdParamsSchema = z.object({ id: z.uuid({ error: promoCodeMessages.id }) });
export const promoCodeUpdateSchema = z.object({ active: z.boolean({ error: promoCodeMessages.active }) });

/** What a code's state is now: usable, switched off, past its expiry, or out of uses. */
export const promoCodeStatuses = ['active', 'inactive', 'expired', 'used_up'] as const;
export type PromoCodeStatus = (typeof promoCodeStatuses)[number];

export const staffPromoCodeSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  rewardCurrency: z.enum(promoRewardCurrencies),
  amount: z.number(),
  expiresAt: z.string(),
  maxUses: z.number().int(),
  usesCount: z.number().int(),
  active: z.boolean(),
  status: z.enum(promoCodeStatuses),
  createdBy: z.uuid().nullable(),
  createdAt: z.string(),
});
export type StaffPromoCode = z.infer<typeof staffPromoCodeSchema>;
export const staffPromoCodePageSchema = staffPageSchema(staffPromoCodeSchema);

export const promoCodeSortable = ['createdAt', 'code', 'expiresAt', 'usesCount', 'amount'] as const;
export const promoCodeListQuerySchema = staffListQuery(promoCodeSortable, 'createdAt').extend({
  /** Codes starting with this (case-insensitive). */
  code: z.string().trim().max(6, { error: promoCodeMessages.search }).optional(),
  status: z.enum(promoCodeStatuses, { error: promoCodeMessages.status }).optional(),
  rewardCurrency: z.enum(promoRewardCurrencies, { error: promoCodeMessages.rewardCurrency }).optional(),
});
export type PromoCodeListQuery = z.infer<typeof promoCodeListQuerySchema>;

/** What a valid code gives (the sign-up form's check, issue 17). */
export interface PromoCodeOffer {
  code: string;
  rewardCurrency: PromoRewardCurrency;
  amount: number;
  expiresAt: string;
}

// ---- Broadcasts ----

/**
 * Who a broadcast reaches. Every segment is of active players (not banned, not staff):
 * ALL; DEPOSITED (at least one credited deposit) and NEVER_DEPOSITED; VERIFIED (identity verification
 * approved); ACTIVE (signed in or renewed their session within `activeDays` days).
 */
export const broadcastSegments = ['ALL', 'DEPOSITED', 'NEVER_DEPOSITED', 'VERIFIED', 'ACTIVE'] as const;
export type BroadcastSegment = (typeof broadcastSegments)[number];
export const broadcastSegmentLabels: Record<BroadcastSegment, string> = {
  ALL: 'All players',
  DEPOSITED: 'Players who deposited',
  NEVER_DEPOSITED: 'Players who never deposited',
  VERIFIED: 'Players with a verified identity',
  ACTIVE: 'Players active in the last N days',
};
export const BROADCAST_TITLE_MAX = 100;
export const BROADCAST_TEXT_MAX = 898;
export const BROADCAST_MAX_ACTIVE_DAYS = 365;

export const broadcastMessages = {
  title: `title must be 1 to ${BROADCAST_TITLE_MAX} characters`,
  text: `text must be 1 to ${BROADCAST_TEXT_MAX} characters`,
  segment: `segment must be one of ${broadcastSegments.join(', ')}`,
  activeDays: `activeDays must be a whole number from 1 to ${BROADCAST_MAX_ACTIVE_DAYS} for the ACTIVE segment`,
  activeDaysNotApplicable: 'activeDays applies only to the ACTIVE segment',
  noRecipients: 'No player is in this segment',
  status: 'status must be one of QUEUED, SENDING, SENT, FAILED',
  translationTitle: `a translation's title must be 1 to ${BROADCAST_TITLE_MAX} characters when its text is written`,
  translationText: `a translation's text must be 1 to ${BROADCAST_TEXT_MAX} characters when its title is written`,
} as const;

/** The languages a broadcast may be written in besides English (which is required and the fallback). */
export const broadcastTranslationLanguages = ['es', 'fr', 'it'] as const;
export type BroadcastTranslationLanguage = (typeof broadcastTranslationLanguages)[number];
export const broadcastLanguageLabels: Record<'en' | BroadcastTranslationLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  it: 'Italian',
};

/** One translation: both fields written, or both left empty (then the reader gets the English). */
const broadcastTranslationSchema = z
  .object({
    title: z
      .string()
      .trim()
      .max(BROADCAST_TITLE_MAX, { error: broadcastMessages.translationTitle })
      .default(''),
    text: z.string().trim().max(BROADCAST_TEXT_MAX, { error: broadcastMessages.translationText }).default(''),
  })
  .superRefine((value, ctx) => {
    if (value.text && !value.title)
      ctx.addIssue({ code: 'custom', path: ['title'], message: broadcastMessages.translationTitle });
    if (value.title && !value.text)
      ctx.addIssue({ code: 'custom', path: ['text'], message: broadcastMessages.translationText });
  });

export const broadcastTranslationsSchema = z
  .object({
    es: broadcastTranslationSchema.optional(),
    fr: broadcastTranslationSchema.optional(),
    it: broadcastTranslationSchema.optional(),
  })
  .optional()
  .transform((all) => {
    const kept: Partial<Record<BroadcastTranslationLanguage, { title: string; text: string }>> = {};
    for (const language of broadcastTranslationLanguages) {
      const one = all?.[language];
      if (one?.title && one.text) kept[language] = { title: one.title, text: one.text };
    }
    return kept;
  });
export type BroadcastTranslations = z.output<typeof broadcastTranslationsSchema>;

/**
 * The text each language's reader gets: the notification's messageParams under the key 'broadcast'
 * (BROADCAST_MESSAGE_KEY), rendered in the reader's language with English where there is none.
 */
export function broadcastMessageParams(
  title: string,
  text: string,
  translations: BroadcastTranslations,
): Record<string, string> {
  const params: Record<string, string> = { en: renderBroadcastMessage(title, text) };
  for (const language of broadcastTranslationLanguages) {
    const one = translations[language];
    if (one) params[language] = renderBroadcastMessage(one.title, one.text);
  }
  return params;
}

/**
 * The spec's notification has one text, notificationMessage (001 §3): a broadcast's title and text are
 * written into it as 'Title: text' (or 'Title! text' when the title ends with its own punctuation), so the
 * list, the toast and the detail page show both.
 */
export function renderBroadcastMessage(title: string, text: string): string {
  const head = title.trim();
  const body = text.trim();
  return /[.!?:…]$/.test(head) ? `${head} ${body}` : `${head}: ${body}`;
}

/** POST /preview and POST /: the notification to compose and who gets it. */
export const broadcastComposeSchema = z
  .object({
    title: z
      .string({ error: broadcastMessages.title })
      .trim()
      .min(1, { error: broadcastMessages.title })
      .max(BROADCAST_TITLE_MAX, { error: broadcastMessages.title }),
    text: z
      .string({ error: broadcastMessages.text })
      .trim()
      .min(1, { error: broadcastMessages.text })
      .max(BROADCAST_TEXT_MAX, { error: broadcastMessages.text }),
    segment: z.enum(broadcastSegments, { error: broadcastMessages.segment }),
    activeDays: z
      .number({ error: broadcastMessages.activeDays })
      .int({ error: broadcastMessages.activeDays })
      .min(1, { error: broadcastMessages.activeDays })
      .max(BROADCAST_MAX_ACTIVE_DAYS, { error: broadcastMessages.activeDays })
      .nullish(),
    /** Spanish, French and Italian, each optional: a reader without theirs gets the English. */
    translations: broadcastTranslationsSchema,
  })
  .superRefine((body, ctx) => {
    if (body.segment === 'ACTIVE' && body.activeDays == null) {
      ctx.addIssue({ code: 'custom', path: ['activeDays'], message: broadcastMessages.activeDays });
    }
    if (body.segment !== 'ACTIVE' && body.activeDays != null) {
      ctx.addIssue({
        code: 'custom',
        path: ['activeDays'],
        message: broadcastMessages.activeDaysNotApplicable,
      });
    }
  });
export type BroadcastCompose = z.infer<typeof broadcastComposeSchema>;
export type BroadcastComposeInput = z.input<typeof broadcastComposeSchema>;

/** The notification as players will see it (not written). */
export const broadcastPreviewSchema = z.object({
  recipients: z.number().int(),
  notification: notificationSchema.omit({ id: true }),
});
export type BroadcastPreview = z.infer<typeof broadcastPreviewSchema>;

export const broadcastStatuses = ['QUEUED', 'SENDING', 'SENT', 'FAILED'] as const;
export type BroadcastStatus = (typeof broadcastStatuses)[number];

export const staffBroadcastSchema = z.object({
  id: z.uuid(),
  /** null for a broadcast sent through the spec's POST /notifications/broadcast (no title). */
  title: z.string().nullable(),
  text: z.string(),
  /** The notificationMessage players got. */
  message: z.string(),
  /** The languages it was also written in, with their title and text. */
  translations: z.partialRecord(
    z.enum(broadcastTranslationLanguages),
    z.object({ title: z.string(), text: z.string() }),
  ),
  segment: z.enum(broadcastSegments),
  activeDays: z.number().int().nullable(),
  /** Players who got it (set as it is sent). */
  recipients: z.number().int(),
  status: z.enum(broadcastStatuses),
  createdBy: z.uuid().nullable(),
  createdByEmail: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type StaffBroadcast = z.infer<typeof staffBroadcastSchema>;
export const staffBroadcastPageSchema = staffPageSchema(staffBroadcastSchema);

export const broadcastSortable = ['createdAt', 'recipients', 'sentAt'] as const;
export const broadcastListQuerySchema = staffListQuery(broadcastSortable, 'createdAt').extend({
  segment: z.enum(broadcastSegments, { error: broadcastMessages.segment }).optional(),
  status: z.enum(broadcastStatuses, { error: broadcastMessages.status }).optional(),
  dateFrom: staffDateSchema.optional(),
  dateTo: staffDateSchema.optional(),
});
export type BroadcastListQuery = z.infer<typeof broadcastListQuerySchema>;
