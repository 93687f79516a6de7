import { ACCESS_TOKEN_COOKIE } from '@paws/contracts/auth';
import {
  catalogMessages,
  catalogQuerySchema,
  favoriteParamsSchema,
  favoriteResponseSchema,
  gameListSchema,
  gameUrlRequestSchema,
  gameUrlResponseSchema,
} from '@paws/contracts/catalog';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, notFound, unauthorized } from '../../lib/errors.ts';
import { originOf } from '../../lib/faces.ts';
import { cachedJson, sendCachedJson } from '../../lib/read-cache.ts';
import { userOf } from '../identity/index.ts';
import { createLobby } from './lobby.ts';
import { createCatalogRepository } from './repository.ts';

/** How many games GET /catalog/recommended returns. */
export const RECOMMENDED_LIMIT = 8;

/** Revalidated on every use (ETag), so that a staff change shows at once; shared caches keep visitors' only. */
const VISITOR_CACHE = 'public, no-cache';
const PLAYER_CACHE = 'private, no-cache';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The catalogue (platform service): the lobby's games, favourites and the launch of a game. Listing works
 * signed out; a signed-in viewer also gets isFavorite. Launching creates the wallet game session and asks
 * the game's provider adapter for the frame address.
 */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createCatalogRepository(app.database.db);
  const lobby = createLobby(repo, app.changes);

  /** The viewer when the request carries a live session; a visitor (or a banned player) otherwise. */
  async function viewerOf(request: FastifyRequest) {
    const result = await app.identity.sessions.check(request.cookies[ACCESS_TOKEN_COOKIE]);
    return result.user ?? undefined;
  }

  app.get(
    '/catalog',
    {
      schema: {
        tags: ['platform'],
        summary: 'Games of the lobby, filtered by name, category, kind, provider or the player’s favourites',
        querystring: catalogQuerySchema,
        response: { 200: gameListSchema },
      },
    },
    async (request, reply) => {
      const { favorites, ...filter } = request.query;
      const viewer = await viewerOf(request);
      if (favorites === 'true' && !viewer) throw unauthorized();
      // isFavorite differs per viewer: a shared cache keeps only visitors' answers.
      reply.header('vary', 'cookie');
      if (!viewer) return sendCachedJson(request, reply, await lobby.visitorList(filter), VISITOR_CACHE);
      const list = await lobby.list(viewer.id, filter, favorites === 'true');
      return sendCachedJson(request, reply, cachedJson(gameListSchema, list), PLAYER_CACHE);
    },
  );

  app.get(
    '/catalog/recommended',
    {
      schema: {
        tags: ['platform'],
        summary:
          'Games to suggest beside the one being played: those staff recommend, then new games, then the operator’s order',
        response: { 200: gameListSchema },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(request);
      reply.header('vary', 'cookie');
      if (!viewer) {
        return sendCachedJson(
          request,
          reply,
          await lobby.visitorRecommended(RECOMMENDED_LIMIT),
          VISITOR_CACHE,
        );
      }
      const list = await lobby.recommended(viewer.id, RECOMMENDED_LIMIT);
      return sendCachedJson(request, reply, cachedJson(gameListSchema, list), PLAYER_CACHE);
    },
  );

  app.post(
    '/catalog/game/url',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['platform'],
        summary: 'Opens a game: a wallet game session for the player and the provider’s frame address',
        body: gameUrlRequestSchema,
        response: { 201: gameUrlResponseSchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const { gameCode, providerCodeName } = request.body;
      const providerRow = await repo.findProvider(providerCodeName);
      if (!providerRow?.enabled)
        throw new AppError(404, catalogMessages.providerNotFound, 'providerCodeName');
      // A catalogue id is accepted in place of the code: links built from a tile's id keep working.
      const game =
        (await repo.findPlayable(providerCodeName, { gameCode })) ??
        (UUID.test(gameCode) ? await repo.findPlayable(providerCodeName, { id: gameCode }) : undefined);
      if (!game) throw new AppError(404, catalogMessages.gameNotFound, 'gameCode');
      const provider = app.gameProviders.get(providerCodeName);
      // Catalogued but without an adapter in this process: an operator problem, not the player's.
      if (!provider) throw new AppError(503, catalogMessages.providerUnavailable);

      const currency = 'USD' as const;
      const session = await app.wallet.createGameSession({
        userId: user.id,
        gameCode: game.gameCode,
        providerCode: providerCodeName,
        currency,
      });
      const url = await provider.launchUrl({
        sessionToken: session.token,
        gameCode: game.gameCode,
        currency,
        origin: originOf(request, app.env),
      });
      reply.header('cache-control', 'no-store');
      return reply.code(201).send({ url });
    },
  );

  app.post(
    '/catalog/favorites/:gameId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['platform'],
        summary: 'Marks a game as one of the player’s favourites (idempotent)',
        params: favoriteParamsSchema,
        response: { 201: favoriteResponseSchema },
      },
    },
    async (request, reply) => {
      const { gameId } = request.params;
      if (!(await repo.gameExists(gameId))) throw notFoundGame();
      await repo.addFavorite(userOf(request).id, gameId);
      return reply.code(201).send({ gameId, isFavorite: true });
    },
  );

  app.delete(
    '/catalog/favorites/:gameId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['platform'],
        summary: 'Removes a game from the player’s favourites (idempotent)',
        params: favoriteParamsSchema,
        response: { 200: favoriteResponseSchema },
      },
    },
    async (request) => {
      const { gameId } = request.params;
      await repo.removeFavorite(userOf(request).id, gameId);
      return { gameId, isFavorite: false };
    },
  );
};

const notFoundGame = () => {
  const error = notFound(catalogMessages.gameNotFound);
  return new AppError(error.statusCode, error.message, 'gameId');
};
