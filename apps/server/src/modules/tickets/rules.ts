import { staffTicketMessages } from '@paws/contracts/staff-tickets';
import { finishedTicketStatuses, type TicketStatus, ticketMessages } from '@paws/contracts/tickets';
import { conflict } from '../../lib/errors.ts';

/**
 * The ticket's status rules (docs/decisions.md, Tickets): who may move a ticket from which status to which.
 * Each answers the new status, nothing when the action leaves the status as it is, or throws 409.
 */
export const isFinished = (status: TicketStatus) =>
  (finishedTicketStatuses as readonly TicketStatus[]).includes(status);

function open(status: TicketStatus) {
  if (isFinished(status)) throw conflict(ticketMessages.finished);
}

export const ticketRules = {
  /** Any message: finished tickets take none. Writing never changes the status by itself for the player. */
  message(status: TicketStatus) {
    open(status);
  },
  /** A staff reply: the ticket is being worked on (CREATED and RETURNED become IN_PROGRESS). */
  staffReply(status: TicketStatus): TicketStatus | undefined {
    open(status);
    return status === 'CREATED' || status === 'RETURNED' ? 'IN_PROGRESS' : undefined;
  },
  /** Staff take the ticket: a new one becomes IN_PROGRESS; otherwise only the assignee changes. */
  take(status: TicketStatus): TicketStatus | undefined {
    open(status);
    return status === 'CREATED' ? 'IN_PROGRESS' : undefined;
  },
  /** Staff propose the solution: RESOLVE_REQUEST, waiting for the player's Accept or Return. */
  resolveRequest(status: TicketStatus): TicketStatus {
    open(status);
    if (status === 'RESOLVE_REQUEST') throw conflict(staffTicketMessages.alreadyResolveRequest);
    return 'RESOLVE_REQUEST';
  },
  /** The player's Accept (in RESOLVE_REQUEST) or 'Problem solved' (any open status): CLOSED. */
  resolve(status: TicketStatus): TicketStatus {
    open(status);
    return 'CLOSED';
  },
  /** The player's 'Return it for revision': only an answer to RESOLVE_REQUEST. */
  return(status: TicketStatus): TicketStatus {
    open(status);
    if (status !== 'RESOLVE_REQUEST') throw conflict(ticketMessages.notResolveRequest);
    return 'RETURNED';
  },
  /** The scheduled job: a RESOLVE_REQUEST the player left unanswered. */
  autoClose(status: TicketStatus): TicketStatus | undefined {
    return status === 'RESOLVE_REQUEST' ? 'AUTO_CLOSED' : undefined;
  },
  /** A rating: once, and only on a CLOSED ticket. */
  rate(status: TicketStatus, rated: boolean) {
    if (status !== 'CLOSED') throw conflict(ticketMessages.notClosed);
    if (rated) throw conflict(ticketMessages.alreadyRated);
  },
};
