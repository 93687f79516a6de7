import { type StudioApiGameCode, studioGames } from '@paws/contracts/studio-games';

export interface GameMeta {
  code: StudioApiGameCode;
  title: string;
  tagline: string;
  /** Emoji-free glyph for the lobby tile. */
  glyph: string;
  hue: number;
}

/** How the pages dress each game; the list of games itself is the contract's (`studioGames`). */
const looks: Record<StudioApiGameCode, Omit<GameMeta, 'code'>> = {
  'european-roulette': {
    title: 'European Roulette',
    tagline: 'Live table · spin every 30 s',
    glyph: '◎',
    hue: 150,
  },
  blackjack: { title: 'Blackjack', tagline: '6 decks · 3:2 · S17', glyph: '♠', hue: 200 },
  baccarat: { title: 'Baccarat', tagline: 'Punto banco · tie 8:1', glyph: '♦', hue: 340 },
  'video-poker': { title: 'Video Poker', tagline: 'Jacks or Better 9/6', glyph: '♥', hue: 265 },
  'wild-paws': { title: 'Wild Paws', tagline: '5 reels · 20 lines · free spins', glyph: '✦', hue: 40 },
  loto: { title: 'Loto', tagline: 'Keno · pick 1–10 of 80', glyph: '❽', hue: 95 },
};

export const GAMES: readonly GameMeta[] = studioGames.map(({ code }) => ({ code, ...looks[code] }));

export const gameMeta = (code: StudioApiGameCode): GameMeta => GAMES.find((g) => g.code === code) as GameMeta;
