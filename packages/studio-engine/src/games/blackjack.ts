/**
 * Blackjack: 6 decks shuffled for every round (the round's fair stream shuffles the whole shoe at
 * the deal, so every card of the round is fixed before the first decision).
 *
 * Rules: dealer stands on all 17s (soft 17 too) and peeks for blackjack under an ace or ten (a
 * dealer blackjack ends the round at once and only the original bet is lost); blackjack pays 3:2;
 * double on any first two cards, also after a split; split any two cards of equal value, up to
 * 4 hands; split aces get one card each and cannot be split again; 21 after a split is not a
 * blackjack; insurance (half the bet, pays 2:1) is offered when the dealer shows an ace; a hand
 * stands by itself on 21; no surrender. Fractions of a cent (3:2 on an odd stake, half an odd stake)
 * are rounded down.
 * RTP: 99.57% with basic strategy, i.e. a house edge of 0.43% of the original bet (measured over
 * 10 million seeded rounds, ±0.04%; the usual rule-by-rule estimate for 6 decks, S17, DAS, no
 * surrender gives 0.42%). Worse play returns less.
 *
 * A state machine: `deal` → state → `act` → … until `phase` is 'finished'. The state is plain JSON
 * for storage between requests; it holds the hole card and the shoe, so players only ever get
 * `publicView(state)`. Before `act` the server debits `additionalStake(state, action)`.
 */
import type {
  BlackjackAction,
  BlackjackBet,
  BlackjackOutcome,
  BlackjackView,
  GameInfo,
} from '@paws/contracts/studio';
import { ACE, type Card, cardCode, cardRank, makeShoe } from '../cards.ts';
import { assertStake, StudioInputError } from '../errors.ts';
import { type Rng, shuffle } from '../fair.ts';

export const BLACKJACK_DECKS = 6;
const SHOE: readonly Card[] = makeShoe(BLACKJACK_DECKS);
export const BLACKJACK_MAX_HANDS = 4;
export const BLACKJACK_RTP = 0.9957;

export interface BlackjackHand {
  cards: Card[];
  stake: number;
  doubled: boolean;
  split: boolean;
  /** Still to be played. */
  open: boolean;
  outcome: BlackjackOutcome | null;
  payout: number | null;
}

export interface BlackjackState {
  phase: 'insurance' | 'playing' | 'finished';
  /** The original bet in cents. */
  bet: number;
  /** The whole shuffled shoe; cards are dealt from `next` on. Secret. */
  shoe: Card[];
  next: number;
  /** Up card first, hole card second. The hole card is secret until the end. */
  dealer: Card[];
  hands: BlackjackHand[];
  active: number;
  /** Insurance stake in cents when taken. */
  insurance: number | null;
  insurancePayout: number | null;
  totalPayout: number | null;
}

/** 2–9 at face, tens and faces 10, ace 11 (counted 1 when 11 would bust). */
export function cardPoints(card: Card): number {
  const rank = cardRank(card);
  if (rank === ACE) return 11;
  return rank >= 8 ? 10 : rank + 2;
}

export function handValue(cards: readonly Card[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    const points = cardPoints(card);
    total += points;
    if (points === 11) aces++;
  }
  while (total > 21 && aces > 0) {
    total -= 10;
    aces--;
  }
  return { total, soft: aces > 0 };
}

const isTwoCard21 = (cards: readonly Card[]) => cards.length === 2 && handValue(cards).total === 21;

function playerHasBlackjack(state: BlackjackState): boolean {
  const hand = state.hands[0];
  return state.hands.length === 1 && hand !== undefined && !hand.split && isTwoCard21(hand.cards);
}

function draw(state: BlackjackState): Card {
  const card = state.shoe[state.next];
  if (card === undefined) throw new Error('The shoe ran out');
  state.next++;
  return card;
}

function clone(state: BlackjackState): BlackjackState {
  return {
    ...state,
    dealer: [...state.dealer],
    hands: state.hands.map((h) => ({ ...h, cards: [...h.cards] })),
  };
}

