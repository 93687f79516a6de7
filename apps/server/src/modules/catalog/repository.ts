import type { CatalogQuery, Game, GameCategory, GameKind } from '@paws/contracts/catalog';
import { and, asc, desc, eq, exists, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { favoriteGames, gameProviders, games } from './schema.ts';

/** `%` and `_` typed by a player are matched literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface GameFilter {
  search?: string;
  category?: GameCategory;
  kind?: GameKind;
  provider?: string;
  /** Only this player's favourites. */
  favoritesOf?: string;
}

export function createCatalogRepository(db: Db) {
  /** Listed games: enabled, of an enabled provider, each with isFavorite for `viewerId`. */
  function listQuery(viewerId: string | undefined, where: Array<SQL | undefined>, q: DbOrTx = db) {
    const isFavorite = viewerId
      ? sql<boolean>`exists (select 1 from ${favoriteGames} where ${favoriteGames.gameId} = ${games.id} and ${favoriteGames.userId} = ${viewerId})`
      : sql<boolean>`false`;
    return q
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
        isFavorite,
      })
      .from(games)
      .innerJoin(gameProviders, eq(gameProviders.code, games.providerCode))
      .where(and(eq(games.enabled, true), eq(gameProviders.enabled, true), ...where))
      .$dynamic();
  }

  return {
    async list(viewerId: string | undefined, filter: GameFilter): Promise<Game[]> {
      const rows = await listQuery(viewerId, [
        filter.search ? ilike(games.name, likePattern(filter.search)) : undefined,
        filter.category ? eq(games.category, filter.category) : undefined,
        filter.kind ? eq(games.kind, filter.kind) : undefined,
        filter.provider ? eq(games.providerCode, filter.provider) : undefined,
        filter.favoritesOf
          ? exists(
              db
                .select({ one: sql`1` })
                .from(favoriteGames)
                .where(and(eq(favoriteGames.gameId, games.id), eq(favoriteGames.userId, filter.favoritesOf))),
            )
          : undefined,
      ]).orderBy(asc(games.sortOrder), asc(games.name));
      return rows.map((row) => ({ ...row, isFavorite: Boolean(row.isFavorite) }));
    },

    /** The games staff recommend first, then new games, then the operator's order. */
    async recommended(viewerId: string | undefined, limit: number): Promise<Game[]> {
      const rows = await listQuery(viewerId, [])
        .orderBy(desc(games.recommended), desc(games.isNew), asc(games.sortOrder), asc(games.name))
        .limit(limit);
      return rows.map((row) => ({ ...row, isFavorite: Boolean(row.isFavorite) }));
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
