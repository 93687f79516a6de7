import { z } from 'zod';

/**
 * The tickets service (base path serviceBasePaths.tickets = /api/tickets): spec 001 §2 (/profile/support,
 * /profile/support/{id}), §3 (Ticket list item, detail, message, categories, statuses), §4 (Ticket), §5
 * (Ticket message), §7 (Tickets; Realtime: tickets channel); 000 §1/§6 (visitors send tickets unauthenticated).
 *
 * Ticket and message ids are uuids. Dates are ISO 8601.
 */

export const ticketCategories = ['CONSULTATION', 'TECHNICAL_PROBLEM', 'BUG_REPORT'] as const;
export type TicketCategory = (typeof ticketCategories)[number];
export const ticketCategorySchema = z.enum(ticketCategories);
/** 001 §3 category labels (English; the web app translates by key). */
export const ticketCategoryLabels: Record<TicketCategory, string> = {
  CONSULTATION: "Manager's consultation",
  TECHNICAL_PROBLEM: 'Technical problem',
  BUG_REPORT: 'Bug/error detected',
};

export const ticketStatuses = [
  'CREATED',
  'IN_PROGRESS',
  'RESOLVE_REQUEST',
  'RETURNED',
  'CLOSED',
  'AUTO_CLOSED',
] as const;
export type TicketStatus = (typeof ticketStatuses)[number];
export const ticketStatusSchema = z.enum(ticketStatuses);
/** 001 §3 status labels; 'Created' is the default label. */
export const ticketStatusLabels: Record<TicketStatus, string> = {
  CREATED: 'Created',
  IN_PROGRESS: 'In Progress',
  RESOLVE_REQUEST: 'Resolve Request',
  RETURNED: 'Returned',
  CLOSED: 'Closed',
  AUTO_CLOSED: 'Auto Closed',
};
/** Statuses in which the ticket is finished: no more messages from the player, no status changes. */
export const finishedTicketStatuses = ['CLOSED', 'AUTO_CLOSED'] as const satisfies readonly TicketStatus[];

/** 001 §5: accepted attachment types (by extension and by content), one file per message. */
export const TICKET_FILE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'txt', 'pdf', 'doc', 'docx'] as const;
export const TICKET_FILE_MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'text/plain',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export type TicketFileMimeType = (typeof TICKET_FILE_MIME_TYPES)[number];
/** Ours (the spec shows no limit): 5 MB per file, said in the UI beside the attach button. */
export const TICKET_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const TICKET_MESSAGE_MAX = 4000;
export const TICKET_NAME_MAX = 100;
export const TICKET_RATING_TEXT_MAX = 1000;
export const TICKETS_PAGE_SIZE = 10;
export const TICKETS_MAX_PAGE_SIZE = 50;
/** Ours: a RESOLVE_REQUEST the player leaves unanswered this long becomes AUTO_CLOSED (a scheduled job). */
export const TICKET_AUTO_CLOSE_HOURS = 72;
/**
 * Ours: a visitor's private link opens their ticket until this many days after the ticket's last activity
 * (any message or status change), and until staff revoke the ticket's links.
 */
export const TICKET_GUEST_LINK_DAYS = 30;

export const ticketMessages = {
  nameOfUser: `nameOfUser must be 1 to ${TICKET_NAME_MAX} characters`,
  email: 'email must be a valid e-mail address',
  invocationCategory: `invocationCategory must be one of ${ticketCategories.join(', ')}`,
  message: `message must be 1 to ${TICKET_MESSAGE_MAX} characters`,
  messageOrFile: 'message or file is required',
  userId: 'userId must be a uuid',
  fileType: `file must be one of ${TICKET_FILE_EXTENSIONS.join(', ')} (checked by its content)`,
  fileSize: `file must be at most ${TICKET_FILE_MAX_BYTES / 1024 / 1024} MB`,
  rating: 'rating must be a whole number from 1 to 5',
  ratingText: `text must be at most ${TICKET_RATING_TEXT_MAX} characters`,
  id: 'id must be a uuid',
  page: 'page must be a whole number of at least 1',
  limit: `limit must be a whole number from 1 to ${TICKETS_MAX_PAGE_SIZE}`,
  notFound: 'Ticket not found',
  finished: 'This ticket is closed',
  notResolveRequest: 'The ticket is not waiting for your confirmation',
  alreadyRated: 'This ticket is already rated',
  notClosed: 'Only a closed ticket can be rated',
  rateLimited: 'Too many tickets; please try again later',
  guestToken: 'This link is not valid',
  /** 410 for a visitor's link that expired or that staff revoked. */
  guestLinkExpired:
    'This link has expired or was revoked. You can write a new request from the contacts page.',
} as const;

