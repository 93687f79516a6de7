import { verificationResults, verificationSessionStatuses } from '@paws/contracts/verification';
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.ts';

export const verificationSessionStatus = pgEnum('verification_session_status', verificationSessionStatuses);
export const verificationResult = pgEnum('verification_result', verificationResults);

/**
 * One row per verification session a player starts with the KYC provider; the id is the provider's
 * session id. userId is a plain uuid (no foreign key to identity), like the wallet's and payments'.
 */
export const verificationSessions = pgTable(
  'verification_sessions',
  {
    id: uuid().primaryKey(),
    userId: uuid().notNull(),
    /** The KYC provider's code ('sandbox'). */
    provider: text().notNull(),
    status: verificationSessionStatus().notNull().default('STARTED'),
    result: verificationResult(),
    /** When the player handed the document in for review (the user is PENDING from then on). */
    submittedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Storage key of the uploaded document under DATA_DIR (never served publicly), and what it was. */
    documentPath: text(),
    documentName: text(),
    documentType: text(),
    documentSize: integer(),
    /** A staff member's review (the back office's verification queue), instead of the provider's result. */
    reviewedBy: uuid(),
    reviewedAt: timestamp({ withTimezone: true, mode: 'date' }),
    /** Why staff decided so (a decline's reason is told to the player). */
    reviewReason: text(),
    ...timestamps,
  },
  (t) => [
    index('verification_sessions_user_created_idx').on(t.userId, t.createdAt),
    index('verification_sessions_submitted_idx').on(t.submittedAt).where(sql`${t.submittedAt} is not null`),
  ],
);
export type VerificationSessionRow = typeof verificationSessions.$inferSelect;
