import type { BlackjackAction, BlackjackOutcome } from '@paws/contracts/studio';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACE, type Card, cardCode, makeShoe, parseCard } from '../src/cards.ts';
import { StudioInputError } from '../src/errors.ts';
import { fairStream, type Rng, shuffle } from '../src/fair.ts';
import {
  act,
  additionalStake,
  allowedActions,
  BLACKJACK_DECKS,
  BLACKJACK_MAX_HANDS,
  type BlackjackState,
  cardPoints,
  deal,
  handValue,
  publicView,
  totalStake,
} from '../src/games/blackjack.ts';
import { verify } from '../src/verify.ts';
import { riggedShuffle, seedsArb, simulationRng, stakeArb } from './helpers.ts';

const SUITS = 'shdc';
const SHOE = makeShoe(6);
const SORTED_SHOE = [...SHOE].sort((a, b) => a - b);

/** Rig the deal: player, dealer up, player, dealer hole, then the cards drawn in order (ranks; suits vary). */
function start(ranks: string, amount = 100) {
  const wanted = ranks.split(' ').map((r, i) => parseCard(`${r}${SUITS[i % 4]}`));
  return deal(riggedShuffle(SHOE, wanted, SHOE.length - 1), { amount });
}
const play = (state: BlackjackState, ...actions: BlackjackAction[]) => actions.reduce(act, state);
const ranksOf = (cards: readonly string[]) => cards.map((c) => c[0]).join(' ');
const fieldOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof StudioInputError) return error.field;
    throw error;
  }
  return 'accepted';
};

/** The best total by the rules: aces 1, one of them 11 when that does not bust; soft when one counts 11. */
function referenceValue(cards: readonly Card[]) {
  const points = cards.map((c) => {
    const r = cardCode(c)[0] as string;
    return r === 'A' ? 1 : 'TJQK'.includes(r) ? 10 : Number(r);
  });
  const hard = points.reduce((a, b) => a + b, 0);
  const soft = points.includes(1) && hard + 10 <= 21;
  return { total: soft ? hard + 10 : hard, soft };
}
const isNatural = (cards: readonly Card[]) => cards.length === 2 && referenceValue(cards).total === 21;

describe('card points and totals', () => {
  it('counts 2–9 at face, tens and pictures 10, an ace 11 unless that busts (property)', () => {
    for (let card = 0; card < 52; card++) {
      const r = cardCode(card)[0] as string;
      expect(cardPoints(card)).toBe(r === 'A' ? 11 : 'TJQK'.includes(r) ? 10 : Number(r));
    }
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 51 }), { minLength: 1, maxLength: 11 }), (cards) => {
        expect(handValue(cards)).toEqual(referenceValue(cards));
      }),
      { numRuns: 500 },
    );
    expect(handValue([parseCard('As'), parseCard('Ad')])).toEqual({ total: 12, soft: true });
    expect(handValue([parseCard('As'), parseCard('6d'), parseCard('Kc')])).toEqual({
      total: 17,
      soft: false,
    });
  });
});

describe('dealing', () => {
  it('deals player, dealer, player, dealer from a whole shuffled 6-deck shoe (property)', () => {
    expect(BLACKJACK_DECKS).toBe(6);
    fc.assert(
      fc.property(seedsArb, stakeArb, (seeds, amount) => {
        const state = deal(fairStream(seeds), { amount });
        const shoe = shuffle(fairStream(seeds), SHOE);
        expect(state.shoe).toEqual(shoe);
        expect([
          state.hands[0]?.cards[0],
          state.dealer[0],
          state.hands[0]?.cards[1],
          state.dealer[1],
        ]).toEqual(shoe.slice(0, 4));
        expect(state.bet).toBe(amount);
      }),
      { numRuns: 20 },
    );
  });

  it('refuses a stake that is not a positive whole number of cents', () => {
    for (const amount of [0, -1, 2.5, Number.NaN]) {
      expect(
        fieldOf(() => deal(simulationRng(1), { amount })),
        String(amount),
      ).toBe('amount');
    }
  });
});

