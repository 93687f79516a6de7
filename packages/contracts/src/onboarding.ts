/**
 * The onboarding tour (spec 000 §2–§3, 001 §2–§5, §9): its steps, the local storage key the step lives
 * under, the profile-creation rules and the 100-point reward the bonuses service credits once per player.
 * Plain constants and functions (no zod): the overlay sits on every screen and stays out of zod's chunk.
 */

export const onboardingSteps = [
  'STEP_1',
  'STEP_2',
  'STEP_3',
  'PROFILE_CREATION',
  'SUCCESS',
  'SKIPPED',
  'COMPLETED',
] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

export const isOnboardingStep = (value: unknown): value is OnboardingStep =>
  typeof value === 'string' && (onboardingSteps as readonly string[]).includes(value);

/** Spec 000 §3 local storage key. */
export const ONBOARDING_STEP_KEY = 'onboardingStep';
/** Spec 001 §9: the tour's counter shows 3 steps. */
export const ONBOARDING_TOUR_STEPS = 3;
/** Spec 001 §9: the vibe highlight starts 200 ms after claiming the reward. */
export const VIBE_HIGHLIGHT_DELAY_MS = 200;
/** Spec 001 §9: the onboarding reward, in points (PAWS). */
export const ONBOARDING_REWARD_POINTS = 100;
export const ONBOARDING_REWARD_CURRENCY = 'PAWS';
export const ONBOARDING_USERNAME_MIN = 3;
/** Spec 001 §9: username max length 10 (the profile settings' rule, which the server applies). */
export const ONBOARDING_USERNAME_MAX = 10;
/** Spec 001 §9: a phone needs at least 10 digits in the completeness check. */
export const COMPLETENESS_PHONE_MIN_DIGITS = 10;

export const onboardingMessages = {
  usernameRequired: 'Username is required',
  usernameMin: 'Username must be at least 3 characters',
  // Not given by the spec: the product's own wording.
  usernameMissing: 'Choose a username before claiming the onboarding reward',
} as const;

/** Spec 001 §3 onboarding form; only the username is submitted and saved. */
export interface OnboardingForm {
  username: string;
  email: string;
  phone: string;
  telegram: string;
  avatarSelected: boolean;
  followClicked: boolean;
}

/** Spec 001 §5 onboarding username: required, at least 3 characters after trimming. */
export function onboardingUsernameError(username: string): string | null {
  const value = username.trim();
  if (value.length === 0) return onboardingMessages.usernameRequired;
  if (value.length < ONBOARDING_USERNAME_MIN) return onboardingMessages.usernameMin;
  return null;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Spec 001 §5 completeness checks (for the 100-point value): which parts of the profile are complete. Email
 * must look like an e-mail, the phone needs at least 10 digits, telegram must be non-empty; with the valid
 * username, four parts. The form's avatarSelected and followClicked are kept but not counted: the spec gives
 * no rule for them.
 */
export function onboardingCompleteness(form: OnboardingForm) {
  const checks = {
    username: onboardingUsernameError(form.username) === null,
    email: EMAIL_SHAPE.test(form.email.trim()),
    phone: form.phone.replace(/\D/g, '').length >= COMPLETENESS_PHONE_MIN_DIGITS,
    telegram: form.telegram.trim().length > 0,
  };
  const values = Object.values(checks);
  return { checks, done: values.filter(Boolean).length, total: values.length };
}

/** GET and POST /api/bonuses/onboarding-reward */
export interface OnboardingRewardResponse {
  claimed: boolean;
  /** Points (PAWS). */
  amount: number;
  currencyCode: typeof ONBOARDING_REWARD_CURRENCY;
}
