import { z } from 'zod';
import { HISTORY_MAX_PAGE_SIZE, parseHistoryDate } from './history.ts';
import { NOTIFICATIONS_PAGE_SIZE, notificationCategories } from './notifications-constants.ts';

export * from './notifications-constants.ts';
export * from './notifications-messages.ts';

export const notificationCategorySchema = z.enum(notificationCategories);

/** The notifications service and its live channel: spec 001 §3 (Notification), §7, §9; 000 §7 (idle tracker). */

export const notificationMessages = {
  category: `category must be one of ${notificationCategories.join(', ')} (or empty for All)`,
  page: 'page must be a whole number of at least 1',
  limit: `limit must be a whole number from 1 to ${HISTORY_MAX_PAGE_SIZE}`,
  dateFrom: 'dateFrom must be an ISO date (YYYY-MM-DD) or date-time',
  dateTo: 'dateTo must be an ISO date (YYYY-MM-DD) or date-time',
  search: 'search must be at most 100 characters',
  id: 'id must be a notification id (UUID)',
  notFound: 'Notification not found',
} as const;

/** A message parameter: text, a number, or a bonus name to translate (notifications-messages.ts). */
export const messageParamSchema = z.union([
  z.string(),
  z.number(),
  z.object({
    bonusName: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    text: z.string(),
  }),
  z.object({ ticketStatus: z.string(), text: z.string() }),
]);
export const messageParamsSchema = z.record(z.string(), messageParamSchema);

export const notificationSchema = z.object({
  id: z.uuid(),
  /** The stored text (English for the server's own notifications; as typed for a broadcast). */
  notificationMessage: z.string(),
  /**
   * The message's key and parameters (notifications-messages.ts): the client renders them in the reader's
   * language. null on rows written before keys and on broadcasts: notificationMessage is shown as it is.
   */
  messageKey: z.string().nullable().optional(),
  messageParams: messageParamsSchema.nullable().optional(),
  category: notificationCategorySchema,
  isRead: z.boolean(),
  /** ISO 8601 */
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

const dateParam = (edge: 'from' | 'to') =>
  z
    .string()
    .optional()
    .refine((v) => parseHistoryDate(v, edge) !== null, {
      error: edge === 'from' ? notificationMessages.dateFrom : notificationMessages.dateTo,
    });

/** GET /notifications query: every parameter optional; category '' (or absent) is All. */
export const notificationsQuerySchema = z.object({
  category: z
    .union([z.literal(''), notificationCategorySchema], { error: notificationMessages.category })
    .optional(),
  page: z.coerce
    .number({ error: notificationMessages.page })
    .int({ error: notificationMessages.page })
    .min(1, { error: notificationMessages.page })
    .default(1),
  limit: z.coerce
    .number({ error: notificationMessages.limit })
    .int({ error: notificationMessages.limit })
    .min(1, { error: notificationMessages.limit })
    .max(HISTORY_MAX_PAGE_SIZE, { error: notificationMessages.limit })
    .default(NOTIFICATIONS_PAGE_SIZE),
  dateFrom: dateParam('from'),
  dateTo: dateParam('to'),
  search: z.string().max(100, { error: notificationMessages.search }).optional(),
});
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

/**
 * GET /notifications. `count` is the number of rows the filter matches; `unreadCounts` are the caller's
 * unread rows per category regardless of the filter (for the dropdown's badges; '' is the total).
 */
export const notificationsResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
  unreadCounts: z.record(z.enum(['', ...notificationCategories]), z.number().int()),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

export const notificationIdParamsSchema = z.object({ id: z.uuid({ error: notificationMessages.id }) });

// ---- Realtime: the notifications channel (socket.io namespace '/notifications', websocket only) ----

/** Handshake auth the client sends; checked against the session cookie, never trusted on its own. */
export const notificationsSocketAuthSchema = z.object({
  userId: z.string(),
  type: z.literal('idle-tracker'),
});
export type NotificationsSocketAuth = z.infer<typeof notificationsSocketAuthSchema>;

/** Client → server: each change of the idle state (000 §7). */
export const userIdleEventSchema = z.object({
  userId: z.string(),
  isIdle: z.boolean(),
  /** ms since the epoch */
  timestamp: z.number(),
  page: z.string().max(2048),
  userAgent: z.string().max(1024),
});
export type UserIdleEvent = z.infer<typeof userIdleEventSchema>;

export interface SocketErrorPayload {
  statusCode: number;
  message?: string;
}

export interface NotificationsServerToClientEvents {
  newNotification: (notification: Notification) => void;
  socketError: (error: SocketErrorPayload) => void;
}
export interface NotificationsClientToServerEvents {
  userIdle: (event: UserIdleEvent) => void;
}
