import { videoPokerDrawSchema } from '@paws/contracts/studio';
import { type Card, makeDeck, parseCard } from '@paws/studio-engine/cards';
import { StudioInputError } from '@paws/studio-engine/errors';
import { fairStream, shuffle } from '@paws/studio-engine/fair';
import {
  deal,
  draw,
  evaluateHand,
  handCategory,
  publicView,
  VIDEO_POKER_PAYS,
  VIDEO_POKER_PAYTABLE,
  VIDEO_POKER_RTP,
  videoPokerInfo,
} from '@paws/studio-engine/games/video-poker';
import { describe, expect, it } from 'vitest';
import { binomial, bump, riggedShuffle } from './helpers.ts';

const hand = (codes: string) => codes.split(' ').map(parseCard);

describe('hand ranking', () => {
  it.each([
    ['Ts Js Qs Ks As', 'royalFlush'],
    ['9h Th Jh Qh Kh', 'straightFlush'],
    ['As 2s 3s 4s 5s', 'straightFlush'],
    ['Ah 2s 3d 4c 5h', 'straight'],
    ['Th Js Qd Kc Ah', 'straight'],
    ['6h 7s 8d 9c Th', 'straight'],
    ['Qh Ks Ad 2c 3h', 'nothing'],
    ['9h 9s 9d 9c 2h', 'fourOfAKind'],
    ['9h 9s 9d 2c 2h', 'fullHouse'],
    ['2h 7h 9h Jh Kh', 'flush'],
    ['5h 5s 5d Kc 2h', 'threeOfAKind'],
    ['5h 5s Kd Kc 2h', 'twoPair'],
    ['Jh Js 3d 5c 9h', 'jacksOrBetter'],
    ['2h Ac As 7c 9h', 'jacksOrBetter'],
    ['Th Ts 3d 5c 9h', 'nothing'],
    ['2h 4c 6s 8d Th', 'nothing'],
  ])('%s is %s', (codes, expected) => {
    expect(evaluateHand(hand(codes))).toBe(expected);
  });

  it('pays 9/6 with the five-coin royal', () => {
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
    expect(videoPokerInfo.paytables[0]?.rows[0]).toEqual(['Royal Flush', '250', '4000']);
  });
});

