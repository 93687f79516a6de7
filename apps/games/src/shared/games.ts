import { type StudioApiGameCode, studioGames } from '@paws/contracts/studio-games';

export interface GameMeta {
  code: StudioApiGameCode;
  title: string;
  tagline: string;
  /** Emoji-free glyph for the lobby tile. */
  glyph: string;
  hue: number;
}

/**
 * How the pages dress each game; the list of games and their names are the contract's (`studioGames`), so the
 * page's title is the catalogue's name, word for word, in every language (a proper name, like a brand).
 */
const looks: Record<StudioApiGameCode, Omit<GameMeta, 'code' | 'title'>> = {
  'european-roulette': {
    tagline: 'Live table · spin every 30 s',
    glyph: '◎',
    hue: 150,
  },
  blackjack: { tagline: '6 decks · 3:2 · S17', glyph: '♠', hue: 200 },
  baccarat: { tagline: 'Punto banco · tie 8:1', glyph: '♦', hue: 340 },
  'video-poker': { tagline: 'Jacks or Better 9/6', glyph: '♥', hue: 265 },
  'wild-paws': { tagline: '5 reels · 20 lines · free spins', glyph: '✦', hue: 40 },
  loto: { tagline: 'Keno · pick 1–10 of 80', glyph: '❽', hue: 95 },
};

export const GAMES: readonly GameMeta[] = studioGames.map(({ code, catalog }) => ({
  code,
  title: catalog.name,
  ...looks[code],
}));

export const gameMeta = (code: StudioApiGameCode): GameMeta => GAMES.find((g) => g.code === code) as GameMeta;
