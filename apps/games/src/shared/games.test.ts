import { studioGames } from '@paws/contracts/studio-games';
import { describe, expect, it } from 'vitest';
import { GAMES, gameMeta } from './games.ts';

describe('game names', () => {
  it("are the catalogue's names, word for word, on every game page", () => {
    expect(GAMES.map((game) => game.title)).toEqual(studioGames.map((game) => game.catalog.name));
  });

  it('name each game once: the roulette, the poker and the loto keep the names their pages always had', () => {
    expect(gameMeta('european-roulette').title).toBe('European Roulette');
    expect(gameMeta('video-poker').title).toBe('Video Poker');
    expect(gameMeta('loto').title).toBe('Loto');
  });
});
