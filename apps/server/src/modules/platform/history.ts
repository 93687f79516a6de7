import { apiErrorSchema } from '@paws/contracts/errors';
import {
  balanceTransactionsResponseSchema,
  betsTransactionsResponseSchema,
  gameSessionsResponseSchema,
  type HistoryQuery,
  historyQuerySchema,
  parseHistoryDate,
} from '@paws/contracts/history';
import { type CurrencyCode, fromMinor } from '@paws/contracts/wallet';
import { and, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { userOf } from '../../plugins/authenticate.ts';
import { gameTransactions, walletProviders } from '../wallet/schema.ts';

const rangeOf = (query: HistoryQuery) => ({
  dateFrom: parseHistoryDate(query.dateFrom, 'from') ?? undefined,
  dateTo: parseHistoryDate(query.dateTo, 'to') ?? undefined,
});

/**
 * The player's standing bets (rolled-back ones are not bets any more), newest first, with the count and
 * the sum of the USD stakes of every bet the filter matches. A read of the wallet's bet records: the
 * wallet's own betHistory mixes bets and wins and gives no sum.
 */
export async function betTransactions(db: Db, userId: string, query: HistoryQuery) {
  const { dateFrom, dateTo } = rangeOf(query);
  const where = and(
    eq(gameTransactions.userId, userId),
    eq(gameTransactions.kind, 'BET'),
    eq(gameTransactions.status, 'OK'),
    dateFrom ? gte(gameTransactions.createdAt, dateFrom) : undefined,
    dateTo ? lte(gameTransactions.createdAt, dateTo) : undefined,
  );
  const offset = (query.page - 1) * query.limit;
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: gameTransactions.id,
        amount: gameTransactions.amount,
        currencyCode: gameTransactions.currencyCode,
        gameCode: gameTransactions.gameCode,
        createdAt: gameTransactions.createdAt,
        providerName: walletProviders.name,
      })
      .from(gameTransactions)
      .innerJoin(walletProviders, eq(walletProviders.code, gameTransactions.providerCode))
      .where(where)
      .orderBy(desc(gameTransactions.createdAt), desc(gameTransactions.id))
      .limit(query.limit)
      .offset(offset),
    db
      .select({
        count: count(),
        usd: sql<number>`coalesce(sum(case when ${gameTransactions.currencyCode} = 'USD' then ${gameTransactions.amount} else 0 end), 0)`.mapWith(
          Number,
        ),
      })
      .from(gameTransactions)
      .where(where),
  ]);
  const total = totals?.count ?? 0;
  return {
    transactions: rows.map((r) => {
      const currencyCode = (r.currencyCode ?? 'USD') as CurrencyCode;
      return {
        id: r.id,
        amount: fromMinor(r.amount ?? 0, currencyCode),
        currencyCode,
        gameCode: r.gameCode,
        createdAt: r.createdAt.toISOString(),
        providerName: r.providerName,
      };
    }),
    count: total,
    fullAmount: fromMinor(totals?.usd ?? 0, 'USD'),
    hasMore: offset + rows.length < total,
  };
}

/**
 * The profile history lists: deposits and withdrawals, bets, game sessions. Each answers the caller's own
 * rows only, newest first, paged by page and limit and filtered by dateFrom / dateTo.
 */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = <T>(summary: string, ok: T) => ({
    tags: ['platform'],
    summary,
    querystring: historyQuerySchema,
    response: { 200: ok, 400: apiErrorSchema },
  });

  app.get(
    '/profile/balance-transactions',
    {
      onRequest: app.authenticate,
      schema: schema('The player’s deposits and withdrawals', balanceTransactionsResponseSchema),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.payments.history(userOf(request).id, request.query);
    },
  );

  app.get(
    '/profile/bets-transactions',
    {
      onRequest: app.authenticate,
      schema: schema('The player’s bets with the sum of their dollar stakes', betsTransactionsResponseSchema),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return betTransactions(app.database.db, userOf(request).id, request.query);
    },
  );

  app.get(
    '/profile/game-sessions',
    {
      onRequest: app.authenticate,
      schema: schema('The player’s game sessions (launch tokens)', gameSessionsResponseSchema),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { page, limit } = request.query;
      const result = await app.wallet.gameSessionHistory(userOf(request).id, {
        ...rangeOf(request.query),
        page,
        limit,
      });
      return {
        gameTokens: result.items.map((s) => ({
          token: s.token,
          gameCode: s.gameCode,
          providerName: s.providerName,
          currencyCode: s.currencyCode as CurrencyCode,
          createdAt: s.createdAt.toISOString(),
        })),
        count: result.count,
        hasMore: result.hasMore,
      };
    },
  );
};
