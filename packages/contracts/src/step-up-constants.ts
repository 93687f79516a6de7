// Zod-free: the API client reads the 'step-up required' answer and its messages without loading zod.

/**
 * Step-up (issue 29 point 5): a withdrawal, a change of e-mail or phone, starting the authenticator app's
 * enrolment or turning two-step sign-in off needs a proof of presence younger than the window in this
 * session. Without one the call answers 403 with this code; POST /api/identity/auth/step-up makes one.
 */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';
/** How long a proof (a sign-in or a step-up) counts for the money and account changes. */
export const STEP_UP_WINDOW_MINUTES = 5;

export const stepUpMethods = ['totp', 'recovery', 'email', 'phone'] as const;
export type StepUpMethod = (typeof stepUpMethods)[number];
/** Where a step-up code can be sent: the account's confirmed e-mail or phone. */
export const stepUpChannels = ['email', 'phone'] as const;
export type StepUpChannel = (typeof stepUpChannels)[number];

export const stepUpMessages = {
  required: 'Confirm it is you to continue',
  method: 'Choose how to confirm: totp, recovery, email or phone',
  channel: 'Choose where to send the code: email or phone',
  code: 'Enter the 6-digit code',
  recoveryCode: 'Enter a recovery code (XXXXX-XXXXX)',
  wrongCode: 'This code is not valid',
  noChannel: 'There is no confirmed address of this kind on your account',
  noApp: 'Two-step sign-in is off on your account',
  sendFirst: 'Ask for a code first',
  cancelled: 'Not confirmed: nothing was changed',
} as const;

/** The body of the 403 that asks for a fresh proof. */
export interface StepUpRequired {
  statusCode: 403;
  message: string;
  code: typeof STEP_UP_REQUIRED;
}

/** Whether an error body is the 403 'step-up required' (a small check, no zod). */
export const isStepUpRequiredBody = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && (body as { code?: unknown }).code === STEP_UP_REQUIRED;
