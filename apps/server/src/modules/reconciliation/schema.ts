import { index, integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.ts';
import type { ReconciliationFindings } from './findings.ts';

/** One run of the reconciliation: what it found, kept for the back office (and pruned after 90 days). */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: id(),
    startedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
    findingCount: integer().notNull(),
    findings: jsonb().$type<ReconciliationFindings>().notNull(),
  },
  (t) => [index().on(t.startedAt)],
);
