import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.ts';
import { users } from './schema.ts';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * A player's passkeys (WebAuthn credentials, issue 29 point 1): the credential id the authenticator names
 * itself by, its public key (COSE, base64url), the signature counter last seen, and the player's name for it.
 * `blockedAt`: the counter did not go up (a copied authenticator); the credential signs nobody in after that.
 */
export const playerPasskeys = pgTable(
  'player_passkeys',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text().notNull().unique(),
    publicKey: text().notNull(),
    counter: bigint({ mode: 'number' }).notNull().default(0),
    /** The transports the browser reported at registration ('internal', 'hybrid', 'usb', ...). */
    transports: text().array().notNull().default([]),
    name: text().notNull(),
    createdAt: at().notNull().defaultNow(),
    lastUsedAt: at(),
    blockedAt: at(),
  },
  (t) => [index().on(t.userId)],
);

/**
 * One registration or sign-in ceremony's challenge: five minutes, used once (claimed by an update that only
 * a live, unused row passes). A registration's is bound to the signed-in player; a sign-in's to nobody.
 */
export const passkeyChallenges = pgTable(
  'passkey_challenges',
  {
    id: id(),
    challenge: text().notNull().unique(),
    /** 'registration' or 'authentication' */
    purpose: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: at().notNull(),
    usedAt: at(),
    createdAt: at().notNull().defaultNow(),
  },
  (t) => [index().on(t.expiresAt)],
);

export type PasskeyRow = typeof playerPasskeys.$inferSelect;
