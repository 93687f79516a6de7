import { bigint, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A staff member's TOTP second factor: the secret encrypted with a key derived from SECRET, and the last
 * time step accepted (a code is good once). No foreign key to identity's users: modules own their tables.
 */
export const staffSecondFactors = pgTable('staff_second_factors', {
  userId: uuid().primaryKey(),
  secretCiphertext: text().notNull(),
  lastTimeStep: bigint({ mode: 'number' }),
  enabledAt: createdAt(),
});

/** One-time recovery codes, stored as keyed hashes; a used code keeps its row with usedAt. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: id(),
    userId: uuid().notNull(),
    codeHash: text().notNull().unique(),
    usedAt: at(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

/**
 * The step between a right password and a session: which account, the secret being enrolled (when the
 * account has none yet), how many wrong codes so far. Good for five minutes, once.
 */
export const staffSignInChallenges = pgTable('staff_sign_in_challenges', {
  id: id(),
  userId: uuid().notNull(),
  enrolmentSecretCiphertext: text(),
  attempts: integer().notNull().default(0),
  expiresAt: at().notNull(),
  usedAt: at(),
  createdAt: createdAt(),
});

/** A back-office session: its own cookie, separate from the player's; idle and absolute expiries. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: id(),
    userId: uuid().notNull(),
    tokenHash: text().notNull().unique(),
    ip: text(),
    userAgent: text(),
    createdAt: createdAt(),
    lastSeenAt: at().notNull().defaultNow(),
    expiresAt: at().notNull(),
    revokedAt: at(),
  },
  (t) => [index().on(t.userId)],
);

export type StaffSessionRow = typeof staffSessions.$inferSelect;

/** An admin's invitation to join the staff: a link to set a password, good for 72 hours, once. */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: id(),
    email: text().notNull(),
    roles: text().array().notNull(),
    tokenHash: text().notNull().unique(),
    invitedBy: uuid().notNull(),
    expiresAt: at().notNull(),
    acceptedAt: at(),
    acceptedUserId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.email)],
);

/** A staff member's named filters of a queue (the back office's saved filters), theirs alone. */
export const staffSavedFilters = pgTable(
  'staff_saved_filters',
  {
    id: id(),
    userId: uuid().notNull(),
    queue: text().notNull(),
    name: text().notNull(),
    filters: jsonb().$type<Record<string, string>>().notNull(),
    updatedAt: at().notNull(),
  },
  (t) => [unique().on(t.userId, t.queue, t.name)],
);
