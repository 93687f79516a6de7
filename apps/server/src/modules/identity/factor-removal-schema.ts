import { factorRemovalStatuses, removableFactors } from '@paws/contracts/staff-factors';
import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.ts';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

export const removableFactor = pgEnum('removable_factor', removableFactors);
export const factorRemovalStatus = pgEnum('factor_removal_status', factorRemovalStatuses);

/**
 * Four-eyes requests to turn a player's sign-in factor off (issue 29 point 6): support asks with a reason,
 * another staff member decides. At most one PENDING request per player and factor (the partial unique
 * index: a second is a 409). Player and staff ids are plain uuids, like the audit log's: the row outlives
 * the accounts it names. `factor` is an enum so a passkey removal can use the same request later.
 */
export const factorRemovalRequests = pgTable(
  'factor_removal_requests',
  {
    id: id(),
    userId: uuid().notNull(),
    factor: removableFactor().notNull(),
    status: factorRemovalStatus().notNull().default('PENDING'),
    reason: text().notNull(),
    requestedBy: uuid().notNull(),
    requestedAt: at().notNull().defaultNow(),
    decidedBy: uuid(),
    decidedAt: at(),
    decisionReason: text(),
  },
  (t) => [
    uniqueIndex('factor_removal_requests_one_pending')
      .on(t.userId, t.factor)
      .where(sql`${t.status} = 'PENDING'`),
    index('factor_removal_requests_user_idx').on(t.userId, t.requestedAt),
    index('factor_removal_requests_status_idx').on(t.status, t.requestedAt),
    check(
      'factor_removal_requests_decided',
      sql`(${t.status} = 'PENDING') = (${t.decidedBy} is null and ${t.decidedAt} is null)`,
    ),
  ],
);
export type FactorRemovalRow = typeof factorRemovalRequests.$inferSelect;