export function deal(rng: Rng, bet: BlackjackBet): BlackjackState {
  assertStake(bet.amount);
  const shoe = shuffle(rng, SHOE);
  const [p1, d1, p2, d2] = shoe as [Card, Card, Card, Card];
  const state: BlackjackState = {
    phase: 'playing',
    bet: bet.amount,
    shoe,
    next: 4,
    dealer: [d1, d2],
    hands: [
      {
        cards: [p1, p2],
        stake: bet.amount,
        doubled: false,
        split: false,
        open: true,
        outcome: null,
        payout: null,
      },
    ],
    active: 0,
    insurance: null,
    insurancePayout: null,
    totalPayout: null,
  };
  if (cardRank(d1) === ACE) {
    state.phase = 'insurance';
    return state;
  }
  return afterPeek(state);
}

/** The dealer has checked the hole card: a natural on either side ends the round. */
function afterPeek(state: BlackjackState): BlackjackState {
  state.phase = 'playing';
  if (isTwoCard21(state.dealer) || playerHasBlackjack(state)) return finish(state);
  return state;
}

export function allowedActions(state: BlackjackState): BlackjackAction[] {
  if (state.phase === 'finished') return [];
  if (state.phase === 'insurance') {
    return Math.floor(state.bet / 2) >= 1 ? ['insurance', 'noInsurance'] : ['noInsurance'];
  }
  const hand = state.hands[state.active];
  if (!hand) return [];
  const actions: BlackjackAction[] = ['hit', 'stand'];
  if (hand.cards.length === 2) {
    actions.push('double');
    const [a, b] = hand.cards as [Card, Card];
    if (cardPoints(a) === cardPoints(b) && state.hands.length < BLACKJACK_MAX_HANDS) actions.push('split');
  }
  return actions;
}

/** Cents the player must stake before this action (the server debits them first). */
export function additionalStake(state: BlackjackState, action: BlackjackAction): number {
  if (action === 'insurance') return Math.floor(state.bet / 2);
  if (action === 'double' || action === 'split') return state.hands[state.active]?.stake ?? 0;
  return 0;
}

export function act(state: BlackjackState, action: BlackjackAction): BlackjackState {
  if (!allowedActions(state).includes(action)) {
    throw new StudioInputError(`You cannot ${action} now`, 'action');
  }
  const s = clone(state);
  if (action === 'insurance' || action === 'noInsurance') {
    if (action === 'insurance') s.insurance = Math.floor(s.bet / 2);
    return afterPeek(s);
  }
  const hand = s.hands[s.active] as BlackjackHand;
  switch (action) {
    case 'hit':
      hand.cards.push(draw(s));
      if (handValue(hand.cards).total >= 21) hand.open = false;
      break;
    case 'stand':
      hand.open = false;
      break;
    case 'double':
      hand.stake *= 2;
      hand.doubled = true;
      hand.cards.push(draw(s));
      hand.open = false;
      break;
    case 'split': {
      const [a, b] = hand.cards as [Card, Card];
      const first: BlackjackHand = { ...hand, cards: [a], split: true };
      const second: BlackjackHand = { ...hand, cards: [b], split: true };
      s.hands.splice(s.active, 1, first, second);
      if (cardRank(a) === ACE) {
        for (const h of [first, second]) {
          h.cards.push(draw(s));
          h.open = false;
        }
      }
      break;
    }
  }
  return advance(s);
}

/** Move to the next hand that needs a decision, dealing a split hand its second card; else finish. */
function advance(s: BlackjackState): BlackjackState {
  for (let i = s.active; i < s.hands.length; i++) {
    const hand = s.hands[i] as BlackjackHand;
    if (!hand.open) continue;
    if (hand.cards.length === 1) {
      hand.cards.push(draw(s));
      if (handValue(hand.cards).total === 21) {
        hand.open = false;
        continue;
      }
    }
    s.active = i;
    return s;
  }
  return finish(s);
}

