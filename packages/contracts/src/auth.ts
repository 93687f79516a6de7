import { z } from 'zod';
import { signUpDepositLimitSchema } from './responsible-gaming.ts';

/**
 * Sign-in, sign-up, codes and sessions (spec 000 §3–§5, §7; 001 §4, §7). The web client's forms and the
 * identity service validate with these same schemas, so the messages below are the spec's, word for word.
 */

export const authMessages = {
  emailInvalid: 'Please enter a valid email',
  emailRequired: 'Email is required',
  phoneInvalid: 'Please enter a valid phone number',
  phoneIncomplete: 'Please enter a complete phone number',
  phoneRequired: 'Phone number is required',
  passwordMin: 'Password must be at least 8 characters',
  // Not given by the spec: argon2 hashes any length, so a cap keeps a megabyte password from costing more.
  passwordMax: 'Password must be at most 128 characters',
  passwordUppercase: 'Password must contain at least one uppercase letter',
  passwordSpecial: 'Password must contain at least one special character',
  passwordNumber: 'Password must contain at least one number',
  passwordRequired: 'Password is required',
  passwordsMustMatch: 'Passwords must match',
  confirmPasswordRequired: 'Password confirmation is required',
  codeInvalid: 'Please enter a valid verification code',
  codeRequired: 'Verification code is required',
  promoInvalid: 'Please enter a valid promo code',
  // Not given by the spec: the adults-only declaration every sign-up makes (issue 28).
  ageConfirmRequired: 'Please confirm that you are 18 or older',
  // Not given by the spec: the product's own wording.
  referralCodeInvalid: 'Please enter a valid referral code',
  callbackUrlRequired: 'Callback URL is required',
  callbackUrlInvalid: 'Invalid callback URL',
  tokenRequired: 'Token is required',
  emailOrPhone: 'Send either an email or a phone number, not both',
} as const;

/** Server messages the client may show as they are (field-bound ones name their field). */
export const authServerMessages = {
  invalidEmailCredentials: 'Invalid email or password',
  invalidPhoneCredentials: 'Invalid phone number or password',
  banned: 'Your account is banned',
  emailTaken: 'An account with this email already exists',
  phoneTaken: 'An account with this phone number already exists',
  confirmEmailFirst: 'Please confirm your email first. We sent you a new confirmation link.',
  wrongCode: 'Invalid verification code',
  expiredCode: 'Verification code has expired, request a new one',
  tooManyCodeAttempts: 'Too many attempts, request a new code',
  // Not given by the spec.
  tooManyCodesToday: 'Too many wrong codes today, please try again tomorrow',
  invalidLink: 'This link is invalid or has expired',
  unauthorized: 'Unauthorized',
} as const;

export const OTP_LENGTH = 6;
/** Seconds before a new code or link may be requested for the same purpose and address (001 §9). */
export const RESEND_CODE_SECONDS = 60;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const PROMO_CODE_LENGTH = 6;

const requiredString = (required: string, invalid: string) =>
  z.string({ error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) });

// Each check aborts so that the first failing rule (in the spec's order) is the one reported.
export const emailSchema = requiredString(authMessages.emailRequired, authMessages.emailInvalid)
  .trim()
  .toLowerCase()
  .min(1, { error: authMessages.emailRequired, abort: true })
  .max(254, { error: authMessages.emailInvalid, abort: true })
  .regex(z.regexes.email, { error: authMessages.emailInvalid });

export const phoneSchema = requiredString(authMessages.phoneRequired, authMessages.phoneInvalid)
  .trim()
  .min(1, { error: authMessages.phoneRequired, abort: true })
  .regex(/^(?=.{10,20}$)\+?[0-9 ]+$/, { error: authMessages.phoneInvalid, abort: true })
  .refine(
    (value) => {
      const digits = value.replace(/\D/g, '').length;
      return digits >= 10 && digits <= 15;
    },
    { error: authMessages.phoneIncomplete },
  );

/** The stored form of a phone number: '+' and its digits. */
export const normalizePhone = (phone: string) => `+${phone.replace(/\D/g, '')}`;

export const passwordSchema = requiredString(authMessages.passwordRequired, authMessages.passwordRequired)
  .min(1, { error: authMessages.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: authMessages.passwordMin, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordMax, abort: true })
  .regex(/[A-Z]/, { error: authMessages.passwordUppercase, abort: true })
  .regex(/[^A-Za-z0-9]/, { error: authMessages.passwordSpecial, abort: true })
  .regex(/[0-9]/, { error: authMessages.passwordNumber, abort: true });

