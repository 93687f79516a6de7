import { z } from 'zod';
import { paymentMethods, paymentStatuses } from './payments.ts';
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

/** The UTC midnight of a YYYY-MM-DD that is a real calendar day, else null (2023-02-29 is not one). */
function calendarDay(date: string): Date | null {
  const start = new Date(`${date}T00:00:00.000Z`);
  return Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== date ? null : start;
}

/**
 * An ISO date or date-time as a Date; undefined when absent or empty; null when it is not one (a day the
 * calendar lacks included: `Date` would roll 2023-02-29T10:00Z over to 1 March). A bare date is taken in
 * UTC: the start of that day for `from`, the end of that day (23:59:59.999) for `to`.
 */
export function parseHistoryDate(value: string | undefined, edge: 'from' | 'to'): Date | null | undefined {
  if (value === undefined || value === '') return undefined;
  if (DATE_ONLY.test(value)) {
    const start = calendarDay(value);
    if (!start) return null;
    return edge === 'from' ? start : new Date(start.getTime() + 24 * 60 * 60 * 1000 - 1);
  }
  if (!DATE_TIME.test(value) || !calendarDay(value.slice(0, 10))) return null;
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

/**
 * What a line of the Transactions list is: the spec's DEPOSIT and WITHDRAW, and the product's own for every
 * other movement of the player's money (decisions: "Live account state").
 */
export const balanceMovementTypes = [
  'DEPOSIT',
  'WITHDRAW',
  /** A declined withdrawal's money coming back. */
  'WITHDRAW_RETURNED',
  'BONUS',
  'ADJUSTMENT',
  'BET',
  'WIN',
  /** A provider undoing an interrupted bet (money back) or a win (money out). */
  'ROLLBACK',
] as const;
export type BalanceMovementType = (typeof balanceMovementTypes)[number];

/**
 * A line of GET /profile/balance-transactions: the spec's balance transaction, one per movement of the
 * player's money. amount is signed (negative when money left the balance); paymentMethod is null for what
 * is not a payment; reason says why, where there is one (an adjustment's note, a decline's reason, a game).
 */
export const balanceHistoryItemSchema = z.object({
  id: z.uuid(),
  amount: z.number(),
  currencyCode: currencyCodeSchema,
  paymentMethod: z.enum(paymentMethods).nullable(),
  type: z.enum(balanceMovementTypes),
  /** ISO 8601 */
  createdAt: z.string(),
  status: z.enum(paymentStatuses),
  reason: z.string().nullable(),
});
export type BalanceHistoryItem = z.infer<typeof balanceHistoryItemSchema>;

/** GET /profile/balance-transactions: every movement of the player's money, newest first. */
export const balanceTransactionsResponseSchema = z.object({
  balanceTransactions: z.array(balanceHistoryItemSchema),
  count: z.number().int(),
  hasMore: z.boolean(),
});
export type BalanceTransactionsResponse = z.infer<typeof balanceTransactionsResponseSchema>;

export const betResults = ['WIN', 'RETURN', 'LOSS', 'PENDING'] as const;
export type BetResult = (typeof betResults)[number];

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
  /** The round the bet was placed in (the provider's round id). */
  roundId: z.string().optional(),
  /**
   * How the round came out: WIN paid back more than the stake, RETURN paid something back but not more than
   * the stake (told neutrally, never as a win), LOSS paid nothing, PENDING waits for its result.
   */
  result: z.enum(betResults).optional(),
  /** What the round paid back, decimal in winCurrencyCode (0 when nothing); a free spin stakes FREE_SPINS and wins USD. */
  win: z.number().optional(),
  winCurrencyCode: currencyCodeSchema.optional(),
  /** The studio's verify page for this round with its seeds filled in; null for another provider's game. */
  verifyUrl: z.string().nullable().optional(),
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
