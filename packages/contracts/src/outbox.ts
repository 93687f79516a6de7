import { z } from 'zod';

export const outboxChannels = ['email', 'sms'] as const;
export const outboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(outboxChannels),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxListSchema = z.object({ messages: z.array(outboxMessageSchema) });
