import { z } from 'zod';
import { staffListQuery, staffPageSchema } from './staff-lists.ts';
import {
  TICKET_MESSAGE_MAX,
  type TicketMessage,
  ticketCategorySchema,
  ticketMessageSchema,
  ticketStatusSchema,
} from './tickets.ts';

/**
 * The staff desk for support tickets (back office, /api/staff/tickets; permission tickets.answer, canned
 * responses managed with tickets.canned). The player's context beside a chat comes from the players area
 * (GET /api/staff/players/{id} and its sections), which support may read.
 *
 * Timers: `firstResponseDueAt`/`nextResponseDueAt` are the targets (ours: first answer within 1 hour of
 * creation; next answer within 4 hours of the player's latest unanswered message); `waitingSince` is when the
 * player's oldest unanswered message arrived (null when staff spoke last).
 */
export const TICKET_FIRST_RESPONSE_MINUTES = 60;
export const TICKET_NEXT_RESPONSE_MINUTES = 240;
export const CANNED_TITLE_MAX = 80;
export const NOTE_TEXT_MAX = 4000;

export const staffTicketMessages = {
  assignee: 'staffId must be the id of a staff member who answers tickets',
  note: `text must be 1 to ${NOTE_TEXT_MAX} characters`,
  cannedTitle: `title must be 1 to ${CANNED_TITLE_MAX} characters`,
  cannedText: `text must be 1 to ${TICKET_MESSAGE_MAX} characters`,
  cannedNotFound: 'Canned response not found',
  assignedTo: 'assignee must be me, none or a staff member id',
  /** 409 from POST /{id}/resolve-request when the proposal already waits for the player. */
  alreadyResolveRequest: 'The ticket already waits for the player to confirm the solution',
  /** 409 from POST /{id}/guest-links/revoke on a player's ticket (only a visitor's ticket has links). */
  notGuestTicket: "Only a visitor's ticket has private links",
} as const;

const iso = z.string();

export const staffTicketSortable = ['createdAt', 'lastMessageAt', 'waitingSince'] as const;
/**
 * GET /api/staff/tickets: the queue. status may repeat (comma-separated); `open` = every status but CLOSED and
 * AUTO_CLOSED. assignee: 'me', 'none' or a staff id. Default sort waitingSince asc (oldest waiting first).
 */
export const staffTicketsQuerySchema = staffListQuery(staffTicketSortable, 'waitingSince').extend({
  status: z.string().optional(),
  category: ticketCategorySchema.optional(),
  assignee: z.string().optional(),
  search: z.string().max(100).optional(),
});
export type StaffTicketsQuery = z.input<typeof staffTicketsQuerySchema>;

export const staffTicketRequesterSchema = z.object({
  /** null for a visitor's ticket. */
  userId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
  guest: z.boolean(),
  banned: z.boolean(),
});

export const staffTicketAssigneeSchema = z.object({ id: z.string(), email: z.string() }).nullable();

export const staffTicketListItemSchema = z.object({
  id: z.uuid(),
  status: ticketStatusSchema,
  category: ticketCategorySchema,
  createdAt: iso,
  /** The first message's opening words. */
  subject: z.string(),
  requester: staffTicketRequesterSchema,
  assignee: staffTicketAssigneeSchema,
  lastMessageAt: iso,
  lastMessage: z.string().nullable(),
  lastMessageByManager: z.boolean(),
  firstResponseAt: iso.nullable(),
  firstResponseDueAt: iso,
  waitingSince: iso.nullable(),
  nextResponseDueAt: iso.nullable(),
  messageCount: z.number().int(),
});
export type StaffTicketListItem = z.infer<typeof staffTicketListItemSchema>;
export const staffTicketsPageSchema = staffPageSchema(staffTicketListItemSchema);

/** Internal notes: visible to staff only, never sent to the player's channel or list. */
export const staffTicketNoteSchema = z.object({
  id: z.uuid(),
  text: z.string(),
  authorId: z.string(),
  authorEmail: z.string(),
  createdAt: iso,
});
export type StaffTicketNote = z.infer<typeof staffTicketNoteSchema>;

