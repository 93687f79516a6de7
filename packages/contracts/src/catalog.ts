import { z } from 'zod';

/** What a game is, for the home chips (000 §2): Live Roulette, Blackjack, Poker, Bacarrat, Loto, plus slots. */
export const gameCategories = ['LIVE_ROULETTE', 'BLACKJACK', 'POKER', 'BACCARAT', 'LOTO', 'SLOTS'] as const;
export type GameCategory = (typeof gameCategories)[number];

/** How a game is played, for the bottom panel's Live, Table, Slots and Bets slots (Studio = our own provider). */
export const gameKinds = ['LIVE', 'TABLE', 'SLOTS', 'BETS'] as const;
export type GameKind = (typeof gameKinds)[number];

/** A catalogue game (000 §3): id, name, imageUrl, providerName, plus what filtering and opening need. */
export const gameSchema = z.object({
  id: z.string(),
  name: z.string(),
  imageUrl: z.string(),
  providerName: z.string(),
  providerCodeName: z.string(),
  /** The provider's own code of the game: what /game?gameCode= and POST /catalog/game/url carry (not `id`). */
  gameCode: z.string(),
  category: z.enum(gameCategories),
  kind: z.enum(gameKinds),
  /** Recently added: the side panel's New list. */
  isNew: z.boolean(),
  /** False for a visitor. */
  isFavorite: z.boolean(),
});
export type Game = z.infer<typeof gameSchema>;

/** GET /catalog query: every filter optional. `favorites=true` lists the signed-in player's favourites. */
export const catalogQuerySchema = z.object({
  search: z.string().trim().max(50).optional(),
  category: z.enum(gameCategories).optional(),
  kind: z.enum(gameKinds).optional(),
  provider: z.string().max(50).optional(),
  favorites: z.enum(['true', 'false']).optional(),
});
export type CatalogQuery = z.input<typeof catalogQuerySchema>;

export const gameListSchema = z.array(gameSchema);

/** POST /catalog/game/url (000 §3 game-open request and launch response). */
export const gameUrlRequestSchema = z.object({
  gameCode: z.string().min(1).max(64),
  providerCodeName: z.string().min(1).max(64),
});
export const gameUrlResponseSchema = z.object({ url: z.string() });
export type GameUrlRequest = z.infer<typeof gameUrlRequestSchema>;
export type GameUrlResponse = z.infer<typeof gameUrlResponseSchema>;

/** POST and DELETE /catalog/favorites/:gameId (signed in): marks or unmarks a favourite; both idempotent. */
export const favoriteParamsSchema = z.object({ gameId: z.uuid('Game not found') });
export const favoriteResponseSchema = z.object({ gameId: z.string(), isFavorite: z.boolean() });
export type FavoriteResponse = z.infer<typeof favoriteResponseSchema>;

export const catalogMessages = {
  gameNotFound: 'Game not found',
  providerNotFound: 'Game provider not found',
  providerUnavailable: 'Game provider is unavailable, please try again later',
} as const;
