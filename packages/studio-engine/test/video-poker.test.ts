import { type VideoPokerHand, videoPokerHands } from '@paws/contracts/studio';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card, cardCode, makeDeck, parseCard } from '../src/cards.ts';
import { StudioInputError } from '../src/errors.ts';
import { fairStream, partialShuffle } from '../src/fair.ts';
import {
  deal,
  draw,
  evaluateHand,
  handCategory,
  publicView,
  VIDEO_POKER_PAYS,
  VIDEO_POKER_PAYTABLE,
  VIDEO_POKER_RTP,
  type VideoPokerState,
  videoPokerInfo,
} from '../src/games/video-poker.ts';
import { verify } from '../src/verify.ts';
import { riggedShuffle, seedsArb, stakeArb } from './helpers.ts';
import { analyseVideoPoker, type VideoPokerAnalysis } from './video-poker-analysis.ts';

const hand = (codes: string) => codes.split(' ').map(parseCard);

/** Jacks or Better ranks from the cards' written codes, as a reference. */
function referenceHand(cards: readonly Card[]): VideoPokerHand {
  const codes = cards.map(cardCode);
  const values = codes.map((c) => '23456789TJQKA'.indexOf(c[0] as string) + 2).sort((a, b) => a - b);
  const flush = new Set(codes.map((c) => c[1])).size === 1;
  const tally = new Map<number, number>();
  for (const v of values) tally.set(v, (tally.get(v) ?? 0) + 1);
  const pattern = [...tally.values()].sort((a, b) => b - a).join('');
  const straight =
    pattern === '11111' && (values[4] === (values[0] as number) + 4 || values.join() === '2,3,4,5,14');
  if (straight && flush) return values[0] === 10 ? 'royalFlush' : 'straightFlush';
  if (pattern === '41') return 'fourOfAKind';
  if (pattern === '32') return 'fullHouse';
  if (flush) return 'flush';
  if (straight) return 'straight';
  if (pattern === '311') return 'threeOfAKind';
  if (pattern === '221') return 'twoPair';
  if (pattern === '2111') {
    const pair = [...tally].find(([, n]) => n === 2)?.[0] as number;
    return pair >= 11 ? 'jacksOrBetter' : 'nothing';
  }
  return 'nothing';
}

/** Five different cards; half of them drawn from a few ranks or one suit, so that rare hands come up. */
const fiveCardsArb = fc.oneof(
  fc.uniqueArray(fc.integer({ min: 0, max: 51 }), { minLength: 5, maxLength: 5 }),
  fc.uniqueArray(fc.integer({ min: 0, max: 12 }), { minLength: 2, maxLength: 3 }).chain((ranks) =>
    fc.uniqueArray(fc.constantFrom(...ranks.flatMap((r) => [0, 1, 2, 3].map((s) => r * 4 + s))), {
      minLength: 5,
      maxLength: 5,
    }),
  ),
  fc
    .tuple(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 8 }), fc.boolean())
    .chain(([suit, low, run]) =>
      run
        ? fc.constant([0, 1, 2, 3, 4].map((k) => (low + k) * 4 + suit))
        : fc.uniqueArray(
            fc.integer({ min: 0, max: 12 }).map((r) => r * 4 + suit),
            { minLength: 5, maxLength: 5 },
          ),
    ),
  fc.constantFrom(
    hand('As 2d 3c 4h 5s'),
    hand('Ah 2h 3h 4h 5h'),
    hand('Tc Jc Qc Kc Ac'),
    hand('Th Js Qd Kc Ah'),
  ),
);
const heldArb = fc.array(fc.boolean(), { minLength: 5, maxLength: 5 });

let analysis: VideoPokerAnalysis | undefined;
const analysed = () => {
  analysis ??= analyseVideoPoker();
  return analysis;
};

describe('hand ranking', () => {
  it.each([
    ['Ts Js Qs Ks As', 'royalFlush'],
    ['9h Th Jh Qh Kh', 'straightFlush'],
    ['As 2s 3s 4s 5s', 'straightFlush'],
    ['Ah 2s 3d 4c 5h', 'straight'],
    ['Th Js Qd Kc Ah', 'straight'],
    ['Qh Ks Ad 2c 3h', 'nothing'],
    ['9h 9s 9d 9c 2h', 'fourOfAKind'],
    ['9h 9s 9d 2c 2h', 'fullHouse'],
    ['2h 7h 9h Jh Kh', 'flush'],
    ['5h 5s 5d Kc 2h', 'threeOfAKind'],
    ['5h 5s Kd Kc 2h', 'twoPair'],
    ['Jh Js 3d 5c 9h', 'jacksOrBetter'],
    ['2h Ac As 7c 9h', 'jacksOrBetter'],
    ['Th Ts 3d 5c 9h', 'nothing'],
  ])('%s is %s', (codes, expected) => {
    expect(evaluateHand(hand(codes))).toBe(expected);
    expect(referenceHand(hand(codes))).toBe(expected);
  });

  it('agrees with the reference ranking, whatever the order of the cards (property)', () => {
    fc.assert(
      fc.property(fiveCardsArb, fc.nat({ max: 119 }), (cards, turn) => {
        const expected = referenceHand(cards);
        expect(evaluateHand(cards)).toBe(expected);
        expect(videoPokerHands[handCategory(cards)]).toBe(expected);
        const reordered = [...cards.slice(turn % 5), ...cards.slice(0, turn % 5)].reverse();
        expect(evaluateHand(reordered)).toBe(expected);
      }),
      { numRuns: 600 },
    );
  });

  it('pays 9/6 with the five-coin royal, as the paytable screen shows', () => {
    expect(VIDEO_POKER_PAYTABLE).toEqual({
      royalFlush: 800,
      straightFlush: 50,
      fourOfAKind: 25,
      fullHouse: 9,
      flush: 6,
      straight: 4,
      threeOfAKind: 3,
      twoPair: 2,
      jacksOrBetter: 1,
      nothing: 0,
    });
    expect(VIDEO_POKER_PAYS).toEqual(videoPokerHands.map((h) => VIDEO_POKER_PAYTABLE[h]));
    const rows = videoPokerInfo.paytables[0]?.rows ?? [];
    expect(rows.map((r) => r.slice(1))).toEqual([
      ['250', '4000'],
      ['50', '250'],
      ['25', '125'],
      ['9', '45'],
      ['6', '30'],
      ['4', '20'],
      ['3', '15'],
      ['2', '10'],
      ['1', '5'],
    ]);
  });
});

