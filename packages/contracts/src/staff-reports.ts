import { z } from 'zod';
import { gameCategories, gameKinds } from './catalog.ts';
import { staffListQuery, staffPageSchema } from './staff-lists.ts';
import { currencyCodes } from './wallet.ts';

/**
 * The back office's dashboard (/api/staff/dashboard), reports (/api/staff/reports: daily rollups per player
 * and per game, computed from the wallet ledger) and games (/api/staff/games: the catalogue's settings and
 * the RTP report). Days are UTC calendar days (YYYY-MM-DD). Amounts are decimals in the row's currency.
 */

export const staffReportsMessages = {
  dateFrom: 'dateFrom must be a date (YYYY-MM-DD)',
  dateTo: 'dateTo must be a date (YYYY-MM-DD)',
  dateOrder: 'dateTo must not be before dateFrom',
  rangeTooLong: 'dateTo must be less than 366 days after dateFrom',
  rangeTooLongFrom: 'dateFrom must be less than 366 days before today',
  playerId: 'playerId must be a player id',
  gameId: 'gameId must be a game id',
  currency: `currency must be one of ${currencyCodes.join(', ')}`,
  id: 'id must be a game id',
  enabled: 'enabled must be true or false',
  order: 'order must be a whole number from 0 to 1000000',
  category: `category must be one of ${gameCategories.join(', ')}`,
  recommended: 'recommended must be true or false',
  search: 'search must be at most 50 characters',
  nothingToChange: 'Send at least one of enabled, order, category, recommended',
  gameNotFound: 'Game not found',
} as const;

/** The longest range a rollup run recomputes at once. */
export const ROLLUP_MAX_DAYS = 366;

const day = (field: 'dateFrom' | 'dateTo') => z.iso.date({ error: staffReportsMessages[field] });

/** dateTo may not come before dateFrom (either may be absent). */
function ordered<T extends { dateFrom?: string; dateTo?: string }>(value: T) {
  return !value.dateFrom || !value.dateTo || value.dateFrom <= value.dateTo;
}
const orderedRange = { error: staffReportsMessages.dateOrder, path: ['dateTo'] };

/** Figures of a rollup row, decimals in its currency. GGR = stakes − wins. */
const figures = {
  /** Bets that stand: staked minus stakes refunded by rollbacks (on the day each was posted). */
  stakes: z.number(),
  wins: z.number(),
  ggr: z.number(),
  /** Bets placed (rolled-back ones included). */
  bets: z.number().int(),
};

// ---------------------------------------------------------------------------------------------------------
// Reports (reports.read): GET /players, GET /games, POST /rollups/run

export const playerReportSortable = [
  'day',
  'stakes',
  'wins',
  'ggr',
  'deposits',
  'withdrawals',
  'adjustments',
  'bonusCosts',
  'bets',
] as const;
export const gameReportSortable = ['day', 'stakes', 'wins', 'ggr', 'bets'] as const;

const reportFilters = {
  dateFrom: day('dateFrom').optional(),
  dateTo: day('dateTo').optional(),
  currency: z.enum(currencyCodes, { error: staffReportsMessages.currency }).optional(),
};

export const playerReportQuerySchema = staffListQuery(playerReportSortable, 'day')
  .extend({
    ...reportFilters,
    playerId: z.uuid({ error: staffReportsMessages.playerId }).optional(),
  })
  .refine(ordered, orderedRange);
export type PlayerReportQuery = z.infer<typeof playerReportQuerySchema>;

export const gameReportQuerySchema = staffListQuery(gameReportSortable, 'day')
  .extend({
    ...reportFilters,
    gameId: z.uuid({ error: staffReportsMessages.gameId }).optional(),
  })
  .refine(ordered, orderedRange);
export type GameReportQuery = z.infer<typeof gameReportQuerySchema>;

/** One player's day in one currency. */
export const playerReportRowSchema = z.object({
  day: z.string(),
  userId: z.string(),
  email: z.string().nullable(),
  username: z.string().nullable(),
  currency: z.enum(currencyCodes),
  ...figures,
  deposits: z.number(),
  /** Withdrawals asked for, minus those declined and returned (on the day each was posted). */
  withdrawals: z.number(),
  /** Staff corrections, signed (negative took money away). */
  adjustments: z.number(),
  /** Bonus credits. */
  bonusCosts: z.number(),
});
export type PlayerReportRow = z.infer<typeof playerReportRowSchema>;