describe('deal and draw', () => {
  const seeds = { serverSeed: 'c'.repeat(64), clientSeed: 'poker', nonce: 3 };

  it('deals five cards and draws the next ones of the same shuffled deck, in order', () => {
    const deck = shuffle(fairStream(seeds), makeDeck());
    const dealt = deal(fairStream(seeds), { amount: 100 });
    expect(dealt.cards).toEqual(deck.slice(0, 5));
    const drawn = draw(dealt, [true, false, true, false, false]);
    expect(drawn.cards).toEqual([deck[0], deck[5], deck[2], deck[6], deck[7]]);
    expect(draw(dealt, [false, false, false, false, false]).cards).toEqual(deck.slice(5, 10));
    expect(draw(dealt, [true, true, true, true, true]).cards).toEqual(deck.slice(0, 5));
    expect(new Set(drawn.cards).size).toBe(5);
  });

  it('pays the final hand times the stake', () => {
    const rigged = riggedShuffle(makeDeck(), hand('Ts Js Qs Ks 2h As'), 10);
    const state = deal(rigged, { amount: 25 });
    expect(publicView(state)).toMatchObject({ phase: 'dealt', hand: 'nothing', held: null, payout: null });
    const done = draw(state, [true, true, true, true, false]);
    expect(publicView(done)).toMatchObject({ phase: 'finished', hand: 'royalFlush', payout: 25 * 800 });
    const pair = draw(deal(riggedShuffle(makeDeck(), hand('Js Jd 3c 5h 8d'), 10), { amount: 25 }), [
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(pair.payout).toBe(25);
  });

  it('never shows the draw before it happens and draws once', () => {
    const state = deal(fairStream(seeds), { amount: 100 });
    const view = publicView(state);
    expect(Object.keys(view).sort()).toEqual(['cards', 'hand', 'held', 'payout', 'phase', 'stake']);
    expect(view.cards).toHaveLength(5);
    const done = draw(state, [false, false, false, false, false]);
    expect(() => draw(done, [true, true, true, true, true])).toThrow(StudioInputError);
    expect(() => draw(state, [true, true])).toThrow(StudioInputError);
    expect(videoPokerDrawSchema.safeParse({ held: [true, false, true, false] }).success).toBe(false);
  });
});

/**
 * Exhaustive analysis of all C(52,5) deals. For every subset X of at most five cards, T[X] is the
 * total pay of all five-card hands containing X. The pay over the draws of a hold H from a deal D is
 * the sum over final hands F with F ∩ D = H, which inclusion–exclusion (a Möbius transform over the
 * 32 subsets of D) gets from T; divided by C(47, 5 − |H|) it is the hold's expected return, and the
 * best of the 32 holds is perfect play.
 */
function analyse() {
  const C = (n: number, k: number) => binomial(n, k);
  // One flat table: the subsets of size k start at offset[k]; within, colex rank.
  const offset = [0, 1, 53, 1379, 23479, 294204];
  const T = new Float64Array(294204 + C(52, 5));
  const step = new Float64Array(53 * 6);
  for (let n = 0; n <= 52; n++) {
    for (let k = 1; k <= 5; k++)
      step[n * 6 + k] = C(n, k) + (offset[k] as number) - (offset[k - 1] as number);
  }
  const popcount = Array.from({ length: 32 }, (_, m) => (m.toString(2).match(/1/g) ?? []).length);
  const highest = Array.from({ length: 32 }, (_, m) => 31 - Math.clz32(m));
  const perDraw = Float64Array.from({ length: 32 }, (_, m) => 1 / C(47, 5 - (popcount[m] as number)));
  const cards: Card[] = [0, 0, 0, 0, 0];
  const index = new Int32Array(32);
  const v = new Float64Array(32);
  const counts = new Array<number>(10).fill(0);
  const subsets = (from: number, to: number) => {
    // The highest card of a subset is its last in colex order, at position popcount.
    for (let m = from; m < to; m++) {
      const h = highest[m] as number;
      index[m] =
        (index[m ^ (1 << h)] as number) +
        (step[(cards[h] as number) * 6 + (popcount[m] as number)] as number);
    }
  };

  const forEachDeal = (visit: () => void) => {
    for (let a = 0; a < 48; a++) {
      cards[0] = a;
      subsets(1, 2);
      for (let b = a + 1; b < 49; b++) {
        cards[1] = b;
        subsets(2, 4);
        for (let c = b + 1; c < 50; c++) {
          cards[2] = c;
          subsets(4, 8);
          for (let d = c + 1; d < 51; d++) {
            cards[3] = d;
            subsets(8, 16);
            for (let e = d + 1; e < 52; e++) {
              cards[4] = e;
              subsets(16, 32);
              visit();
            }
          }
        }
      }
    }
  };

  forEachDeal(() => {
    const category = handCategory(cards);
    bump(counts, category);
    const pay = VIDEO_POKER_PAYS[category] as number;
    if (pay === 0) return;
    for (let m = 0; m < 32; m++) {
      const at = index[m] as number;
      T[at] = (T[at] as number) + pay;
    }
  });

  let total = 0;
  forEachDeal(() => {
    for (let m = 0; m < 32; m++) v[m] = T[index[m] as number] as number;
    for (let bit = 1; bit < 32; bit <<= 1) {
      for (let m = 0; m < 32; m++) if (!(m & bit)) v[m] = (v[m] as number) - (v[m | bit] as number);
    }
    let best = 0;
    for (let m = 0; m < 32; m++) {
      const ev = (v[m] as number) * (perDraw[m] as number);
      if (ev > best) best = ev;
    }
    total += best;
  });
  return { counts, rtp: total / C(52, 5) };
}

let analysis: ReturnType<typeof analyse> | undefined;
const analysed = () => {
  analysis ??= analyse();
  return analysis;
};

describe('RTP', () => {
  it('ranks all 2,598,960 deals with the textbook frequencies', () => {
    expect(analysed().counts).toEqual([4, 36, 624, 3744, 5108, 10200, 54912, 123552, 337920, 2062860]);
  });

  it('returns 99.5439% with perfect holds, the published figure for 9/6 Jacks or Better', () => {
    const { rtp } = analysed();
    expect(rtp).toBeCloseTo(0.99543904, 7);
    expect(rtp).toBeCloseTo(VIDEO_POKER_RTP, 6);
    expect(videoPokerInfo.rtp).toBe(99.54);
  });
});