describe('deal and draw', () => {
  it('deals five cards of one shuffled deck and keeps the next five secret for the draw (property)', () => {
    fc.assert(
      fc.property(seedsArb, stakeArb, (seeds, amount) => {
        const state = deal(fairStream(seeds), { amount });
        const ten = partialShuffle(fairStream(seeds), makeDeck(), 10);
        expect(state).toEqual({
          phase: 'dealt',
          stake: amount,
          cards: ten.slice(0, 5),
          replacements: ten.slice(5),
          held: null,
          payout: null,
        });
        expect(new Set([...state.cards, ...state.replacements]).size).toBe(10);
        const view = publicView(state);
        expect(Object.keys(view).sort()).toEqual(['cards', 'hand', 'held', 'payout', 'phase', 'stake']);
        expect(view).toMatchObject({ cards: state.cards.map(cardCode), hand: evaluateHand(state.cards) });
      }),
      { numRuns: 50 },
    );
  });

  it('replaces the cards not held with the next cards in order and pays stake × the final hand (property)', () => {
    fc.assert(
      fc.property(seedsArb, stakeArb, heldArb, (seeds, amount, held) => {
        const dealt = deal(fairStream(seeds), { amount });
        const done = draw(dealt, held);
        const replacements = [...dealt.replacements];
        const expected = dealt.cards.map((c, i) => (held[i] ? c : (replacements.shift() as Card)));
        expect(done.cards).toEqual(expected);
        expect(new Set(done.cards).size).toBe(5);
        expect(done.payout).toBe(amount * VIDEO_POKER_PAYTABLE[referenceHand(expected)]);
        expect(done).toMatchObject({ phase: 'finished', held });
        expect(dealt.phase).toBe('dealt');
        expect(publicView(done)).toMatchObject({ hand: referenceHand(expected), payout: done.payout });
        const replay = verify(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 'video-poker', {
          bet: { amount },
          held,
        });
        expect(replay.result).toEqual(publicView(done));
      }),
      { numRuns: 50 },
    );
  });

  it('pays a drawn royal flush 800 times the stake', () => {
    const state = deal(riggedShuffle(makeDeck(), hand('Ts Js Qs Ks 2h As'), 10), { amount: 25 });
    expect(publicView(state)).toMatchObject({ hand: 'nothing', payout: null });
    expect(publicView(draw(state, [true, true, true, true, false]))).toMatchObject({
      hand: 'royalFlush',
      payout: 20_000,
    });
  });

  it('draws once, for exactly five held flags, and refuses bad stakes', () => {
    const state = deal(fairStream({ serverSeed: 'c'.repeat(64), clientSeed: 'p', nonce: 1 }), {
      amount: 100,
    });
    const fieldOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        if (error instanceof StudioInputError) return error.field;
        throw error;
      }
      return 'accepted';
    };
    expect(
      fieldOf(() => draw(draw(state, [true, true, true, true, true]), [true, true, true, true, true])),
    ).toBe('held');
    expect(fieldOf(() => draw(state, [true, true]))).toBe('held');
    expect(fieldOf(() => draw(state, [true, true, true, true, true, true]))).toBe('held');
    expect(fieldOf(() => draw(state, [1, 0, 1, 0, 1] as unknown as boolean[]))).toBe('held');
    for (const amount of [0, -100, 1.5]) {
      expect(
        fieldOf(() =>
          deal(fairStream({ serverSeed: 'c'.repeat(64), clientSeed: 'p', nonce: 1 }), { amount }),
        ),
      ).toBe('amount');
    }
  });

  it('shows the dealt hand before the draw (verify with no holds)', () => {
    const seeds = { serverSeed: 'c'.repeat(64), clientSeed: 'p', nonce: 7 };
    const dealt: VideoPokerState = deal(fairStream(seeds), { amount: 100 });
    const replay = verify(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 'video-poker', {
      bet: { amount: 100 },
      held: null,
    });
    expect(replay.result).toEqual(publicView(dealt));
  });
});

describe('RTP', () => {
  it('ranks all 2,598,960 deals with the textbook frequencies', () => {
    // Combinatorial counts: 4 royal, 36 straight flushes, 624 quads, 3,744 full houses, 5,108
    // flushes, 10,200 straights, 54,912 trips, 123,552 two pairs, 337,920 pairs of jacks or better.
    expect(analysed().counts).toEqual([4, 36, 624, 3744, 5108, 10200, 54912, 123552, 337920, 2062860]);
    // Holding every dealt hand returns Σ frequency × pay / C(52,5).
    expect(analysed().standPat).toBeCloseTo(875_504 / 2_598_960, 12);
  });

  it('returns 99.5439% with perfect holds, the published figure for 9/6 Jacks or Better', () => {
    const { rtp } = analysed();
    expect(rtp).toBeCloseTo(0.99543904, 7);
    expect(rtp).toBeCloseTo(VIDEO_POKER_RTP, 6);
    expect(videoPokerInfo.rtp).toBe(Number((rtp * 100).toFixed(2)));
  });
});
