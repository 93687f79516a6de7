import type { DomainEventPayload } from '@paws/contracts/events';
import { ticketStatusLabels } from '@paws/contracts/tickets';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { type TicketRow, tickets } from './schema.ts';

/** E-mails the visitor (greeting, text, the private link of the ticket's current generation), in `tx`. */
export type EmailGuest = (ticket: TicketRow, subject: string, text: string, tx?: DbOrTx) => Promise<void>;

/** The e-mail support's answer gives the visitor: its subject and lines (none when it says nothing). */
export function guestReplyMail({
  reply,
  status,
}: Pick<DomainEventPayload<'tickets.guest_replied'>, 'reply' | 'status'>):
  | { subject: string; text: string }
  | undefined {
  const lines = [
    reply !== undefined ? `Support replied to your request: ${reply}` : undefined,
    status ? `Request status has changed to: ${ticketStatusLabels[status]}` : undefined,
  ].filter((line): line is string => Boolean(line));
  if (lines.length === 0) return undefined;
  return {
    subject: reply !== undefined ? 'Support replied to your request' : lines[0]!,
    text: lines.join('\n\n'),
  };
}

/**
 * Support's answers reach the visitor by e-mail: tickets.guest_replied (recorded with the answer) becomes
 * the e-mail in the outbox, in the transaction that writes this subscriber's inbox row, so it is written
 * once even if the process dies after the answer commits or the delivery is retried. The ticket is read at
 * delivery: the link is of the links' current generation (one revoked in between is not e-mailed).
 */
export function subscribeGuestMail(app: FastifyInstance, emailGuest: EmailGuest) {
  return app.events.subscribe('tickets.guest-mail', {
    mode: 'transactional',
    handle: async (event, tx) => {
      const mail = guestReplyMail(event.payload);
      if (!mail) return undefined;
      const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, event.payload.ticketId));
      if (!ticket || ticket.userId) return undefined;
      await emailGuest(ticket, mail.subject, mail.text, tx);
      return undefined;
    },
  });
}
