import { index, pgEnum, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';

export const outboxChannel = pgEnum('outbox_channel', ['email', 'sms']);

/** Every e-mail and SMS the product sends, kept for delivery and for the development outbox. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    channel: outboxChannel().notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    createdAt: createdAt(),
    deliveredAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index().on(t.createdAt)],
);
