// Zod-free: the sign-in screens read the 'two-step required' answer and its messages without loading zod.

/**
 * A player's two-step sign-in (issue 29): a password or one-time-code sign-in of an account with an
 * authenticator app on answers 403 with this code and a pending sign-in token instead of a session; the
 * token and a TOTP or recovery code then finish it (POST /api/identity/auth/login/two-step).
 */
export const TWO_STEP_REQUIRED = 'TWO_STEP_REQUIRED';
export const PLAYER_TOTP_ISSUER = 'PAWS';
export const PLAYER_RECOVERY_CODE_COUNT = 10;

export const twoStepMessages = {
  required: 'Enter the code from your authenticator app to finish signing in',
  code: 'Enter the 6-digit code from your authenticator app or a recovery code',
  wrongCode: 'This code is not valid',
  tooManyCodes: 'Too many wrong codes, please sign in again',
  tooManyForAccount: 'Too many wrong codes, please try again in 15 minutes',
  locked: 'Too many wrong codes: two-step sign-in is locked, please contact support',
  expired: 'Your sign-in has expired, please start again',
  alreadyOn: 'Two-step sign-in is already on',
  off: 'Two-step sign-in is off',
  noEnrolment: 'Start setting up two-step sign-in again',
} as const;

/** The body of the 403 that asks for the second step. */
export interface TwoStepRequired {
  statusCode: 403;
  message: string;
  code: typeof TWO_STEP_REQUIRED;
  /** Good for five minutes and five codes. */
  pendingSignIn: string;
}