describe('the dealer', () => {
  it('stands on soft 17', () => {
    const view = publicView(play(start('T A 8 6 4'), 'noInsurance', 'stand'));
    expect(ranksOf(view.dealer.cards)).toBe('A 6');
    expect(view.dealer).toMatchObject({ total: 17, soft: true });
    expect(view.hands[0]).toMatchObject({ total: 18, outcome: 'win', payout: 200 });
  });

  it('draws to 16, soft 16 included, and pays every standing hand when busting', () => {
    const soft16 = publicView(play(start('T 5 9 A 2'), 'stand'));
    expect(ranksOf(soft16.dealer.cards)).toBe('5 A 2');
    expect(soft16.dealer).toMatchObject({ total: 18, soft: true });
    expect(soft16.hands[0]).toMatchObject({ total: 19, outcome: 'win', payout: 200 });
    const bust = publicView(play(start('T 6 8 T 9'), 'stand'));
    expect(bust.dealer.total).toBe(25);
    expect(bust.hands[0]).toMatchObject({ outcome: 'win', payout: 200 });
  });

  it('draws nothing when every hand is bust, and pushes equal totals', () => {
    const busted = publicView(play(start('T 6 6 T 9 5'), 'hit'));
    expect(busted.hands[0]).toMatchObject({ total: 25, bust: true, outcome: 'lose', payout: 0 });
    expect(busted.dealer.cards).toHaveLength(2);
    expect(publicView(play(start('T 9 9 T'), 'stand')).hands[0]).toMatchObject({
      outcome: 'push',
      payout: 100,
    });
  });
});

describe('naturals and insurance', () => {
  it('pays a blackjack 3:2 at once, rounding half cents down', () => {
    expect(publicView(start('A 9 K 7')).hands[0]).toMatchObject({ outcome: 'blackjack', payout: 250 });
    expect(publicView(start('A 9 K 7', 101)).totalPayout).toBe(101 + 151);
    expect(publicView(start('A 9 K 7', 1)).totalPayout).toBe(2);
  });

  it('ends the round when the dealer peeks a blackjack under a ten: only the bet is lost', () => {
    const state = start('T K 9 A');
    expect(state.phase).toBe('finished');
    expect(publicView(state)).toMatchObject({
      dealer: { blackjack: true, holeCardHidden: false },
      totalStake: 100,
      totalPayout: 0,
    });
  });

  it('offers insurance under an ace only, for half the bet, paying 2:1 on a dealer blackjack', () => {
    expect(start('T 9 9 7').phase).toBe('playing');
    const offered = start('T A 9 K');
    expect(offered.phase).toBe('insurance');
    expect(allowedActions(offered)).toEqual(['insurance', 'noInsurance']);
    expect(publicView(offered).dealer.cards).toHaveLength(1);
    expect(fieldOf(() => act(offered, 'hit'))).toBe('action');
    expect(additionalStake(offered, 'insurance')).toBe(50);
    expect(publicView(act(offered, 'insurance'))).toMatchObject({
      phase: 'finished',
      insurance: { stake: 50, payout: 150 },
      totalStake: 150,
      totalPayout: 150,
    });
    expect(publicView(act(offered, 'noInsurance'))).toMatchObject({ totalStake: 100, totalPayout: 0 });
    // One cent cannot be halved: no insurance on a 1-cent bet.
    expect(allowedActions(start('T A 9 7', 1))).toEqual(['noInsurance']);
    expect(additionalStake(start('T A 9 7', 101), 'insurance')).toBe(50);
  });

  it('loses the insurance when the dealer has no blackjack, and the hand goes on', () => {
    const view = publicView(play(start('T A 9 7'), 'insurance', 'stand'));
    expect(view).toMatchObject({ insurance: { stake: 50, payout: 0 }, totalStake: 150, totalPayout: 200 });
  });

  it('pushes blackjack against blackjack; insured, it is even money', () => {
    expect(publicView(play(start('A A Q K'), 'noInsurance')).hands[0]).toMatchObject({
      outcome: 'push',
      payout: 100,
    });
    const evenMoney = publicView(act(start('A A K K'), 'insurance'));
    expect((evenMoney.totalPayout ?? 0) - evenMoney.totalStake).toBe(100);
  });
});

