import type {
  GameReportPage,
  GameReportQuery,
  PlayerReportPage,
  PlayerReportQuery,
} from '@paws/contracts/staff-reports';
import { type CurrencyCode, fromMinor } from '@paws/contracts/wallet';
import { type AnyColumn, and, asc, count, desc, eq, gte, lte, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reportGameDays, reportPlayerDays } from './schema.ts';
import { usdFiguresOf } from './usd-figures.ts';

/** A catalogue game as the reports name it. */
export interface CatalogGame {
  id: string;
  providerCode: string;
  gameCode: string;
  name: string;
  enabled: boolean;
}

export interface ReportQueryDeps {
  db: Db;
  /** The catalogue's games (for names and the gameId filter). */
  games(): Promise<CatalogGame[]>;
  /** Who these accounts are: e-mail and username (null when unknown or unset). */
  people(userIds: string[]): Promise<Map<string, { email: string | null; username: string | null }>>;
}

const total = (column: AnyColumn) => sum(column).mapWith(Number);
const money = (minor: number | null, currency: CurrencyCode) => fromMinor(minor ?? 0, currency);
const direction = (order: 'asc' | 'desc') => (order === 'asc' ? asc : desc);

/** The daily rollup lists: per player and per game, filtered, sorted and paged, with totals per currency. */
export function createReportQueries({ db, games, people }: ReportQueryDeps) {
  const p = reportPlayerDays;
  const g = reportGameDays;

  async function players(query: PlayerReportQuery, page: number, limit: number): Promise<PlayerReportPage> {
    const daysAndPlayer = and(
      query.dateFrom ? gte(p.day, query.dateFrom) : undefined,
      query.dateTo ? lte(p.day, query.dateTo) : undefined,
      query.playerId ? eq(p.userId, query.playerId) : undefined,
    );
    const where = and(daysAndPlayer, query.currency ? eq(p.currencyCode, query.currency) : undefined);
    const ggr = sql<number>`${p.stakes} - ${p.wins}`;
    const sortBy = {
      day: p.day,
      stakes: p.stakes,
      wins: p.wins,
      ggr,
      deposits: p.deposits,
      withdrawals: p.withdrawals,
      adjustments: p.adjustments,
      bonusCosts: p.bonusCosts,
      bets: p.bets,
    }[query.sort];
    const [rows, [counted], totals, usdSummary] = await Promise.all([
      db
        .select()
        .from(p)
        .where(where)
        .orderBy(direction(query.order)(sortBy), desc(p.day), asc(p.userId), asc(p.currencyCode))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ count: count() }).from(p).where(where),
      db
        .select({
          currency: p.currencyCode,
          stakes: total(p.stakes),
          wins: total(p.wins),
          deposits: total(p.deposits),
          withdrawals: total(p.withdrawals),
          adjustments: total(p.adjustments),
          bonusCosts: total(p.bonusCosts),
          bets: total(p.bets),
        })
        .from(p)
        .where(where)
        .groupBy(p.currencyCode)
        .orderBy(asc(p.currencyCode)),
      usdFiguresOf(db, daysAndPlayer),
    ]);
    const names = await people([...new Set(rows.map((r) => r.userId))]);
    const figures = (r: Omit<(typeof totals)[number], 'currency'>, currency: CurrencyCode) => ({
      stakes: money(r.stakes, currency),
      wins: money(r.wins, currency),
      ggr: money((r.stakes ?? 0) - (r.wins ?? 0), currency),
      deposits: money(r.deposits, currency),
      withdrawals: money(r.withdrawals, currency),
      adjustments: money(r.adjustments, currency),
      bonusCosts: money(r.bonusCosts, currency),
      bets: r.bets ?? 0,
    });
    return {
      items: rows.map((r) => ({
        day: r.day,
        userId: r.userId,
        email: names.get(r.userId)?.email ?? null,
        username: names.get(r.userId)?.username ?? null,
        currency: r.currencyCode,
        ...figures(r, r.currencyCode),
      })),
      total: counted?.count ?? 0,
      totals: totals.map((t) => ({ currency: t.currency, ...figures(t, t.currency) })),
      usdSummary,
    };
  }

  async function gamesReport(query: GameReportQuery, page: number, limit: number): Promise<GameReportPage> {
    const catalogue = await games();
    const byKey = new Map(catalogue.map((game) => [`${game.providerCode}:${game.gameCode}`, game]));
    let gameFilter: SQL | undefined;
    if (query.gameId) {
      const game = catalogue.find((c) => c.id === query.gameId);
      if (!game) return { items: [], total: 0, totals: [] };
      gameFilter = and(eq(g.providerCode, game.providerCode), eq(g.gameCode, game.gameCode));
    }
    const where = and(
      query.dateFrom ? gte(g.day, query.dateFrom) : undefined,
      query.dateTo ? lte(g.day, query.dateTo) : undefined,
      query.currency ? eq(g.currencyCode, query.currency) : undefined,
      gameFilter,
    );
    const sortBy = {
      day: g.day,
      stakes: g.stakes,
      wins: g.wins,
      ggr: sql<number>`${g.stakes} - ${g.wins}`,
      bets: g.bets,
    }[query.sort];
    const [rows, [counted], totals] = await Promise.all([
      db
        .select()
        .from(g)
        .where(where)
        .orderBy(
          direction(query.order)(sortBy),
          desc(g.day),
          asc(g.providerCode),
          asc(g.gameCode),
          asc(g.currencyCode),
        )
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ count: count() }).from(g).where(where),
      db
        .select({
          currency: g.currencyCode,
          stakes: total(g.stakes),
          wins: total(g.wins),
          bets: total(g.bets),
        })
        .from(g)
        .where(where)
        .groupBy(g.currencyCode)
        .orderBy(asc(g.currencyCode)),
    ]);
    const figures = (
      r: { stakes: number | null; wins: number | null; bets: number | null },
      currency: CurrencyCode,
    ) => ({
      stakes: money(r.stakes, currency),
      wins: money(r.wins, currency),
      ggr: money((r.stakes ?? 0) - (r.wins ?? 0), currency),
      bets: r.bets ?? 0,
    });
    return {
      items: rows.map((r) => {
        const game = byKey.get(`${r.providerCode}:${r.gameCode}`);
        return {
          day: r.day,
          gameId: game?.id ?? null,
          providerCode: r.providerCode,
          gameCode: r.gameCode,
          name: game?.name ?? null,
          currency: r.currencyCode,
          ...figures(r, r.currencyCode),
        };
      }),
      total: counted?.count ?? 0,
      totals: totals.map((t) => ({ currency: t.currency, ...figures(t, t.currency) })),
    };
  }

  return { players, games: gamesReport };
}
