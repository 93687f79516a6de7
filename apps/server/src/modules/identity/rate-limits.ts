import type { RateLimitPolicy } from '../../plugins/rate-limit.ts';

const perMinute = (points: number) => ({ points, durationSeconds: 60 });

/**
 * Requests per minute from one IP and for one account (e-mail or phone in the body; the signed-in user
 * for profile calls; link-token calls name no account). IP figures leave room for households and
 * offices behind one address; account figures are what brute force is held to (on top of the five tries
 * per code, twenty wrong codes a day and the 60 s resend wait). Log-in counts per account and address, so
 * that failures from elsewhere never lock the owner out.
 */
export const defaultIdentityRateLimits = {
  login: { ip: perMinute(20), account: perMinute(5) },
  registration: { ip: perMinute(10), account: perMinute(3) },
  resetPassword: { ip: perMinute(10), account: perMinute(3) },
  /** registration/verify, login/verify, reset-password/verify and /new-password, auth-token/activate, verify-email, verify-phone */
  verify: { ip: perMinute(30), account: perMinute(10) },
  /** profile edits and avatar upload/delete */
  profile: { ip: perMinute(60), account: perMinute(20) },
} satisfies Record<string, RateLimitPolicy>;

export type IdentityRateLimitName = keyof typeof defaultIdentityRateLimits;
export type IdentityRateLimits = Record<IdentityRateLimitName, RateLimitPolicy>;