describe('double and split', () => {
  it('doubles any first two cards for exactly one card, and not after a hit', () => {
    const state = start('6 T 5 7 T 9');
    expect(additionalStake(state, 'double')).toBe(100);
    const view = publicView(act(state, 'double'));
    expect(view.hands[0]).toMatchObject({
      total: 21,
      doubled: true,
      stake: 200,
      outcome: 'win',
      payout: 400,
    });
    expect(view.hands[0]?.cards).toHaveLength(3);
    expect(allowedActions(start('A 6 7 T'))).toContain('double');
    const hit = act(start('2 T 3 7 4'), 'hit');
    expect(allowedActions(hit)).toEqual(['hit', 'stand']);
    expect(fieldOf(() => act(hit, 'double'))).toBe('action');
  });

  it('splits equal values into hands played in turn, doubling after a split allowed', () => {
    expect(allowedActions(start('K 9 Q 7'))).toContain('split');
    expect(allowedActions(start('K 9 9 7'))).not.toContain('split');
    const split = act(start('8 T 8 7 3 T T'), 'split');
    expect(split.hands.map((h) => h.cards.length)).toEqual([2, 1]);
    const view = publicView(play(split, 'double', 'stand'));
    expect(view.hands.map((h) => [ranksOf(h.cards), h.total, h.stake, h.outcome, h.payout])).toEqual([
      ['8 3 T', 21, 200, 'win', 400],
      ['8 T', 18, 100, 'win', 200],
    ]);
    expect(view).toMatchObject({ totalStake: 300, totalPayout: 600 });
  });

  it('resplits up to four hands', () => {
    const state = play(start('8 T 8 7 8 8 8 2 3 4 5'), 'split', 'split', 'split');
    expect(state.hands).toHaveLength(BLACKJACK_MAX_HANDS);
    expect(allowedActions(state)).not.toContain('split');
    expect(totalStake(state)).toBe(400);
  });

  it('gives split aces one card each, and 21 after a split is not a blackjack', () => {
    const aces = act(start('A 9 A 7 5 6'), 'split');
    expect(aces.phase).toBe('finished');
    expect(publicView(aces).hands.map((h) => h.total)).toEqual([16, 17]);
    const twentyOnes = publicView(act(start('A 9 A 7 K Q 6'), 'split'));
    expect(twentyOnes.hands.map((h) => [h.total, h.outcome, h.payout])).toEqual([
      [21, 'win', 200],
      [21, 'win', 200],
    ]);
  });
});

/**
 * Random rounds played by random legal decisions, checked against the rules as written: every card
 * comes off the top of the shoe in turn (without replacement), stakes move as announced, the dealer
 * draws to 17 and stands on all 17s, and each hand is paid by its outcome.
 */
