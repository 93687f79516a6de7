import type { GameCategory, GameKind } from '@paws/contracts/catalog';
import { STUDIO_PROVIDER_CODE } from '@paws/contracts/studio-api';
import { studioGames as studioGameList } from '@paws/contracts/studio-games';
import type { Db } from '../../db/client.ts';
import { gameProviders, games } from './schema.ts';

/** Our own studio, under the same code as its wallet provider row and its app.gameProviders adapter. */
export const STUDIO_CATALOG_PROVIDER = { code: STUDIO_PROVIDER_CODE, name: 'PAWS Studio' } as const;

interface SeedGame {
  gameCode: string;
  name: string;
  category: GameCategory;
  kind: GameKind;
  isNew?: boolean;
}

/** The studio's games as it lists them in the catalogue (one list: packages/contracts studio-games). */
export const studioGames: SeedGame[] = studioGameList.map((game) => ({
  gameCode: game.code,
  ...game.catalog,
}));

/**
 * Seed step: the studio and its six games, once. Existing rows are left alone so that an operator's later
 * edits (order, names, disabling a game) survive a restart.
 */
export async function seedCatalog(db: Db) {
  await db.insert(gameProviders).values(STUDIO_CATALOG_PROVIDER).onConflictDoNothing();
  await db
    .insert(games)
    .values(
      studioGames.map((game, index) => ({
        ...game,
        providerCode: STUDIO_CATALOG_PROVIDER.code,
        imageUrl: `/games/${game.gameCode}.svg`,
        sortOrder: (index + 1) * 10,
        isNew: game.isNew ?? false,
      })),
    )
    .onConflictDoNothing({ target: [games.providerCode, games.gameCode] });
}
