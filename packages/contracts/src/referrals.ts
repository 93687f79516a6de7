import { z } from 'zod';

/**
 * Referral (issue 17): every player has a code; their link is the landing or platform address with
 * ?referralCode=<code>, which the client keeps in local storage (referralCode) and sends at sign-up.
 */
export const referralMessages = {
  // Not given by the spec: the product's own wording.
  self: 'You cannot use your own referral code',
} as const;

/** The query parameter of a referral link, and the local storage key the client keeps it under. */
export const REFERRAL_CODE_PARAM = 'referralCode';

/** Upper-cased and trimmed, as stored. */
export const normalizeReferralCode = (code: string) => code.trim().toUpperCase();

/** GET /api/identity/profile/referral */
export const referralResponseSchema = z.object({ referralCode: z.string() });
export type ReferralResponse = z.infer<typeof referralResponseSchema>;

/** The link a player shares: the origin's home page with their code. */
export const referralLinkOf = (origin: string, code: string) =>
  `${origin.replace(/\/$/, '')}/?${REFERRAL_CODE_PARAM}=${encodeURIComponent(code)}`;
