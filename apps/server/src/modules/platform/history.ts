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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/authenticate.ts';
import { createGamesAdmin } from '../catalog/index.ts';

const rangeOf = (query: HistoryQuery) => ({
  dateFrom: parseHistoryDate(query.dateFrom, 'from') ?? undefined,
  dateTo: parseHistoryDate(query.dateTo, 'to') ?? undefined,
});

/**
 * The profile history lists: deposits and withdrawals, bets, game sessions. Each answers the caller's own
 * rows only, newest first, paged by page and limit and filtered by dateFrom / dateTo.
 */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = createGamesAdmin(app.database.db);
  /** The catalogue's names by provider and game code: the lists show 'Wild Paws', not 'wild-paws'. */
  async function gameNames() {
    const games = await catalogue.all();
    const names = new Map(games.map((game) => [`${game.providerCode}|${game.gameCode}`, game.name]));
    return (providerCode: string, gameCode: string | null) =>
      gameCode === null ? null : (names.get(`${providerCode}|${gameCode}`) ?? null);
  }

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
      const { page, limit } = request.query;
      const [result, nameOf] = await Promise.all([
        app.wallet.bets(userOf(request).id, { ...rangeOf(request.query), page, limit }),
        gameNames(),
      ]);
      return {
        transactions: result.items.map((bet) => ({
          id: bet.id,
          amount: fromMinor(bet.amount, bet.currencyCode),
          currencyCode: bet.currencyCode,
          gameCode: bet.gameCode,
          gameName: nameOf(bet.providerCode, bet.gameCode),
          createdAt: bet.createdAt.toISOString(),
          providerName: bet.providerName,
        })),
        count: result.count,
        fullAmount: fromMinor(result.usdStakes, 'USD'),
        hasMore: result.hasMore,
      };
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
      const [result, nameOf] = await Promise.all([
        app.wallet.gameSessionHistory(userOf(request).id, { ...rangeOf(request.query), page, limit }),
        gameNames(),
      ]);
      return {
        gameTokens: result.items.map((s) => ({
          token: s.token,
          gameCode: s.gameCode,
          gameName: nameOf(s.providerCode, s.gameCode),
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
