import type { OutboxMessage } from '@paws/contracts/outbox';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outboxMessages } from './schema.ts';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  recipient: string;
  subject?: string;
  body: string;
}

/** The record of every outgoing e-mail and SMS (table outbox_messages): what delivery reads and marks. */
export function createMailbox(db: DbOrTx) {
  return {
    async enqueue(message: OutgoingMessage, tx: DbOrTx = db) {
      const [row] = await tx
        .insert(outboxMessages)
        .values({ ...message, subject: message.subject ?? null })
        .returning();
      return row!;
    },
    async find(id: string) {
      const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id));
      return row;
    },
    /** Stamps the message delivered, once. */
    async markDelivered(id: string) {
      await db
        .update(outboxMessages)
        .set({ deliveredAt: new Date() })
        .where(and(eq(outboxMessages.id, id), isNull(outboxMessages.deliveredAt)));
    },
    async latest(limit = 100): Promise<OutboxMessage[]> {
      const rows = await db
        .select()
        .from(outboxMessages)
        .orderBy(desc(outboxMessages.createdAt))
        .limit(limit);
      return rows.map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
        deliveredAt: r.deliveredAt?.toISOString() ?? null,
      }));
    },
  };
}
export type Mailbox = ReturnType<typeof createMailbox>;
