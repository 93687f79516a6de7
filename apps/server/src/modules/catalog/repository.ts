import type { CatalogQuery, Game } from '@paws/contracts/catalog';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { favoriteGames, gameProviders, games } from './schema.ts';

/** A listed game (enabled, of an enabled provider) with what the lobby's orders need. */
export interface ListedGame extends Omit<Game, 'isFavorite'> {
  recommended: boolean;
}

export function createCatalogRepository(db: Db) {
  return {
    /** Every listed game in the operator's order: the whole lobby, small and rarely changed (cached). */
    async listed(): Promise<ListedGame[]> {
      return db
        .select({
          id: games.id,
          name: games.name,
          imageUrl: games.imageUrl,
          providerName: gameProviders.name,
          providerCodeName: games.providerCode,
          gameCode: games.gameCode,
          category: games.category,
          kind: games.kind,
          isNew: games.isNew,
          recommended: games.recommended,
        })
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.code, games.providerCode))
        .where(and(eq(games.enabled, true), eq(gameProviders.enabled, true)))
        .orderBy(asc(games.sortOrder), asc(games.name));
    },

    /** The ids of `userId`'s favourite games. */
    async favoriteIds(userId: string): Promise<Set<string>> {
      const rows = await db
        .select({ gameId: favoriteGames.gameId })
        .from(favoriteGames)
        .where(eq(favoriteGames.userId, userId));
      return new Set(rows.map((row) => row.gameId));
    },

    /** A launchable game: enabled, of an enabled provider. */
    async findPlayable(providerCode: string, where: { gameCode: string } | { id: string }) {
      const [row] = await db
        .select({ id: games.id, gameCode: games.gameCode, providerCode: games.providerCode })
        .from(games)
        .innerJoin(gameProviders, eq(gameProviders.code, games.providerCode))
        .where(
          and(
            eq(games.providerCode, providerCode),
            'id' in where ? eq(games.id, where.id) : eq(games.gameCode, where.gameCode),
            eq(games.enabled, true),
            eq(gameProviders.enabled, true),
          ),
        );
      return row;
    },

    async findProvider(code: string) {
      const [row] = await db.select().from(gameProviders).where(eq(gameProviders.code, code));
      return row;
    },

    async gameExists(gameId: string) {
      const [row] = await db
        .select({ id: games.id })
        .from(games)
        .where(and(eq(games.id, gameId), eq(games.enabled, true)));
      return Boolean(row);
    },

    async addFavorite(userId: string, gameId: string) {
      await db.insert(favoriteGames).values({ userId, gameId }).onConflictDoNothing();
    },

    async removeFavorite(userId: string, gameId: string) {
      await db
        .delete(favoriteGames)
        .where(and(eq(favoriteGames.userId, userId), eq(favoriteGames.gameId, gameId)));
    },
  };
}

export type CatalogRepository = ReturnType<typeof createCatalogRepository>;
export type { CatalogQuery };
