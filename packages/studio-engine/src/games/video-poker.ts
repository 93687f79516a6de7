/**
 * Video poker, Jacks or Better "9/6": one 52-card deck shuffled for every hand; five cards are
 * dealt, the player holds any of them, and the others are replaced by the next cards of the same
 * shuffle (cards 6–10, in order, to the first free position onwards).
 *
 * Every hand is a five-coin (maximum) bet, so the royal flush pays its max-coin rate: 4,000 for 5
 * coins, i.e. 800× the stake. Paytable per unit staked (returns, stake included): royal flush 800,
 * straight flush 50, four of a kind 25, full house 9, flush 6, straight 4, three of a kind 3, two
 * pair 2, jacks or better 1. A straight may run ace-low (A-2-3-4-5) or ace-high.
 * RTP: 99.54% (99.5439%) with optimal holds; less with other play.
 */
import type { GameInfo, VideoPokerBet, VideoPokerHand, VideoPokerView } from '@paws/contracts/studio';
import { videoPokerHands } from '@paws/contracts/studio';
import { type Card, cardCode, cardRank, cardSuit, JACK, makeDeck } from '../cards.ts';
import { assertStake, StudioInputError } from '../errors.ts';
import { partialShuffle, type Rng } from '../fair.ts';

export const VIDEO_POKER_RTP = 0.995439;
const DECK: readonly Card[] = makeDeck();

/** Returns per unit staked, indexed like `videoPokerHands` (royal flush first, nothing last). */
export const VIDEO_POKER_PAYS: readonly number[] = [800, 50, 25, 9, 6, 4, 3, 2, 1, 0];

export const VIDEO_POKER_PAYTABLE: Readonly<Record<VideoPokerHand, number>> = Object.fromEntries(
  videoPokerHands.map((hand, i) => [hand, VIDEO_POKER_PAYS[i] as number]),
) as Record<VideoPokerHand, number>;

const ROYAL_MASK = 0b1111100000000;
const WHEEL_MASK = 0b1000000001111;
const rankCounts = new Uint8Array(13);

/**
 * The hand's category as an index into `videoPokerHands` (0 royal flush … 9 nothing). Five
 * distinct cards of one deck are assumed; numeric so that exhaustive analyses stay fast.
 */
export function handCategory(cards: readonly Card[]): number {
  let mask = 0;
  let suits = 0;
  for (let i = 0; i < 5; i++) {
    const c = cards[i] as Card;
    mask |= 1 << cardRank(c);
    suits |= 1 << cardSuit(c);
  }
  const flush = (suits & (suits - 1)) === 0;
  let distinct = 0;
  for (let m = mask; m; m &= m - 1) distinct++;
  if (distinct === 5) {
    const low = mask & -mask;
    const straight = mask / low === 0b11111 || mask === WHEEL_MASK;
    if (straight && flush) return mask === ROYAL_MASK ? 0 : 1;
    if (flush) return 4;
    if (straight) return 5;
    return 9;
  }
  rankCounts.fill(0);
  let most = 0;
  for (let i = 0; i < 5; i++) {
    const r = cardRank(cards[i] as Card);
    const n = (rankCounts[r] as number) + 1;
    rankCounts[r] = n;
    if (n > most) most = n;
  }
  if (distinct === 2) return most === 4 ? 2 : 3;
  if (distinct === 3) return most === 3 ? 6 : 7;
  for (let r = JACK; r < 13; r++) if (rankCounts[r] === 2) return 8;
  return 9;
}

export const evaluateHand = (cards: readonly Card[]): VideoPokerHand =>
  videoPokerHands[handCategory(cards)] as VideoPokerHand;

export interface VideoPokerState {
  phase: 'dealt' | 'finished';
  stake: number;
  /** The five cards on screen. */
  cards: Card[];
  /** Cards 6–10 of the shuffle, the draw. Secret. */
  replacements: Card[];
  held: boolean[] | null;
  payout: number | null;
}

export function deal(rng: Rng, bet: VideoPokerBet): VideoPokerState {
  assertStake(bet.amount);
  const ten = partialShuffle(rng, DECK, 10);
  return {
    phase: 'dealt',
    stake: bet.amount,
    cards: ten.slice(0, 5),
    replacements: ten.slice(5),
    held: null,
    payout: null,
  };
}

export function draw(state: VideoPokerState, held: readonly boolean[]): VideoPokerState {
  if (state.phase !== 'dealt') throw new StudioInputError('This hand is already drawn', 'held');
  if (held.length !== 5 || held.some((h) => typeof h !== 'boolean')) {
    throw new StudioInputError('Say for each of the five cards whether it is held', 'held');
  }
  let k = 0;
  const cards = state.cards.map((card, i) => (held[i] ? card : (state.replacements[k++] as Card)));
  const payout = state.stake * (VIDEO_POKER_PAYS[handCategory(cards)] as number);
  return { ...state, phase: 'finished', cards, held: [...held], payout };
}

export function publicView(state: VideoPokerState): VideoPokerView {
  return {
    phase: state.phase,
    stake: state.stake,
    cards: state.cards.map(cardCode),
    held: state.held,
    hand: evaluateHand(state.cards),
    payout: state.payout,
  };
}

const HAND_NAMES: Record<VideoPokerHand, string> = {
  royalFlush: 'Royal Flush',
  straightFlush: 'Straight Flush',
  fourOfAKind: 'Four of a Kind',
  fullHouse: 'Full House',
  flush: 'Flush',
  straight: 'Straight',
  threeOfAKind: 'Three of a Kind',
  twoPair: 'Two Pair',
  jacksOrBetter: 'Jacks or Better',
  nothing: 'No win',
};

export const videoPokerInfo: GameInfo = {
  code: 'video-poker',
  name: 'Jacks or Better',
  rtp: 99.54,
  rtpNote: 'Full-pay 9/6 Jacks or Better with the five-coin royal: 99.54% with perfect holds.',
  rules: [
    'One 52-card deck, shuffled for every hand. You get five cards.',
    'Choose the cards to hold; the others are replaced by the next cards of the same deck.',
    'The final hand is paid from the paytable: a pair must be jacks or better to pay.',
    'Every hand is played as five coins, so a royal flush pays 800 times the stake (4,000 for 5 coins).',
    'A straight may be ace-low (A-2-3-4-5) or ace-high (10-J-Q-K-A).',
  ],
  paytables: [
    {
      title: 'Paytable (coins paid, stake included; every hand plays 5 coins)',
      columns: ['Hand', '1 coin', '5 coins'],
      rows: videoPokerHands
        .filter((h) => h !== 'nothing')
        .map((h) => [
          HAND_NAMES[h],
          h === 'royalFlush' ? '250' : String(VIDEO_POKER_PAYTABLE[h]),
          String(VIDEO_POKER_PAYTABLE[h] * 5),
        ]),
    },
  ],
};
