/**
 * Cards as integers 0–51 (rank = card >> 2 with 0 = two … 12 = ace, suit = card & 3) so shoes are
 * cheap to shuffle and store as JSON; codes like `Ah` only where a person reads them.
 */
export type Card = number;

export const RANK_CHARS = '23456789TJQKA';
export const SUIT_CHARS = 'cdhs';
export const ACE = 12;
export const KING = 11;
export const QUEEN = 10;
export const JACK = 9;
export const TEN = 8;

export const cardRank = (card: Card): number => card >> 2;
export const cardSuit = (card: Card): number => card & 3;
export const makeCard = (rank: number, suit: number): Card => (rank << 2) | suit;

export function cardCode(card: Card): string {
  return `${RANK_CHARS[cardRank(card)]}${SUIT_CHARS[cardSuit(card)]}`;
}

export function parseCard(code: string): Card {
  const rank = RANK_CHARS.indexOf(code[0] ?? '');
  const suit = SUIT_CHARS.indexOf(code[1] ?? '');
  if (code.length !== 2 || rank < 0 || suit < 0) throw new RangeError(`Not a card: ${code}`);
  return makeCard(rank, suit);
}

/** One 52-card deck in a fixed order (clubs, diamonds, hearts, spades within each rank). */
export function makeDeck(): Card[] {
  return Array.from({ length: 52 }, (_, i) => i);
}

/** `decks` decks one after another: the fixed order a shuffle starts from. */
export function makeShoe(decks: number): Card[] {
  const shoe: Card[] = [];
  for (let d = 0; d < decks; d++) for (let c = 0; c < 52; c++) shoe.push(c);
  return shoe;
}