/** GET /api/staff/tickets/{id}: the ticket, its messages (as the player sees them) and the internal notes. */
export const staffTicketDetailSchema = staffTicketListItemSchema.extend({
  rating: z.number().int().nullable(),
  ratingText: z.string().nullable(),
  messages: z.array(ticketMessageSchema),
  notes: z.array(staffTicketNoteSchema),
  /** The player's last read message id (read state), or null. */
  playerReadMessageId: z.string().nullable(),
});
export type StaffTicketDetail = z.infer<typeof staffTicketDetailSchema>;

/** GET /api/staff/tickets/agents: staff who answer tickets and their open (not finished) assigned counts. */
export const staffTicketAgentSchema = z.object({
  id: z.string(),
  email: z.string(),
  open: z.number().int(),
});
export const staffTicketAgentsSchema = z.object({ agents: z.array(staffTicketAgentSchema) });

/**
 * Actions, each answering the StaffTicketDetail after it (every one audited):
 * POST /{id}/take (assign to me; CREATED → IN_PROGRESS), POST /{id}/assign {staffId | null},
 * POST /{id}/messages (multipart: message, optional file; a reply moves CREATED/RETURNED → IN_PROGRESS),
 * POST /{id}/notes {text}, POST /{id}/resolve-request (→ RESOLVE_REQUEST),
 * GET /files/{messageId} (the attachment, staff side).
 */
export const assignTicketBodySchema = z.object({
  staffId: z.string({ error: staffTicketMessages.assignee }).nullable(),
});
export const ticketNoteBodySchema = z.object({
  text: z
    .string({ error: staffTicketMessages.note })
    .trim()
    .min(1, { error: staffTicketMessages.note })
    .max(NOTE_TEXT_MAX, { error: staffTicketMessages.note }),
});

/** Canned responses: GET/POST /api/staff/tickets/canned, PATCH/DELETE /api/staff/tickets/canned/{id}. */
export const cannedResponseSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  text: z.string(),
  updatedAt: iso,
});
export type CannedResponse = z.infer<typeof cannedResponseSchema>;
export const cannedResponsesSchema = z.object({ items: z.array(cannedResponseSchema) });
export const cannedResponseBodySchema = z.object({
  title: z
    .string({ error: staffTicketMessages.cannedTitle })
    .trim()
    .min(1, { error: staffTicketMessages.cannedTitle })
    .max(CANNED_TITLE_MAX, { error: staffTicketMessages.cannedTitle }),
  text: z
    .string({ error: staffTicketMessages.cannedText })
    .trim()
    .min(1, { error: staffTicketMessages.cannedText })
    .max(TICKET_MESSAGE_MAX, { error: staffTicketMessages.cannedText }),
});

// ---- Realtime for staff: socket.io on path /api/staff/socket.io (so the staff cookie, path /api/staff, is
// sent), namespace '/desk', back-office origin only, staff with tickets.answer. ----

export const STAFF_SOCKET_PATH = '/api/staff/socket.io';
export const DESK_NAMESPACE = '/desk';

export interface DeskServerToClientEvents {
  /** A ticket in the queue changed (new, new message, status, assignment): refresh the queue. */
  ticketUpdated: (payload: { ticketId: string }) => void;
  /** In a joined ticket: a new message (player's or staff's). */
  ticketMessage: (payload: { ticketId: string; message: TicketMessage }) => void;
  ticketStatus: (payload: { ticketId: string; status: z.infer<typeof ticketStatusSchema> }) => void;
  typing: (payload: { ticketId: string; typing: boolean }) => void;
  read: (payload: { ticketId: string; messageId: string; readAt: string }) => void;
}
export interface DeskClientToServerEvents {
  /** Follow one ticket's chat (leave the previous one). */
  join: (ticketId: string, ack?: (ok: boolean) => void) => void;
  leave: (ticketId: string) => void;
  typing: (payload: { ticketId: string; typing: boolean }) => void;
  read: (payload: { ticketId: string }) => void;
}