/** Log-in only asks for a password: the rules are for choosing one. */
export const loginPasswordSchema = requiredString(
  authMessages.passwordRequired,
  authMessages.passwordRequired,
)
  .min(1, { error: authMessages.passwordRequired, abort: true })
  .max(PASSWORD_MAX_LENGTH, { error: authMessages.passwordMax });

export const codeSchema = requiredString(authMessages.codeRequired, authMessages.codeInvalid)
  .trim()
  .min(1, { error: authMessages.codeRequired, abort: true })
  .regex(/^\d{6}$/, { error: authMessages.codeInvalid });

export const promoCodeSchema = z
  .string({ error: authMessages.promoInvalid })
  .trim()
  .regex(/^[A-Za-z0-9]{6}$/, { error: authMessages.promoInvalid });

export const referralCodeSchema = z
  .string({ error: authMessages.referralCodeInvalid })
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,32}$/, { error: authMessages.referralCodeInvalid });

/** Where the e-mailed link points: /callback/login or /callback/register on one of the two origins. */
export const callbackUrlSchema = requiredString(
  authMessages.callbackUrlRequired,
  authMessages.callbackUrlInvalid,
)
  .min(1, { error: authMessages.callbackUrlRequired, abort: true })
  .max(2048, { error: authMessages.callbackUrlInvalid, abort: true })
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    error: authMessages.callbackUrlInvalid,
  });

/** The sign-up's declaration that the player is an adult: only `true` is accepted. */
export const ageConfirmedSchema = z.literal(true, { error: authMessages.ageConfirmRequired });

export const linkTokenSchema = requiredString(authMessages.tokenRequired, authMessages.tokenRequired)
  .min(1, { error: authMessages.tokenRequired, abort: true })
  .max(256, { error: authServerMessages.invalidLink });

// ---------------------------------------------------------------------------------------------------------
// Client forms (the confirm fields never reach the server).

export const confirmPasswordSchema = requiredString(
  authMessages.confirmPasswordRequired,
  authMessages.confirmPasswordRequired,
).min(1, { error: authMessages.confirmPasswordRequired });

const matchPasswords =
  (passwordKey: string, confirmKey: string) => (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    if (value[confirmKey] && value[passwordKey] !== value[confirmKey]) {
      ctx.addIssue({ code: 'custom', path: [confirmKey], message: authMessages.passwordsMustMatch });
    }
  };

export const emailLoginFormSchema = z.object({ email: emailSchema, password: loginPasswordSchema });
export const phoneLoginFormSchema = z.object({ phone: phoneSchema, password: loginPasswordSchema });
export const emailRegistrationFormSchema = z
  .object({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
    promo: promoCodeSchema.optional().or(z.literal('')),
    ageConfirmed: ageConfirmedSchema,
  })
  .superRefine(matchPasswords('password', 'confirmPassword'));
export const phoneRegistrationFormSchema = z
  .object({
    phone: phoneSchema,
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
    promo: promoCodeSchema.optional().or(z.literal('')),
    ageConfirmed: ageConfirmedSchema,
  })
  .superRefine(matchPasswords('password', 'confirmPassword'));
export const emailResetFormSchema = z.object({ email: emailSchema });
export const phoneResetFormSchema = z.object({ phone: phoneSchema });
export const codeFormSchema = z.object({ code: codeSchema });
export const newPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: confirmPasswordSchema })
  .superRefine(matchPasswords('newPassword', 'confirmPassword'));

// ---------------------------------------------------------------------------------------------------------
// Requests (identity service, prefix /api/identity).

const isPresent = (input: Record<string, unknown>, key: string) => input[key] !== undefined;

/**
 * Runs presence rules that involve several fields before the fields themselves are checked, so that the
 * first reported problem of an empty form is its first field. Field formats stay with the field schemas.
 */
const withPresence = <T extends z.ZodObject>(
  rule: (input: Record<string, unknown>) => { path: string[]; message: string } | undefined,
  schema: T,
) =>
  z.preprocess((input, ctx) => {
    if (typeof input === 'object' && input !== null) {
      const problem = rule(input as Record<string, unknown>);
      if (problem) ctx.addIssue({ code: 'custom', input, ...problem });
    }
    return input;
  }, schema);

/** An e-mail or a phone number, exactly one; neither is reported as a missing e-mail (the default tab). */
const exactlyOneOfEmailOrPhone = (input: Record<string, unknown>) => {
  const email = isPresent(input, 'email');
  const phone = isPresent(input, 'phone');
  if (!email && !phone) return { path: ['email'], message: authMessages.emailRequired };
  if (email && phone) return { path: [], message: authMessages.emailOrPhone };
  return undefined;
};

