import { z } from 'zod';
import { staffRoleSchema } from './staff.ts';
import { staffPermissionNames } from './staff-permissions.ts';

/**
 * Back-office sign-in: e-mail and password, then a TOTP code from an authenticator app (enrolled with a QR
 * code at the first sign-in) or a one-time recovery code. The session cookie is the back office's own.
 */
export const STAFF_SESSION_COOKIE = 'paws_staff';
export const STAFF_TOTP_ISSUER = 'PAWS back office';
export const STAFF_RECOVERY_CODE_COUNT = 10;

export const staffAuthMessages = {
  email: 'Please enter a valid email',
  password: 'Password is required',
  invalidCredentials: 'Invalid email or password',
  challenge: 'Your sign-in has expired, please start again',
  code: 'Enter the 6-digit code from your authenticator app or a recovery code',
  wrongCode: 'This code is not valid',
  tooManyCodes: 'Too many wrong codes, please sign in again',
  banned: 'This account is banned',
} as const;

export const staffLoginBodySchema = z.object({
  email: z
    .string({ error: staffAuthMessages.email })
    .trim()
    .min(3, staffAuthMessages.email)
    .max(254, staffAuthMessages.email),
  password: z
    .string({ error: staffAuthMessages.password })
    .min(1, staffAuthMessages.password)
    .max(128, staffAuthMessages.invalidCredentials),
});
export type StaffLoginBody = z.infer<typeof staffLoginBodySchema>;

export const staffEnrolmentSchema = z.object({
  /** Base32, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as a PNG data URL. */
  qrDataUrl: z.string(),
});
export type StaffEnrolment = z.infer<typeof staffEnrolmentSchema>;

export const staffLoginResponseSchema = z.object({
  challengeId: z.string(),
  /** 'enrol': scan the QR code, then send a code; 'verify': send a code or a recovery code. */
  step: z.enum(['enrol', 'verify']),
  enrolment: staffEnrolmentSchema.optional(),
});
export type StaffLoginResponse = z.infer<typeof staffLoginResponseSchema>;

export const staffVerifyBodySchema = z.object({
  challengeId: z.uuid({ error: staffAuthMessages.challenge }),
  /** Six digits, or a recovery code XXXXX-XXXXX. */
  code: z
    .string({ error: staffAuthMessages.code })
    .trim()
    .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, staffAuthMessages.code),
});
export type StaffVerifyBody = z.infer<typeof staffVerifyBodySchema>;

export const staffPermissionSchema = z.enum(staffPermissionNames as [string, ...string[]]);

export const staffSessionMeSchema = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  roles: z.array(staffRoleSchema),
  permissions: z.array(z.string()),
});
export type StaffSessionMe = z.infer<typeof staffSessionMeSchema>;

/**
 * GET /auth/session: the signed-in staff member, or `{ me: null }` with 200 when there is no session, so that
 * the back office's first question on a cold load is not a failed request in the console (/auth/me answers 401).
 */
export const staffSessionSchema = z.object({ me: staffSessionMeSchema.nullable() });
export type StaffSession = z.infer<typeof staffSessionSchema>;

export const staffVerifyResponseSchema = z.object({
  me: staffSessionMeSchema,
  /** Only right after enrolment (or a reset of the codes): shown once, stored hashed. */
  recoveryCodes: z.array(z.string()).optional(),
});
export type StaffVerifyResponse = z.infer<typeof staffVerifyResponseSchema>;
