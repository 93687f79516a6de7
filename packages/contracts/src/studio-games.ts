import type { GameCategory, GameKind } from './catalog.ts';

/**
 * The studio's games, listed once. Everything else derives from this list: the catalogue seed, the
 * studio API's game codes and launch urls (`/studio/<code>.html`), the game pages and their build,
 * and the engine's name for each game's rules (`@paws/studio-engine`, the verify request).
 *
 * No zod here (types only from ./catalog.ts), so build configs and entry chunks can import it.
 */
interface StudioGameEntry {
  /** The game code of the catalogue, the launch url, the studio API and the pages. */
  code: string;
  /** The engine's name for the rules this game plays. */
  engine: string;
  /** How the studio lists the game in an operator's catalogue; `name` is also the game page's title, in every language. */
  catalog: { name: string; category: GameCategory; kind: GameKind; isNew: boolean };
}

export const studioGames = [
  {
    code: 'european-roulette',
    engine: 'roulette',
    catalog: { name: 'European Roulette', category: 'LIVE_ROULETTE', kind: 'LIVE', isNew: true },
  },
  {
    code: 'blackjack',
    engine: 'blackjack',
    catalog: { name: 'Blackjack', category: 'BLACKJACK', kind: 'TABLE', isNew: false },
  },
  {
    code: 'baccarat',
    engine: 'baccarat',
    catalog: { name: 'Baccarat', category: 'BACCARAT', kind: 'TABLE', isNew: false },
  },
  {
    code: 'video-poker',
    engine: 'video-poker',
    catalog: { name: 'Video Poker', category: 'POKER', kind: 'TABLE', isNew: false },
  },
  {
    code: 'wild-paws',
    engine: 'slot',
    catalog: { name: 'Wild Paws', category: 'SLOTS', kind: 'SLOTS', isNew: true },
  },
  {
    code: 'loto',
    engine: 'keno',
    catalog: { name: 'Loto', category: 'LOTO', kind: 'BETS', isNew: false },
  },
] as const satisfies readonly StudioGameEntry[];

export type StudioGame = (typeof studioGames)[number];
/** A game code of the catalogue, the launch url, the studio API and the pages. */
export type StudioApiGameCode = StudioGame['code'];
/** The engine's name of a game (./studio.ts, `@paws/studio-engine`). */
export type StudioGameCode = StudioGame['engine'];

export const studioApiGameCodes: readonly StudioApiGameCode[] = studioGames.map((g) => g.code);
export const studioGameCodes: readonly StudioGameCode[] = studioGames.map((g) => g.engine);

/** The engine's name of each game. */
export const studioEngineGame = Object.fromEntries(studioGames.map((g) => [g.code, g.engine])) as Record<
  StudioApiGameCode,
  StudioGameCode
>;

export const isStudioApiGameCode = (value: string): value is StudioApiGameCode =>
  (studioApiGameCodes as readonly string[]).includes(value);
