import { pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * The demo seed's own record (db/seed.ts owns it): one row per step once it completed, written after the step.
 * A start reads it in one query and runs only the steps it lacks: a step added later, or one a crash cut short.
 */
export const seedRuns = pgTable('seed_runs', {
  step: text().primaryKey(),
  completedAt: createdAt(),
});