// ---- HTTP ----

/**
 * POST /tickets (signed in) and POST /tickets/unAuth (visitors): multipart form data (fields as text, optional
 * `file`), or JSON without a file. Signed in, nameOfUser/email default to the account's when empty, and
 * userId, when sent, must be the caller's own.
 */
export const createTicketFieldsSchema = z.object({
  nameOfUser: z
    .string({ error: ticketMessages.nameOfUser })
    .trim()
    .min(1, { error: ticketMessages.nameOfUser })
    .max(TICKET_NAME_MAX, { error: ticketMessages.nameOfUser }),
  email: z.email({ error: ticketMessages.email }),
  invocationCategory: z.enum(ticketCategories, { error: ticketMessages.invocationCategory }),
  message: z
    .string({ error: ticketMessages.message })
    .trim()
    .min(1, { error: ticketMessages.message })
    .max(TICKET_MESSAGE_MAX, { error: ticketMessages.message }),
  userId: z.uuid({ error: ticketMessages.userId }).optional(),
});
export type CreateTicketFields = z.input<typeof createTicketFieldsSchema>;

/** 201 from POST /tickets and /tickets/unAuth. A visitor's id is only useful with the e-mailed private link. */
export const createTicketResponseSchema = z.object({ id: z.uuid(), status: ticketStatusSchema });
export type CreateTicketResponse = z.infer<typeof createTicketResponseSchema>;

/** GET /tickets/user query: category filter ('' or absent = All) and paging, newest activity first. */
export const userTicketsQuerySchema = z.object({
  invocationCategory: z
    .union([z.literal(''), ticketCategorySchema], { error: ticketMessages.invocationCategory })
    .optional(),
  page: z.coerce
    .number({ error: ticketMessages.page })
    .int({ error: ticketMessages.page })
    .min(1, { error: ticketMessages.page })
    .default(1),
  limit: z.coerce
    .number({ error: ticketMessages.limit })
    .int({ error: ticketMessages.limit })
    .min(1, { error: ticketMessages.limit })
    .max(TICKETS_MAX_PAGE_SIZE, { error: ticketMessages.limit })
    .default(TICKETS_PAGE_SIZE),
});
export type UserTicketsQuery = z.input<typeof userTicketsQuerySchema>;

/** 001 §3 Ticket (list item). `byManager` and `lastTicketMessage` describe the last message. */
export const ticketListItemSchema = z.object({
  id: z.uuid(),
  status: ticketStatusSchema,
  createdAt: z.string(),
  invocationCategory: ticketCategorySchema,
  /** Whether the last message came from staff (the item prefixes it 'Manager' or 'You'). */
  byManager: z.boolean(),
  /** The last message's text ('' for a file-only message), or null when there is none. */
  lastTicketMessage: z.string().nullable(),
  /** Ours: messages from staff the player has not read yet. */
  unreadCount: z.number().int(),
});
export type TicketListItem = z.infer<typeof ticketListItemSchema>;

export const userTicketsResponseSchema = z.object({
  tickets: z.array(ticketListItemSchema),
  total: z.number().int(),
});
export type UserTicketsResponse = z.infer<typeof userTicketsResponseSchema>;

export const ticketIdParamsSchema = z.object({ id: z.uuid({ error: ticketMessages.id }) });

