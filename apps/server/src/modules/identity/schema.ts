import { userRoles, verificationTypes } from '@paws/contracts/profile';
import { staffRoles as staffRoleNames } from '@paws/contracts/staff';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, timestamps } from '../../db/columns.ts';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

export const userRole = pgEnum('user_role', userRoles);
export const staffRole = pgEnum('staff_role', staffRoleNames);
export const verificationType = pgEnum('verification_type', verificationTypes);

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Chosen after sign-up (onboarding or profile); unique regardless of case. */
    username: text(),
    /** Stored lower-cased. */
    email: text().unique(),
    emailVerifiedAt: at(),
    /** Stored as '+' and digits. */
    phone: text().unique(),
    phoneVerifiedAt: at(),
    passwordHash: text().notNull(),
    /**
     * The spec's role of user data, kept in step with staff_roles in the same transaction (see
     * specRoleOf): admin, manager for any other staff role, else player. Permissions read staff_roles.
     */
    role: userRole().notNull().default('player'),
    /** The promo code entered at sign-up (upper-cased); redeemed by bonuses when the account is confirmed. */
    promoCode: text(),
    /** The referral code the player signed up with (as sent; kept even when it named nobody). */
    referralCode: text(),
    /** The player's own referral code (their link's ?referralCode=), made the first time it is asked for. */
    ownReferralCode: text().unique(),
    /** The account whose referral code the player signed up with. */
    referredBy: uuid(),
    verificationType: verificationType().notNull().default('NONE'),
    /** Storage keys of the avatar images. */
    avatarFull: text(),
    avatarSmall: text(),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`)],
);

/**
 * One row per refresh token. Rotation adds a row to the same family and points the spent one at it;
 * revoking a session revokes every row of its family, which also ends the access tokens issued with them.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    familyId: uuid().notNull(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the refresh token. */
    tokenHash: text().notNull().unique(),
    createdAt: at().notNull(),
    lastUsedAt: at(),
    /** Absolute: the family's first sign-in plus 30 days, kept through rotations. */
    expiresAt: at().notNull(),
    revokedAt: at(),
    /** Set when this token was rotated: presenting it again is a reuse. */
    replacedBy: uuid(),
    userAgent: text(),
    ip: text(),
  },
  (t) => [index().on(t.familyId), index().on(t.userId)],
);

export const codePurpose = pgEnum('code_purpose', [
  'registration',
  'login',
  'reset_password',
  'email_change',
  'handover',
]);

/**
 * One-time codes (6 digits, typed by the user) and link tokens (opaque, in e-mailed links), stored as
 * keyed hashes. The newest row for a purpose and target is the only live one. Rows with no user stand in
 * for unknown addresses so that a password reset behaves the same whether or not the account exists.
 */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    purpose: codePurpose().notNull(),
    /** The normalized e-mail or phone the code was sent to, or the user id for handover tokens. */
    target: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text().notNull(),
    attempts: integer().notNull().default(0),
    createdAt: at().notNull(),
    expiresAt: at().notNull(),
    consumedAt: at(),
  },
  (t) => [index().on(t.purpose, t.target, t.createdAt), uniqueIndex().on(t.secretHash)],
);

/**
 * The staff roles an account holds, one row per role (an account may hold several). Granted and revoked
 * only by an admin, each change audited; grantedBy is null for the system (demo seed, bootstrap).
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: staffRole().notNull(),
    grantedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    grantedAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), index().on(t.role)],
);

/**
 * Bans, set and lifted by staff. An account is banned while one of its bans has started, has not ended
 * (endsAt null: permanent) and was not lifted. Rows are kept after they end or are lifted: the player's
 * ban history. createdBy and liftedBy are staff accounts (no foreign key, like the audit log: a row
 * outlives the accounts it names).
 */
export const bans = pgTable(
  'bans',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    startsAt: at().notNull(),
    endsAt: at(),
    createdBy: uuid(),
    createdAt: at().notNull().defaultNow(),
    liftedAt: at(),
    liftedBy: uuid(),
    liftReason: text(),
  },
  // The session check asks for the account's bans on every request.
  (t) => [index().on(t.userId)],
);

/**
 * The sign-in log: every finished sign-in (success) and every refused password or banned account at the
 * log-in step (failure says why). newDevice: the browser (user agent) had never signed in to the account.
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: at().notNull(),
    ip: text(),
    userAgent: text(),
    newDevice: boolean().notNull(),
    success: boolean().notNull(),
    /** Why a sign-in was refused: 'wrong_password', 'banned', 'unconfirmed'. */
    failure: text(),
  },
  (t) => [index().on(t.userId, t.at)],
);

export type UserRow = typeof users.$inferSelect;
export type BanRow = typeof bans.$inferSelect;
export type SignInRow = typeof signIns.$inferSelect;
export type StaffRoleRow = typeof staffRoles.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;