/** POST /auth/login */
export const loginBodySchema = withPresence(
  exactlyOneOfEmailOrPhone,
  z.object({
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
    password: loginPasswordSchema,
    callbackUrl: callbackUrlSchema,
  }),
);
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /auth/registration */
export const registrationBodySchema = withPresence(
  exactlyOneOfEmailOrPhone,
  z.object({
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
    password: passwordSchema,
    ageConfirmed: ageConfirmedSchema,
    /** Optional: a deposit limit chosen at sign-up (UKGC RTS 12), in force once the account exists. */
    depositLimit: signUpDepositLimitSchema.optional(),
    callbackUrl: callbackUrlSchema,
  }),
);
export type RegistrationBody = z.infer<typeof registrationBodySchema>;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
/** Query of POST /auth/registration: an empty value counts as absent. */
export const registrationQuerySchema = z.object({
  promo: z.preprocess(emptyToUndefined, promoCodeSchema.optional()),
  referralCode: z.preprocess(emptyToUndefined, referralCodeSchema.optional()),
});
export type RegistrationQuery = z.infer<typeof registrationQuerySchema>;

/** POST /auth/registration/verify and /auth/login/verify: the e-mailed link's token, or the phone and SMS code. */
export const verifyBodySchema = withPresence(
  (input) => {
    if (isPresent(input, 'token')) return undefined;
    if (!isPresent(input, 'phone')) return { path: ['token'], message: authMessages.tokenRequired };
    if (!isPresent(input, 'otpPhone')) return { path: ['otpPhone'], message: authMessages.codeRequired };
    return undefined;
  },
  z.object({
    token: linkTokenSchema.optional(),
    phone: phoneSchema.optional(),
    otpPhone: codeSchema.optional(),
  }),
);
export type VerifyBody = z.infer<typeof verifyBodySchema>;

/** POST /auth/reset-password */
export const resetPasswordBodySchema = withPresence(
  exactlyOneOfEmailOrPhone,
  z.object({ email: emailSchema.optional(), phone: phoneSchema.optional() }),
);
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** POST /auth/reset-password/verify (the code travels as otpEmail for both channels) */
export const resetPasswordVerifyBodySchema = withPresence(
  exactlyOneOfEmailOrPhone,
  z.object({ email: emailSchema.optional(), phone: phoneSchema.optional(), otpEmail: codeSchema }),
);
export type ResetPasswordVerifyBody = z.infer<typeof resetPasswordVerifyBodySchema>;

/** POST /auth/reset-password/new-password */
export const newPasswordBodySchema = withPresence(
  exactlyOneOfEmailOrPhone,
  z.object({
    email: emailSchema.optional(),
    phone: phoneSchema.optional(),
    newPassword: passwordSchema,
    otpEmail: codeSchema,
  }),
);
export type NewPasswordBody = z.infer<typeof newPasswordBodySchema>;

/** POST /auth/auth-token/activate */
export const activateAuthTokenBodySchema = z.object({
  authToken: requiredString(authMessages.tokenRequired, authMessages.tokenRequired)
    .min(1, { error: authMessages.tokenRequired, abort: true })
    .max(256, { error: authServerMessages.invalidLink }),
});
export type ActivateAuthTokenBody = z.infer<typeof activateAuthTokenBodySchema>;

// ---------------------------------------------------------------------------------------------------------
// Responses.

export const authChannels = ['email', 'sms'] as const;
export type AuthChannel = (typeof authChannels)[number];
/** 201 of login, registration and reset-password: where the link or code went. */
export const codeSentResponseSchema = z.object({ channel: z.enum(authChannels) });
export type CodeSentResponse = z.infer<typeof codeSentResponseSchema>;
/** 201 of the verify, refresh, logout and activate calls; cookies carry the session. */
export const successResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponseSchema>;
/** 200 of GET /auth/auth-token: single use, valid 60 seconds. */
export const authTokenResponseSchema = z.object({ authToken: z.string() });
export type AuthTokenResponse = z.infer<typeof authTokenResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// Cookies and demo accounts.

export const ACCESS_TOKEN_COOKIE = 'access_token';
export const REFRESH_TOKEN_COOKIE = 'refresh_token';

/** Seeded on first start (development and e2e): README and e2e sign in with these. */
export const demoAccounts = {
  player: { email: 'demo@paws.local', password: 'Demo#2026', username: 'demo', phone: '+447700900123' },
  manager: { email: 'manager@paws.local', password: 'Manager#2026', username: 'manager' },
} as const;