/** 001 §3 Ticket (detail): GET /tickets/user/{id}. `rating` is null until the player rates. */
export const ticketDetailSchema = z.object({
  id: z.uuid(),
  status: ticketStatusSchema,
  createdAt: z.string(),
  invocationCategory: ticketCategorySchema,
  rating: z.number().int().min(1).max(5).nullable(),
  ratingText: z.string().nullable(),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** PATCH /tickets/{id}/rate. Accepted once, only when CLOSED. */
export const rateTicketBodySchema = z.object({
  rating: z.coerce
    .number({ error: ticketMessages.rating })
    .int({ error: ticketMessages.rating })
    .min(1, { error: ticketMessages.rating })
    .max(5, { error: ticketMessages.rating }),
  text: z
    .string({ error: ticketMessages.ratingText })
    .trim()
    .max(TICKET_RATING_TEXT_MAX, { error: ticketMessages.ratingText })
    .optional()
    .default(''),
});
export type RateTicketBody = z.input<typeof rateTicketBodySchema>;

/** PATCH /tickets/{id}/resolve, /return, /rate answer the ticket after the change. */
export const ticketChangeResponseSchema = ticketDetailSchema;

/**
 * 001 §3 Ticket message. `message` is the text ('' when only a file was sent); `linkFull` is the attachment's
 * URL (served only to the ticket's owner and staff) or null; `changeStatus` is the new status on a
 * status-change marker ('Request status has changed to: {label}'), else null. likesCount/likedByUser are
 * always 0/false (the spec's chat has like handlers only where provided; tickets provide none).
 */
export const ticketMessageSchema = z.object({
  id: z.uuid(),
  message: z.string(),
  byManager: z.boolean(),
  /** The staff member's display name on a manager message; the player's username (or null) otherwise. */
  username: z.string().nullable(),
  linkFull: z.string().nullable(),
  /** Ours: the attachment's original name, MIME type (checked by content) and size in bytes. */
  fileName: z.string().nullable(),
  fileType: z.string().nullable(),
  fileSize: z.number().int().nullable(),
  likesCount: z.number().int(),
  likedByUser: z.boolean(),
  createdAt: z.string(),
  changeStatus: ticketStatusSchema.nullable(),
});
export type TicketMessage = z.infer<typeof ticketMessageSchema>;

/**
 * Ours, for a visitor's ticket (000 §6): the e-mailed private link reads /support/ticket/{token} on the
 * landing face. GET /tickets/guest/{token} answers the ticket and its messages; POST
 * /tickets/guest/{token}/messages (multipart: message, optional file) adds the visitor's reply.
 */
export const guestTokenParamsSchema = z.object({
  token: z.string({ error: ticketMessages.guestToken }).min(20, { error: ticketMessages.guestToken }),
});
export const guestTicketResponseSchema = z.object({
  ticket: ticketDetailSchema.extend({ nameOfUser: z.string(), email: z.string() }),
  messages: z.array(ticketMessageSchema),
});
export type GuestTicketResponse = z.infer<typeof guestTicketResponseSchema>;

// ---- Realtime: the tickets channel (socket.io namespace '/tickets', websocket only) ----

export const TICKETS_NAMESPACE = '/tickets';

/** Handshake auth: the ticket to join; a visitor adds the private link's token instead of a session. */
export const ticketsSocketAuthSchema = z.object({
  ticketId: z.uuid(),
  guestToken: z.string().min(20).optional(),
});
export type TicketsSocketAuth = z.infer<typeof ticketsSocketAuthSchema>;

/** ticketRequest payload: text and/or one file as raw bytes with its mimetype and originalname. */
export interface TicketRequestFile {
  buffer: ArrayBuffer | Uint8Array;
  mimetype: string;
  originalname: string;
}
export interface TicketRequest {
  message: string;
  file?: TicketRequestFile | null;
}
/** Ours: the ack of a ticketRequest — ok, or the refusal's status code and message (400 bad file, 409 closed). */
export type TicketRequestAck = { ok: true; id: string } | { ok: false; statusCode: number; message: string };

export interface TicketsServerToClientEvents {
  getMessages: (messages: TicketMessage[]) => void;
  receiveTicketMessage: (message: TicketMessage) => void;
  ticketStatus: (payload: { status: TicketStatus }) => void;
  socketError: (error: { statusCode: number; message?: string }) => void;
  /** Ours: the other side is typing (true) or stopped (false). */
  typing: (payload: { byManager: boolean; typing: boolean }) => void;
  /** Ours: the other side has read every message up to and including `messageId`. */
  read: (payload: { byManager: boolean; messageId: string; readAt: string }) => void;
}
export interface TicketsClientToServerEvents {
  ticketRequest: (request: TicketRequest, ack?: (result: TicketRequestAck) => void) => void;
  typing: (typing: boolean) => void;
  /** The reader has seen every message so far. */
  read: () => void;
}
