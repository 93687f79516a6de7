import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The catalogue's tile art (public/games), shown as is in every language. */
const ART = join(import.meta.dirname, '../../../../public/games');
const tiles = readdirSync(ART).filter((name) => name.endsWith('.svg'));

/** The texts an SVG draws: numbers, card ranks and suits pass; a word (two letters or more) would stay English. */
const words = (svg: string) =>
  [...svg.matchAll(/<text\b[^>]*>([^<]*)<\/text>/g)]
    .map((match) => match[1] as string)
    .filter((text) => /\p{L}{2,}/u.test(text));

describe('game tile art', () => {
  it('covers the six studio games', () => {
    expect(tiles).toHaveLength(6);
  });

  it.each(tiles)('%s carries no words, so it reads the same in en, es, fr and it', (name) => {
    expect(words(readFileSync(join(ART, name), 'utf8'))).toEqual([]);
  });
});
