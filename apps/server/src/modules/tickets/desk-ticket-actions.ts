import { staffTicketMessages } from '@paws/contracts/staff-tickets';
import { ticketMessages as texts } from '@paws/contracts/tickets';
import { badRequest, conflict } from '../../lib/errors.ts';
import type { DeskActor, DeskActorRecords } from './desk-actor.ts';
import type { createDeskQueue } from './desk-queue.ts';
import type { DeskRepository } from './desk-repository.ts';
import type { IncomingFile } from './files.ts';
import { ticketRules } from './rules.ts';
import type { TicketsService } from './service.ts';

export interface DeskTicketActionsDeps {
  repo: DeskRepository;
  service: TicketsService;
  reads: Pick<ReturnType<typeof createDeskQueue>, 'answerers' | 'ticketOf' | 'detail'>;
  actors: DeskActorRecords;
  /** After a change only staff see (a note): refresh the desks. */
  touched(ticketId: string): void;
  /** After staff revoked a visitor's links: the visitor's open chats are dropped with `message`. */
  guestLinksRevoked(ticketId: string, message: string): Promise<void>;
}

/** What staff do to one ticket at the desk; each answers the ticket as the desk then shows it. */
export function createDeskTicketActions({
  repo,
  service,
  reads: { answerers, ticketOf, detail },
  actors: { record, staffAuthor, brief },
  touched,
  guestLinksRevoked,
}: DeskTicketActionsDeps) {
  const { writes } = service;

  return {
    /** Take: assigned to me; a new ticket becomes IN_PROGRESS. */
    async take(actor: DeskActor, id: string) {
      await writes.move(
        id,
        await staffAuthor(actor),
        (ticket) => ticketRules.take(ticket.status),
        () => ({ assigneeId: actor.actorId }),
        (tx, before, after) =>
          record(tx, actor, 'tickets.take', id, brief(before), brief(after)).then(() => {}),
      );
      return detail(id);
    },

    /** Assign to a staff member who answers tickets, or to no one. */
    async assign(actor: DeskActor, id: string, staffId: string | null) {
      if (staffId !== null && !(await answerers()).some((m) => m.userId === staffId)) {
        throw badRequest(staffTicketMessages.assignee, 'staffId');
      }
      await writes.move(
        id,
        await staffAuthor(actor),
        () => undefined,
        () => ({ assigneeId: staffId }),
        (tx, before, after) =>
          record(tx, actor, 'tickets.assign', id, brief(before), brief(after)).then(() => {}),
      );
      return detail(id);
    },

    /** A staff reply (text and/or file): CREATED and RETURNED become IN_PROGRESS. */
    async reply(actor: DeskActor, id: string, input: { message: unknown; file?: IncomingFile }) {
      await writes.post(
        id,
        await staffAuthor(actor),
        input,
        (ticket) => ticketRules.staffReply(ticket.status),
        (tx, before, after, message) =>
          record(tx, actor, 'tickets.reply', id, brief(before), {
            ...brief(after),
            messageId: message.id,
            file: message.fileName,
          }).then(() => {}),
      );
      return detail(id);
    },

    /** Propose the solution: RESOLVE_REQUEST. */
    async resolveRequest(actor: DeskActor, id: string) {
      await writes.move(
        id,
        await staffAuthor(actor),
        (ticket) => ticketRules.resolveRequest(ticket.status),
        undefined,
        (tx, before, after) =>
          record(tx, actor, 'tickets.resolve_request', id, brief(before), brief(after)).then(() => {}),
      );
      return detail(id);
    },

    /**
     * Revoke a visitor's private links: the ticket's link generation goes up, so every link e-mailed so far
     * stops opening it (410) and the visitor's open chats are dropped; the next e-mail (a staff reply)
     * carries a link of the new generation. Only a visitor's ticket has links (409 otherwise). Audited
     * (tickets.guest_links_revoke).
     */
    async revokeGuestLinks(actor: DeskActor, id: string) {
      await writes.move(
        id,
        await staffAuthor(actor),
        (ticket) => {
          if (ticket.userId !== null) throw conflict(staffTicketMessages.notGuestTicket);
          return undefined;
        },
        (ticket) => ({ guestLinkVersion: ticket.guestLinkVersion + 1 }),
        (tx, before, after) =>
          record(
            tx,
            actor,
            'tickets.guest_links_revoke',
            id,
            { guestLinkVersion: before.guestLinkVersion },
            { guestLinkVersion: after.guestLinkVersion },
          ).then(() => {}),
      );
      // Committed already: an open chat not reached now is refused at its next write (the link is checked).
      await guestLinksRevoked(id, texts.guestLinkExpired).catch(() => {});
      return detail(id);
    },

    /** An internal note (staff only). */
    async note(actor: DeskActor, id: string, text: string) {
      await ticketOf(id);
      await repo.transaction(async (tx) => {
        const note = await repo.insertNote(
          { ticketId: id, authorId: actor.actorId, authorEmail: actor.email ?? '', text },
          tx,
        );
        await record(tx, actor, 'tickets.note', id, null, { noteId: note?.id, text });
      });
      touched(id);
      return detail(id);
    },
  };
}
