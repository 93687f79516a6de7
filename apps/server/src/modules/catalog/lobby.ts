import { type CatalogQuery, type Game, gameListSchema } from '@paws/contracts/catalog';
import type { ChangeFeed } from '../../core/changes.ts';
import { type CachedJson, cachedJson, createReadCache } from '../../lib/read-cache.ts';
import type { CatalogRepository, ListedGame } from './repository.ts';

/** A change notice clears these; the age is a backstop for a notice that never came. */
const MAX_AGE_MS = 60_000;
/** Visitors' answers kept, by filter (search text is free, so the number of keys is bounded). */
const VISITOR_ANSWERS = 500;

type Filter = Omit<CatalogQuery, 'favorites'>;

function matches(game: ListedGame, { search, category, kind, provider }: Filter) {
  // As ILIKE '%text%': the text anywhere in the name, case aside.
  if (search && !game.name.toLocaleLowerCase().includes(search.toLocaleLowerCase())) return false;
  if (category && game.category !== category) return false;
  if (kind && game.kind !== kind) return false;
  return !provider || game.providerCodeName === provider;
}

const asGame = ({ recommended: _, ...game }: ListedGame, favorites?: Set<string>): Game => ({
  ...game,
  isFavorite: favorites?.has(game.id) ?? false,
});

/** Staff recommendations first, then new games, then the operator's order (the listing's). */
function recommendedOf(all: ListedGame[], limit: number) {
  const rank = (game: ListedGame) => (game.recommended ? 2 : 0) + (game.isNew ? 1 : 0);
  return all
    .map((game, index) => ({ game, index }))
    .sort((a, b) => rank(b.game) - rank(a.game) || a.index - b.index)
    .slice(0, limit)
    .map(({ game }) => game);
}

/**
 * The lobby's games, held in process: the listing is read once and served from memory until a catalogue
 * change notice (core/changes.ts) clears it, in every process. A visitor's answer is serialised once per
 * filter; a signed-in player's adds one small query, their favourites.
 */
export function createLobby(repo: CatalogRepository, changes: Pick<ChangeFeed, 'on'>) {
  const listing = createReadCache<ListedGame[]>({ maxAgeMs: MAX_AGE_MS, maxEntries: 1 });
  const visitorAnswers = createReadCache<CachedJson>({ maxAgeMs: MAX_AGE_MS, maxEntries: VISITOR_ANSWERS });
  changes.on('catalog', () => {
    listing.clear();
    visitorAnswers.clear();
  });
  const listed = () => listing.get('all', () => repo.listed());
  const key = (kind: string, filter: Filter) =>
    JSON.stringify([
      kind,
      filter.search?.toLocaleLowerCase() ?? '',
      filter.category,
      filter.kind,
      filter.provider,
    ]);

  return {
    /** A visitor's GET /catalog, serialised. */
    visitorList(filter: Filter) {
      return visitorAnswers.get(key('list', filter), async () =>
        cachedJson(
          gameListSchema,
          (await listed()).filter((game) => matches(game, filter)).map((game) => asGame(game)),
        ),
      );
    },

    /** A signed-in player's GET /catalog: isFavorite marked, or only their favourites. */
    async list(userId: string, filter: Filter, favoritesOnly: boolean): Promise<Game[]> {
      const [all, favorites] = await Promise.all([listed(), repo.favoriteIds(userId)]);
      return all
        .filter((game) => matches(game, filter) && (!favoritesOnly || favorites.has(game.id)))
        .map((game) => asGame(game, favorites));
    },

    /** A visitor's GET /catalog/recommended, serialised. */
    visitorRecommended(limit: number) {
      return visitorAnswers.get(key(`recommended-${limit}`, {}), async () =>
        cachedJson(
          gameListSchema,
          recommendedOf(await listed(), limit).map((game) => asGame(game)),
        ),
      );
    },

    async recommended(userId: string, limit: number): Promise<Game[]> {
      const [all, favorites] = await Promise.all([listed(), repo.favoriteIds(userId)]);
      return recommendedOf(all, limit).map((game) => asGame(game, favorites));
    },
  };
}

export type Lobby = ReturnType<typeof createLobby>;
