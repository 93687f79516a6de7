import { gameCategories, gameKinds } from '@paws/contracts/catalog';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamps } from '../../db/columns.ts';

export const gameCategory = pgEnum('game_category', gameCategories);
export const gameKind = pgEnum('game_kind', gameKinds);

/**
 * Who makes a game, as the lobby shows it. Secrets and the seamless-wallet side of a provider live in the
 * wallet's own table (wallet_providers); a provider is playable when both rows exist and an adapter is
 * registered in app.gameProviders under the same code.
 */
export const gameProviders = pgTable('game_providers', {
  code: text().primaryKey(),
  name: text().notNull(),
  enabled: boolean().notNull().default(true),
  createdAt: createdAt(),
});

/** A catalogue game: another provider's games are rows, not code. */
export const games = pgTable(
  'games',
  {
    id: id(),
    providerCode: text()
      .notNull()
      .references(() => gameProviders.code),
    /** The provider's code of the game (unique per provider), sent on launch. */
    gameCode: text().notNull(),
    name: text().notNull(),
    category: gameCategory().notNull(),
    kind: gameKind().notNull(),
    imageUrl: text().notNull(),
    sortOrder: integer().notNull().default(0),
    isNew: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    /** Set by staff: suggested first beside the game being played (GET /catalog/recommended). */
    recommended: boolean().notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('games_provider_game_code_unique').on(t.providerCode, t.gameCode),
    index().on(t.sortOrder),
  ],
);

/** A player's favourite games. No foreign key to identity's users: the catalogue stays deployable on its own. */
export const favoriteGames = pgTable(
  'favorite_games',
  {
    userId: uuid().notNull(),
    gameId: uuid()
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] })],
);
