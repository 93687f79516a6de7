import { z } from 'zod';
import { balanceTransactionSchema } from './payments.ts';
import { currencyCodeSchema } from './wallet.ts';

/** The profile history lists (platform service): spec 001 §3 and §7 "Profile lists". */

export const HISTORY_PAGE_SIZE = 10;
export const HISTORY_MAX_PAGE_SIZE = 50;

export const historyMessages = {
  dateFrom: 'dateFrom must be an ISO date (YYYY-MM-DD) or date-time',
  dateTo: 'dateTo must be an ISO date (YYYY-MM-DD) or date-time',
  dateOrder: 'dateTo must not be before dateFrom',
  page: 'page must be a whole number of at least 1',
  limit: `limit must be a whole number from 1 to ${HISTORY_MAX_PAGE_SIZE}`,
} as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * An ISO date or date-time as a Date; undefined when absent or empty. A bare date is taken in UTC: the
 * start of that day for `from`, the end of that day (23:59:59.999) for `to`.
 */
export function parseHistoryDate(value: string | undefined, edge: 'from' | 'to'): Date | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (DATE_ONLY.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== value) return null;
    return edge === 'from' ? start : new Date(start.getTime() + 24 * 60 * 60 * 1000 - 1);
  }
  if (!DATE_TIME.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

const dateParam = (edge: 'from' | 'to') =>
  z
    .string()
    .optional()
    .refine((v) => parseHistoryDate(v, edge) !== null, {
      error: edge === 'from' ? historyMessages.dateFrom : historyMessages.dateTo,
    });

/** Query of every history list: dateFrom, dateTo (sent only when set), page (from 1), limit (default 10). */
export const historyQuerySchema = z
  .object({
    dateFrom: dateParam('from'),
    dateTo: dateParam('to'),
    page: z.coerce
      .number({ error: historyMessages.page })
      .int({ error: historyMessages.page })
      .min(1, {
        error: historyMessages.page,
      })
      .default(1),
    limit: z.coerce
      .number({ error: historyMessages.limit })
      .int({ error: historyMessages.limit })
      .min(1, { error: historyMessages.limit })
      .max(HISTORY_MAX_PAGE_SIZE, { error: historyMessages.limit })
      .default(HISTORY_PAGE_SIZE),
  })
  .refine(
    (q) => {
      const from = parseHistoryDate(q.dateFrom, 'from');
      const to = parseHistoryDate(q.dateTo, 'to');
      return !from || !to || from.getTime() <= to.getTime();
    },
    { error: historyMessages.dateOrder, path: ['dateTo'] },
  );
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** GET /profile/balance-transactions */
export const balanceTransactionsResponseSchema = z.object({
  balanceTransactions: z.array(balanceTransactionSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type BalanceTransactionsResponse = z.infer<typeof balanceTransactionsResponseSchema>;

export const betHistoryItemSchema = z.object({
  id: z.uuid(),
  /** Decimal stake in the bet's currency. */
  amount: z.number(),
  currencyCode: currencyCodeSchema,
  gameCode: z.string().nullable(),
  /** The catalogue's name of the game ('Wild Paws'), or null when the catalogue does not list it. */
  gameName: z.string().nullable().optional(),
  /** ISO 8601 */
  createdAt: z.string(),
  providerName: z.string(),
});
export type BetHistoryItem = z.infer<typeof betHistoryItemSchema>;

/** GET /profile/bets-transactions; fullAmount sums the USD stakes of every bet the filter matches. */
export const betsTransactionsResponseSchema = z.object({
  transactions: z.array(betHistoryItemSchema),
  count: z.number().int(),
  fullAmount: z.number(),
  hasMore: z.boolean(),
});
export type BetsTransactionsResponse = z.infer<typeof betsTransactionsResponseSchema>;

export const gameTokenSchema = z.object({
  token: z.string(),
  gameCode: z.string(),
  /** The catalogue's name of the game, or null when the catalogue does not list it. */
  gameName: z.string().nullable().optional(),
  providerName: z.string(),
  currencyCode: currencyCodeSchema,
  /** ISO 8601 */
  createdAt: z.string(),
});
export type GameToken = z.infer<typeof gameTokenSchema>;

/** GET /profile/game-sessions */
export const gameSessionsResponseSchema = z.object({
  gameTokens: z.array(gameTokenSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type GameSessionsResponse = z.infer<typeof gameSessionsResponseSchema>;
