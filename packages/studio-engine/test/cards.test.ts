import { describe, expect, it } from 'vitest';
import { cardCode, cardRank, cardSuit, makeCard, makeDeck, makeShoe, parseCard } from '../src/cards.ts';

describe('cards', () => {
  it('names all 52 cards once and reads every name back', () => {
    const codes = makeDeck().map(cardCode);
    expect(new Set(codes).size).toBe(52);
    for (const rank of '23456789TJQKA') for (const suit of 'cdhs') expect(codes).toContain(`${rank}${suit}`);
    makeDeck().forEach((card) => {
      expect(parseCard(cardCode(card))).toBe(card);
      expect(makeCard(cardRank(card), cardSuit(card))).toBe(card);
    });
    expect(cardCode(0)).toBe('2c');
    expect(cardCode(51)).toBe('As');
  });

  it('refuses anything that is not a card code', () => {
    for (const bad of ['', 'A', 'Ahh', '1h', 'Ax', 'ah', '10h'])
      expect(() => parseCard(bad), bad).toThrow(RangeError);
  });

  it('builds a shoe of n whole decks in a fixed order', () => {
    const shoe = makeShoe(6);
    expect(shoe).toHaveLength(312);
    expect(shoe.slice(52, 104)).toEqual(makeDeck());
    for (let card = 0; card < 52; card++) expect(shoe.filter((c) => c === card)).toHaveLength(6);
  });
});
