import { z } from 'zod';
import { playerListItemSchema } from './staff-players.ts';
import { ticketCategorySchema, ticketStatusSchema } from './tickets.ts';
import { currencyCodeSchema } from './wallet.ts';

/**
 * The back office's global search (GET /api/staff/search?q=), from every page: players by id, e-mail,
 * username or phone; tickets by id, subject or requester; a payment or a ledger transaction by its id. Each
 * group is filled only for a staff member who may open what it lists (an empty group otherwise).
 */

export const STAFF_SEARCH_MIN = 2;
export const STAFF_SEARCH_MAX = 100;
/** Rows per group: the search points at a thing; the lists page through many. */
export const STAFF_SEARCH_GROUP_LIMIT = 5;

export const staffSearchMessages = {
  q: `q must be ${STAFF_SEARCH_MIN} to ${STAFF_SEARCH_MAX} characters`,
} as const;

export const staffSearchQuerySchema = z.object({
  q: z
    .string({ error: staffSearchMessages.q })
    .trim()
    .min(STAFF_SEARCH_MIN, staffSearchMessages.q)
    .max(STAFF_SEARCH_MAX, staffSearchMessages.q),
});

export const staffSearchTicketSchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: ticketStatusSchema,
  category: ticketCategorySchema,
  requesterEmail: z.string(),
  createdAt: z.string(),
});

export const staffSearchTransactionSchema = z.object({
  id: z.string(),
  /** A deposit or withdrawal (payments), or a movement of the ledger (its kind). */
  source: z.enum(['payment', 'ledger']),
  /** DEPOSIT or WITHDRAW for a payment; the ledger kind (BET, WIN, …) otherwise. */
  kind: z.string(),
  /** A payment's status; null for a ledger movement (it happened). */
  status: z.string().nullable(),
  userId: z.string(),
  amount: z.number(),
  currencyCode: currencyCodeSchema,
  createdAt: z.string(),
});

export const staffSearchResultSchema = z.object({
  players: z.array(playerListItemSchema),
  tickets: z.array(staffSearchTicketSchema),
  transactions: z.array(staffSearchTransactionSchema),
});
export type StaffSearchResult = z.infer<typeof staffSearchResultSchema>;
export type StaffSearchTransaction = z.infer<typeof staffSearchTransactionSchema>;