function finish(s: BlackjackState): BlackjackState {
  const dealerBlackjack = isTwoCard21(s.dealer);
  const playerBlackjack = playerHasBlackjack(s);
  const anyLive = s.hands.some((h) => handValue(h.cards).total <= 21);
  if (!dealerBlackjack && !playerBlackjack && anyLive) {
    while (handValue(s.dealer).total < 17) s.dealer.push(draw(s));
  }
  const dealerTotal = handValue(s.dealer).total;
  let total = 0;
  for (const hand of s.hands) {
    hand.open = false;
    const player = handValue(hand.cards).total;
    let outcome: BlackjackOutcome;
    if (playerBlackjack) outcome = dealerBlackjack ? 'push' : 'blackjack';
    else if (player > 21 || dealerBlackjack) outcome = 'lose';
    else if (dealerTotal > 21 || player > dealerTotal) outcome = 'win';
    else outcome = player === dealerTotal ? 'push' : 'lose';
    const payout =
      outcome === 'blackjack'
        ? hand.stake + Math.floor((hand.stake * 3) / 2)
        : outcome === 'win'
          ? hand.stake * 2
          : outcome === 'push'
            ? hand.stake
            : 0;
    hand.outcome = outcome;
    hand.payout = payout;
    total += payout;
  }
  s.insurancePayout = s.insurance === null ? null : dealerBlackjack ? s.insurance * 3 : 0;
  s.totalPayout = total + (s.insurancePayout ?? 0);
  s.phase = 'finished';
  return s;
}

export function totalStake(state: BlackjackState): number {
  return state.hands.reduce((sum, h) => sum + h.stake, 0) + (state.insurance ?? 0);
}

export function publicView(state: BlackjackState): BlackjackView {
  const finished = state.phase === 'finished';
  const dealerCards = finished ? state.dealer : state.dealer.slice(0, 1);
  const dealerValue = handValue(dealerCards);
  return {
    phase: state.phase,
    dealer: {
      cards: dealerCards.map(cardCode),
      holeCardHidden: !finished,
      total: dealerValue.total,
      soft: dealerValue.soft,
      blackjack: finished ? isTwoCard21(state.dealer) : null,
    },
    hands: state.hands.map((h) => {
      const value = handValue(h.cards);
      return {
        cards: h.cards.map(cardCode),
        total: value.total,
        soft: value.soft,
        stake: h.stake,
        doubled: h.doubled,
        split: h.split,
        bust: value.total > 21,
        open: h.open,
        outcome: h.outcome,
        payout: h.payout,
      };
    }),
    activeHand: state.phase === 'playing' ? state.active : null,
    insurance: state.insurance === null ? null : { stake: state.insurance, payout: state.insurancePayout },
    allowedActions: allowedActions(state),
    totalStake: totalStake(state),
    totalPayout: state.totalPayout,
  };
}

export const blackjackInfo: GameInfo = {
  code: 'blackjack',
  name: 'Blackjack',
  rtp: 99.57,
  rtpNote: 'With basic strategy (house edge about 0.43% of the bet). Other play returns less.',
  rules: [
    'Six decks, shuffled for every round. Get closer to 21 than the dealer without going over.',
    'Cards 2–9 count their face value, tens and pictures 10, aces 1 or 11.',
    'The dealer draws to 16 and stands on every 17, soft 17 included.',
    'With an ace or ten showing, the dealer checks for blackjack first: a dealer blackjack ends the round and you lose only your original bet.',
    'Blackjack (an ace and a ten-value card as your first two cards) pays 3:2. Other wins pay 1:1; equal totals push.',
    'Double on any first two cards, also after a split: your bet doubles and you get exactly one more card.',
    'Split two cards of the same value into two hands (up to four hands). Split aces get one card each. 21 after a split counts as 21, not blackjack.',
    'Insurance: when the dealer shows an ace you may stake half your bet; it pays 2:1 if the dealer has blackjack.',
    'Amounts below one cent are rounded down.',
  ],
  paytables: [
    {
      title: 'Payouts',
      columns: ['Result', 'Pays'],
      rows: [
        ['Blackjack', '3:2'],
        ['Win', '1:1'],
        ['Push', 'Stake returned'],
        ['Insurance', '2:1'],
      ],
    },
  ],
};
