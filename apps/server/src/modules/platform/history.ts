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
import { createGamesAdmin } from '../catalog/index.ts';
import { userOf } from '../identity/index.ts';
import { createStudioPlayerReads } from '../studio/index.ts';
import { STUDIO_PROVIDER } from '../wallet/index.ts';
import { betResultOf } from './bet-results.ts';
import { historyItemOf, paymentIdOf } from './history-lines.ts';

const rangeOf = (query: HistoryQuery) => ({
  dateFrom: parseHistoryDate(query.dateFrom, 'from') ?? undefined,
  dateTo: parseHistoryDate(query.dateTo, 'to') ?? undefined,
});

/**
 * The profile history lists: every movement of the player's money (the Transactions), bets, game sessions. Each answers the caller's own
 * rows only, newest first, paged by page and limit and filtered by dateFrom / dateTo.
 */
export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  const catalogue = createGamesAdmin(app.database.db, app.changes);
  const studioRounds = createStudioPlayerReads(app.database.db);
  /** The studio's verify page, on the platform's own origin (the game pages are served under /studio/). */
  const VERIFY_PAGE = '/studio/verify.html';
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
      schema: schema('Every movement of the player’s money, signed', balanceTransactionsResponseSchema),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const userId = userOf(request).id;
      const { page, limit } = request.query;
      const [lines, nameOf] = await Promise.all([
        app.wallet.statement(userId, { ...rangeOf(request.query), page, limit }),
        gameNames(),
      ]);
      const paymentIds = lines.items.map(paymentIdOf).filter((id) => id !== undefined);
      const payments = new Map(
        (await app.payments.paymentsOf(userId, paymentIds)).map((payment) => [payment.id, payment]),
      );
      return {
        balanceTransactions: lines.items.map((line) => historyItemOf(line, payments, nameOf)),
        count: lines.count,
        hasMore: lines.hasMore,
      };
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
      const userId = userOf(request).id;
      const [result, nameOf] = await Promise.all([
        app.wallet.bets(userId, { ...rangeOf(request.query), page, limit }),
        gameNames(),
      ]);
      // The page's rounds only: their stakes, wins and, for the studio's, the verify link and whether they are over.
      const rounds = result.items.map((bet) => ({
        providerCode: bet.providerCode,
        roundId: bet.roundId,
        userId,
      }));
      const [stakes, wins, links] = await Promise.all([
        app.wallet.roundStakes(rounds),
        app.wallet.roundWins(userId, rounds),
        studioRounds.roundLinks(
          userId,
          result.items.filter((bet) => bet.providerCode === STUDIO_PROVIDER.code).map((bet) => bet.roundId),
          VERIFY_PAGE,
        ),
      ]);
      return {
        transactions: result.items.map((bet) => {
          const round = `${bet.providerCode}|${bet.roundId}`;
          const won = wins.get(round) ?? { amount: 0, currencyCode: bet.currencyCode };
          const link = bet.providerCode === STUDIO_PROVIDER.code ? links.get(bet.roundId) : undefined;
          return {
            id: bet.id,
            amount: fromMinor(bet.amount, bet.currencyCode),
            currencyCode: bet.currencyCode,
            gameCode: bet.gameCode,
            gameName: nameOf(bet.providerCode, bet.gameCode),
            createdAt: bet.createdAt.toISOString(),
            providerName: bet.providerName,
            roundId: bet.roundId,
            result: betResultOf({
              staked: stakes.get(`${round}|${userId}`) ?? bet.amount,
              stakeCurrency: bet.currencyCode,
              won: won.amount,
              winCurrency: won.currencyCode,
              finished: link?.finished,
            }),
            win: fromMinor(won.amount, won.currencyCode),
            winCurrencyCode: won.currencyCode,
            verifyUrl: link?.verifyUrl ?? null,
          };
        }),
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
