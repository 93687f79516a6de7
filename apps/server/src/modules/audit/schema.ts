import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.ts';

/**
 * The append-only audit log: one row per staff action. A trigger (migration 0011) refuses UPDATE, DELETE
 * and TRUNCATE, so not even the application can rewrite history. No foreign keys: a row outlives the
 * accounts it names, and the module stands alone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: timestamp({ withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** null for the system. */
    actorId: uuid(),
    /** The actor's staff roles when acting (roles change; the log keeps what they were). */
    actorRoles: text().array().notNull().default([]),
    /** `<area>.<verb>`, e.g. role.grant. */
    action: text().notNull(),
    /** What was acted on, e.g. user, withdrawal, ticket, news_post. */
    targetType: text().notNull(),
    targetId: text(),
    before: jsonb(),
    after: jsonb(),
    ip: text(),
  },
  (t) => [
    index().on(t.at, t.id),
    index().on(t.actorId, t.at),
    index().on(t.targetType, t.targetId, t.at),
    index().on(t.action, t.at),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
