import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = () => timestamp({ withTimezone: true, mode: 'date' });

/**
 * The transactional outbox: each module inserts its domain events here in the transaction of the change.
 * The dispatcher hands undispatched rows to the subscribers' job queues and stamps dispatched_at.
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    /** UUIDv7: sorts by time. */
    id: uuid().primaryKey(),
    name: text().notNull(),
    payload: jsonb().notNull(),
    createdAt: at().notNull().defaultNow(),
    dispatchedAt: at(),
  },
  (t) => [index('domain_events_undispatched_idx').on(t.id).where(sql`${t.dispatchedAt} is null`)],
);

/** Each subscriber's handled events: an event delivered again finds its row and changes nothing. */
export const eventInbox = pgTable(
  'event_inbox',
  {
    subscriber: text().notNull(),
    eventId: uuid().notNull(),
    handledAt: at().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.subscriber, t.eventId] }), index().on(t.handledAt)],
);
