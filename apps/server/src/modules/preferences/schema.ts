import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A player's My Preferences (spec 001 §2); no row means nothing chosen. userId is a plain uuid, like payments'. */
export const userPreferences = pgTable('user_preferences', {
  userId: uuid().primaryKey(),
  gameTypes: text().array().notNull().default(sql`'{}'::text[]`),
  updatedAt: timestamp({ withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});