describe('any round (property)', () => {
  /** A shuffled shoe; half the time one rigged to deal the player a pair (aces often) and then any cards. */
  const shoeArb: fc.Arbitrary<{ shoe: () => Rng; label: string }> = fc.oneof(
    fc.nat().map((seed) => ({ shoe: () => simulationRng(seed), label: `seed ${seed}` })),
    fc
      .record({
        pair: fc.oneof(fc.constant(ACE), fc.integer({ min: 0, max: 12 })),
        up: fc.integer({ min: 0, max: 51 }),
        rest: fc.array(fc.integer({ min: 0, max: 51 }), { minLength: 10, maxLength: 10 }),
      })
      .map(({ pair, up, rest }) => {
        const wanted = [pair * 4, up, pair * 4 + 1, ...rest];
        return {
          shoe: () => riggedShuffle(SHOE, wanted, SHOE.length - 1),
          label: wanted.map(cardCode).join(' '),
        };
      }),
  );
  const roundArb = fc.record({
    shoe: shoeArb,
    amount: stakeArb,
    choices: fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
  });

  it('keeps to the rules whatever the player does', () => {
    fc.assert(
      fc.property(roundArb, ({ shoe, amount, choices }) => {
        let state = deal(shoe.shoe(), { amount });
        expect([...state.shoe].sort((a, b) => a - b)).toEqual(SORTED_SHOE);
        const actions: BlackjackAction[] = [];
        for (let k = 0; state.phase !== 'finished'; k++) {
          const allowed = allowedActions(state);
          const illegal = (['hit', 'stand', 'double', 'split', 'insurance', 'noInsurance'] as const).find(
            (a) => !allowed.includes(a),
          );
          if (illegal) expect(fieldOf(() => act(state, illegal))).toBe('action');
          const action = allowed[(choices[k % choices.length] as number) % allowed.length] as BlackjackAction;
          const before = JSON.stringify(state);
          const next = act(state, action);
          expect(JSON.stringify(state)).toBe(before);
          expect(totalStake(next) - totalStake(state)).toBe(additionalStake(state, action));
          const hidden = publicView(next);
          if (next.phase !== 'finished') {
            expect(hidden.dealer).toMatchObject({
              cards: [cardCode(next.dealer[0] as Card)],
              holeCardHidden: true,
            });
          }
          actions.push(action);
          state = next;
        }

        // Every card came off the top of the shoe, once.
        const used = state.shoe.slice(0, state.next);
        const held = [...state.dealer, ...state.hands.flatMap((h) => h.cards)];
        expect([...held].sort((a, b) => a - b)).toEqual([...used].sort((a, b) => a - b));
        expect(state.hands.length).toBeLessThanOrEqual(BLACKJACK_MAX_HANDS);

        // The dealer: drew to 17 unless a natural or all-bust hands ended the round.
        const dealerBj = isNatural(state.dealer);
        const playerBj =
          state.hands.length === 1 && !state.hands[0]?.split && isNatural(state.hands[0]?.cards ?? []);
        const allBust = state.hands.every((h) => referenceValue(h.cards).total > 21);
        for (let n = 2; n < state.dealer.length; n++) {
          expect(referenceValue(state.dealer.slice(0, n)).total).toBeLessThan(17);
        }
        if (dealerBj || playerBj || allBust) expect(state.dealer).toHaveLength(2);
        else expect(referenceValue(state.dealer).total).toBeGreaterThanOrEqual(17);

        // Each hand paid by its outcome.
        const dealer = referenceValue(state.dealer).total;
        let paid = 0;
        for (const hand of state.hands) {
          const total = referenceValue(hand.cards).total;
          expect(hand.stake).toBe(hand.doubled ? 2 * amount : amount);
          if (hand.doubled) expect(hand.cards).toHaveLength(3);
          // Split aces get one card each and nothing more.
          if (hand.split && cardCode(hand.cards[0] as Card)[0] === 'A') expect(hand.cards).toHaveLength(2);
          const outcome: BlackjackOutcome = playerBj
            ? dealerBj
              ? 'push'
              : 'blackjack'
            : total > 21 || dealerBj
              ? 'lose'
              : dealer > 21 || total > dealer
                ? 'win'
                : total === dealer
                  ? 'push'
                  : 'lose';
          const payout = {
            blackjack: hand.stake + Math.floor((3 * hand.stake) / 2),
            win: 2 * hand.stake,
            push: hand.stake,
            lose: 0,
          }[outcome];
          expect({ outcome: hand.outcome, payout: hand.payout }).toEqual({ outcome, payout });
          paid += payout;
        }
        const insurance = state.insurance === null ? 0 : dealerBj ? 3 * state.insurance : 0;
        expect(state.totalPayout).toBe(paid + insurance);
        expect(allowedActions(state)).toEqual([]);
        expect(publicView(state).dealer.cards).toEqual(state.dealer.map(cardCode));
        expect(JSON.stringify(publicView(state))).not.toMatch(/shoe|replacements/);

        // A stored state (JSON between requests) plays on the same.
        const replayed = actions.reduce(
          (s, a) => act(JSON.parse(JSON.stringify(s)) as BlackjackState, a),
          deal(shoe.shoe(), { amount }),
        );
        expect(replayed).toEqual(state);
      }),
      { numRuns: 300 },
    );
  });

  it('is recomputed on the verify page from the seeds and the decisions (property)', () => {
    fc.assert(
      fc.property(seedsArb, fc.array(fc.nat(), { minLength: 8, maxLength: 8 }), (seeds, choices) => {
        let state = deal(fairStream(seeds), { amount: 1000 });
        const actions: BlackjackAction[] = [];
        for (let k = 0; state.phase !== 'finished'; k++) {
          const allowed = allowedActions(state);
          const action = allowed[(choices[k % choices.length] as number) % allowed.length] as BlackjackAction;
          actions.push(action);
          state = act(state, action);
        }
        const verified = verify(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 'blackjack', {
          bet: { amount: 1000 },
          actions,
        });
        expect(verified.result).toEqual(publicView(state));
        // A decision after the end is refused.
        expect(
          fieldOf(() =>
            verify(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 'blackjack', {
              bet: { amount: 1000 },
              actions: [...actions, 'stand'],
            }),
          ),
        ).toBe('action');
      }),
      { numRuns: 20 },
    );
  });
});
