import { z } from 'zod';
import { codeSchema, emailSchema, linkTokenSchema, phoneSchema } from './auth.ts';
import { banInfoSchema } from './bans.ts';

/** Player profile: inline edits, avatar (identity service) and user data (platform service); spec 001 §3–§9. */

export const profileMessages = {
  usernameRequired: 'Username is required',
  usernameMin: 'Username must be at least 3 characters',
  // Not given by the spec: the product's own wording.
  usernameMax: 'Username must be at most 10 characters',
  usernamePattern: 'Username may contain only letters, numbers and underscores',
  usernameTaken: 'This username is already taken',
  emailMax: 'Email must be at most 30 characters',
  sameEmail: 'This is already your email',
  emailUpdated: 'Email updated. Please verify your new email.',
  emailVerified: 'Email verified',
  usernameUpdated: 'Username updated',
  phoneUpdated: 'Phone number updated',
  /** Issue 31: a new phone becomes the account's only once the code sent to it is entered. */
  phoneCodeSent: (phone: string) =>
    `We sent a verification code to ${phone}. Enter it to confirm your new phone number.`,
  phoneVerified: 'Phone number verified',
  avatarType: 'Please select a JPEG or PNG image',
  avatarSize: 'Image must be less than 10MB',
} as const;

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 10;
export const PROFILE_EMAIL_MAX_LENGTH = 30;
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png'] as const;
/** Longest side of the stored full avatar, and side of the square small one, in pixels. */
export const AVATAR_FULL_SIZE = 1024;
export const AVATAR_SMALL_SIZE = 128;

export const usernameSchema = z
  .string({ error: profileMessages.usernameRequired })
  .trim()
  .min(1, { error: profileMessages.usernameRequired, abort: true })
  .min(USERNAME_MIN_LENGTH, { error: profileMessages.usernameMin, abort: true })
  .max(USERNAME_MAX_LENGTH, { error: profileMessages.usernameMax, abort: true })
  .regex(/^[A-Za-z0-9_]+$/, { error: profileMessages.usernamePattern });

export const profileEmailSchema = emailSchema.max(PROFILE_EMAIL_MAX_LENGTH, {
  error: profileMessages.emailMax,
});

export const profileEditFields = ['username', 'email', 'phone'] as const;
export type ProfileEditField = (typeof profileEditFields)[number];
/** The rule each inline field is checked with, on the client and on the server. */
export const profileFieldSchemas = {
  username: usernameSchema,
  email: profileEmailSchema,
  phone: phoneSchema,
} as const satisfies Record<ProfileEditField, z.ZodType<string>>;

/** POST /profile/edit/{field} */
export const profileEditParamsSchema = z.object({ field: z.enum(profileEditFields) });
export const profileEditBodySchema = z.object({
  value: z.string({ error: 'Value is required' }).max(256, { error: 'Value is too long' }),
  /** Required for email: the page origin plus the verify-email path; the e-mailed link is `${callbackUrl}?token=…`. */
  callbackUrl: z.string().max(2048).optional(),
});
export type ProfileEditBody = z.infer<typeof profileEditBodySchema>;
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * 201 of POST /profile/edit/{field}: the message, and for a new phone where its code went (the phone
 * changes only once POST /profile/verify-phone confirms the code).
 */
export const profileEditResponseSchema = messageResponseSchema.extend({ codeSentTo: z.string().optional() });
export type ProfileEditResponse = z.infer<typeof profileEditResponseSchema>;

/** POST /profile/verify-phone: the new phone (as sent to the edit call) and the SMS code sent to it. */
export const verifyPhoneBodySchema = z.object({ value: phoneSchema, otpPhone: codeSchema });
export type VerifyPhoneBody = z.infer<typeof verifyPhoneBodySchema>;

/** POST /profile/verify-email (the token from the e-mailed link; no session needed) */
export const verifyEmailBodySchema = z.object({ token: linkTokenSchema });
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>;

/** 201 of POST /profile/avatar (multipart field `avatar`). Links are paths on the calling origin. */
export const avatarResponseSchema = z.object({ linkFull: z.string(), linkMinified: z.string() });
export type AvatarResponse = z.infer<typeof avatarResponseSchema>;

// ---------------------------------------------------------------------------------------------------------
// GET /api/platform/profile/user-data

export const verificationTypes = ['NONE', 'PENDING', 'APPROVED', 'DECLINED'] as const;
export type VerificationType = (typeof verificationTypes)[number];
export const userRoles = ['player', 'manager', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];
export const currencyCodes = ['USD', 'PAWS', 'BONUS_USD', 'FREE_SPINS'] as const;
export type CurrencyCode = (typeof currencyCodes)[number];

export const balanceSchema = z.object({
  currencyCode: z.enum(currencyCodes),
  /** Decimal, at most 2 places. */
  amount: z.number(),
  currency: z.object({ symbol: z.string().nullable() }),
});
export type Balance = z.infer<typeof balanceSchema>;

export const userSchema = z.object({
  userId: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  linkMinified: z.string().nullable(),
  linkFull: z.string().nullable(),
  verificationType: z.enum(verificationTypes),
  isManager: z.boolean(),
  role: z.enum(userRoles),
  emailVerified: z.boolean(),
  phoneVerified: z.boolean(),
  promoCode: z.string().nullable(),
  referralCode: z.string().nullable(),
  /** ISO 8601 */
  createdAt: z.string(),
  /** Present only while the account is banned: the client shows the banned modal with it at load. */
  ban: banInfoSchema.optional(),
});
export type User = z.infer<typeof userSchema>;

export const userDataSchema = z.object({ user: userSchema, balances: z.array(balanceSchema) });
export type UserData = z.infer<typeof userDataSchema>;