/** One game's day in one currency. */
export const gameReportRowSchema = z.object({
  day: z.string(),
  /** The catalogue's id of the game; null when the catalogue does not list it (any more). */
  gameId: z.string().nullable(),
  providerCode: z.string(),
  gameCode: z.string(),
  name: z.string().nullable(),
  currency: z.enum(currencyCodes),
  ...figures,
});
export type GameReportRow = z.infer<typeof gameReportRowSchema>;

/** Sums over every row the filter matches (all pages), per currency. */
const playerTotalsSchema = playerReportRowSchema.omit({
  day: true,
  userId: true,
  email: true,
  username: true,
});
const gameTotalsSchema = gameReportRowSchema.pick({
  currency: true,
  stakes: true,
  wins: true,
  ggr: true,
  bets: true,
});
/**
 * Money and play in US dollars as the dashboard counts them (bonus dollars are costs, GGR and NGR), one set of
 * figures for both pages.
 */
export const dashboardFiguresSchema = z.object({
  deposits: z.number(),
  withdrawals: z.number(),
  stakes: z.number(),
  wins: z.number(),
  ggr: z.number(),
  bonusCosts: z.number(),
  /** GGR − bonus costs. */
  ngr: z.number(),
  /** Players with a bet in the period (any currency). */
  activePlayers: z.number().int(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const playerReportPageSchema = staffPageSchema(playerReportRowSchema).extend({
  totals: z.array(playerTotalsSchema),
  /** The filters' days and player in US dollars as the dashboard counts them (the currency filter aside). */
  usdSummary: dashboardFiguresSchema,
});
export type PlayerReportPage = z.infer<typeof playerReportPageSchema>;
export const gameReportPageSchema = staffPageSchema(gameReportRowSchema).extend({
  totals: z.array(gameTotalsSchema),
});
export type GameReportPage = z.infer<typeof gameReportPageSchema>;

/** POST /rollups/run: recomputes the days from dateFrom to dateTo (default: yesterday and today). */
export const rollupRunBodySchema = z
  .object({ dateFrom: day('dateFrom').optional(), dateTo: day('dateTo').optional() })
  .refine(ordered, orderedRange)
  .refine(
    (v) =>
      !v.dateFrom ||
      !v.dateTo ||
      (Date.parse(v.dateTo) - Date.parse(v.dateFrom)) / 86_400_000 < ROLLUP_MAX_DAYS,
    { error: staffReportsMessages.rangeTooLong, path: ['dateTo'] },
  );
export type RollupRunBody = z.infer<typeof rollupRunBodySchema>;

export const rollupRunSchema = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  /** Rows written or removed because the ledger said otherwise (0 when the rollups were up to date). */
  changedRows: z.number().int(),
  playerRows: z.number().int(),
  gameRows: z.number().int(),
  /** ISO 8601 */
  computedAt: z.string(),
});
export type RollupRun = z.infer<typeof rollupRunSchema>;

// ---------------------------------------------------------------------------------------------------------
// Dashboard (dashboard.read): GET /api/staff/dashboard. Money in USD; bonus costs are the bonus credits in
// BONUS_USD and USD, a bonus dollar counted as a dollar.

export const DASHBOARD_DAYS = 30;

export const dashboardSchema = z.object({
  currency: z.literal('USD'),
  /** The UTC day "today" is. */
  today: z.string(),
  /** When today's rollup was last computed (ISO 8601); null before the first run. */
  asOf: z.string().nullable(),
  todayFigures: dashboardFiguresSchema,
  /** Today and the 29 days before it. */
  last30Days: dashboardFiguresSchema,
  /** One entry per day, oldest first, DASHBOARD_DAYS of them. */
  series: z.array(dashboardFiguresSchema.extend({ day: z.string() })),
  /** Support tickets not finished (every status but CLOSED and AUTO_CLOSED), from the tickets module. */
  openTickets: z.number().int(),
  /** Withdrawals waiting for staff review, and their sum in USD. */
  pendingWithdrawals: z.object({ count: z.number().int(), amount: z.number() }),
  /** Verifications whose document waits for a review. */
  pendingVerifications: z.object({ count: z.number().int() }),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------------------------------------------------------------------------------------------------------
// Games (games.read, games.write, games.rtp)

export const staffGameSchema = z.object({
  id: z.string(),
  providerCode: z.string(),
  providerName: z.string(),
  gameCode: z.string(),
  name: z.string(),
  category: z.enum(gameCategories),
  kind: z.enum(gameKinds),
  imageUrl: z.string(),
  enabled: z.boolean(),
  /** Lower comes first in the lobby. */
  order: z.number().int(),
  /** Suggested first beside the game being played (GET /catalog/recommended). */
  recommended: z.boolean(),
  isNew: z.boolean(),
  updatedAt: z.string(),
});
export type StaffGame = z.infer<typeof staffGameSchema>;

export const staffGameSortable = [
  'order',
  'name',
  'category',
  'enabled',
  'recommended',
  'updatedAt',
] as const;
export const staffGameListQuerySchema = staffListQuery(staffGameSortable, 'order').extend({
  search: z.string().trim().max(50, { error: staffReportsMessages.search }).optional(),
  category: z.enum(gameCategories, { error: staffReportsMessages.category }).optional(),
  enabled: z.enum(['true', 'false'], { error: staffReportsMessages.enabled }).optional(),
});
export type StaffGameListQuery = z.infer<typeof staffGameListQuerySchema>;
export const staffGamePageSchema = staffPageSchema(staffGameSchema);

export const staffGameParamsSchema = z.object({ id: z.uuid({ error: staffReportsMessages.id }) });

export const GAME_ORDER_MAX = 1_000_000;

/** PATCH /api/staff/games/:id: any of the four settings, at least one (other keys are ignored). */
export const staffGameUpdateSchema = z
  .object({
    enabled: z.boolean({ error: staffReportsMessages.enabled }).optional(),
    order: z
      .number({ error: staffReportsMessages.order })
      .int({ error: staffReportsMessages.order })
      .min(0, { error: staffReportsMessages.order })
      .max(GAME_ORDER_MAX, { error: staffReportsMessages.order })
      .optional(),
    category: z.enum(gameCategories, { error: staffReportsMessages.category }).optional(),
    recommended: z.boolean({ error: staffReportsMessages.recommended }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    error: staffReportsMessages.nothingToChange,
  });
export type StaffGameUpdate = z.infer<typeof staffGameUpdateSchema>;

/** GET /api/staff/games/rtp: rounds settled between dateFrom and dateTo (both optional, UTC days). */
export const rtpQuerySchema = z
  .object({ dateFrom: day('dateFrom').optional(), dateTo: day('dateTo').optional() })
  .refine(ordered, orderedRange);
export type RtpQuery = z.infer<typeof rtpQuerySchema>;

/** Per game: the RTP the studio documents beside the one observed on settled rounds. Percentages. */
export const rtpRowSchema = z.object({
  gameId: z.string(),
  providerCode: z.string(),
  gameCode: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  /** The game's documented RTP (%); null when its provider documents none here. */
  documentedRtp: z.number().nullable(),
  documentedNote: z.string().nullable(),
  /** Settled rounds with a stake. */
  rounds: z.number().int(),
  /** Stakes and wins of those rounds, USD (a free spin counts its notional stake). */
  stakes: z.number(),
  wins: z.number(),
  /** Wins ÷ stakes (%); null without rounds. */
  observedRtp: z.number().nullable(),
  /**
   * 95% interval (%) of the mean per-round return (win ÷ stake of each round): mean ± 1.96·sd/√n; null with
   * fewer than two rounds.
   */
  interval: z.object({ low: z.number(), high: z.number() }).nullable(),
});
export type RtpRow = z.infer<typeof rtpRowSchema>;
export const rtpReportSchema = z.object({ items: z.array(rtpRowSchema) });
export type RtpReport = z.infer<typeof rtpReportSchema>;
