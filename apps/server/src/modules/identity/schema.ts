import { userRoles, verificationTypes } from '@paws/contracts/profile';
import { staffRoles as staffRoleNames } from '@paws/contracts/staff';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import { createdAt, id, timestamps } from '../../db/columns.ts';

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
    /**
     * When the player last proved presence in this sign-in (the sign-in itself, then each step-up). The
     * family's newest is what step-up.ts reads; rows added by rotation start without one.
     */
    provedAt: at(),
  },
  (t) => [index().on(t.familyId), index().on(t.userId)],
);

export const codePurpose = pgEnum('code_purpose', [
  'registration',
  'login',
  'reset_password',
  'email_change',
  'handover',
  'phone_change',
  'step_up',
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
/**
 * STAFF: a ban staff set (and may lift); TIME_OUT and SELF_EXCLUSION: the player's own break from play
 * (responsible gaming), which staff cannot lift nor a staff ban replace.
 */
export const banKind = pgEnum('ban_kind', ['STAFF', 'TIME_OUT', 'SELF_EXCLUSION']);

export const bans = pgTable(
  'bans',
  {
    id: id(),
    kind: banKind().notNull().default('STAFF'),
    /**
     * A self-exclusion's earliest end: from then the player may ask to return, which sets endsAt 24 hours
     * later (the cooling-off). Until they ask, endsAt is null and the exclusion lasts.
     */
    returnAllowedAt: timestamp({ withTimezone: true, mode: 'date' }),
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
    /** Why a sign-in was refused: 'wrong_password', 'banned', 'unconfirmed', 'passkey_…' (sign-ins.ts). */
    failure: text(),
  },
  (t) => [index().on(t.userId, t.at)],
);

/**
 * A player's authenticator app (issue 29, two-step sign-in): the TOTP secret sealed with a key derived from
 * SECRET, on once enabledAt is set (until then it is an enrolment waiting for its first code). lastTimeStep
 * is the newest 30 s step accepted, so a code is good once. attempts counts the codes tried since
 * attemptsSince (the account's window, across pending sign-ins and profile calls); failedInRow counts
 * every code tried since the last right one (NIST's cap on consecutive failures).
 */
export const playerTwoStep = pgTable('player_two_step', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text().notNull(),
  enabledAt: at(),
  lastTimeStep: bigint({ mode: 'number' }),
  attempts: integer().notNull().default(0),
  attemptsSince: at().notNull().defaultNow(),
  failedInRow: integer().notNull().default(0),
  createdAt: at().notNull().defaultNow(),
});

/** A player's one-time recovery codes, as keyed hashes; a used one keeps its row with usedAt. */
export const playerRecoveryCodes = pgTable(
  'player_recovery_codes',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text().notNull().unique(),
    usedAt: at(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index().on(t.userId)],
);

/**
 * A sign-in waiting for its second step: the password and the link or SMS code were right, the session is
 * not started until a TOTP or recovery code answers it. Found by the keyed hash of its token; five codes,
 * five minutes, once.
 */
export const pendingSignIns = pgTable('pending_sign_ins', {
  id: id(),
  userId: uuid()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique(),
  /** 'login' or 'registration': which first step it followed (a registration is no new-device news). */
  purpose: text().notNull(),
  attempts: integer().notNull().default(0),
  expiresAt: at().notNull(),
  usedAt: at(),
  createdAt: at().notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type BanRow = typeof bans.$inferSelect;
export type SignInRow = typeof signIns.$inferSelect;
export type StaffRoleRow = typeof staffRoles.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type VerificationCodeRow = typeof verificationCodes.$inferSelect;

/**
 * Staff notes on a player (the player page's notes): append-only, newest first. No foreign keys to
 * the users table, like the other staff tables: a note outlives the accounts it names.
 */
export const staffPlayerNotes = pgTable(
  'staff_player_notes',
  {
    id: id(),
    userId: uuid().notNull(),
    authorId: uuid().notNull(),
    body: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.userId, t.createdAt),
    check('staff_player_notes_body_length', sql`char_length(${t.body}) between 1 and 2000`),
  ],
);
export type StaffPlayerNoteRow = typeof staffPlayerNotes.$inferSelect;
