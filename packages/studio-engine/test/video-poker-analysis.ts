import type { Card } from '../src/cards.ts';
import { handCategory, VIDEO_POKER_PAYS } from '../src/games/video-poker.ts';

/**
 * Exhaustive analysis of Jacks or Better over all C(52,5) = 2,598,960 deals, with the engine's own
 * `handCategory` and pays.
 *
 * For every set X of at most four cards, T[X] is the total pay of all five-card hands containing X
 * (one pass over the paying hands). Holding H from a deal D and drawing 5 − |H| of the 47 other
 * cards reaches exactly the final hands F with F ∩ D = H, whose pays sum to
 * Σ_{H ⊆ Y ⊆ D} (−1)^{|Y∖H|} T[Y] (inclusion–exclusion: a superset Möbius transform over the 32
 * subsets of D, with T[D] = pay(D)). Divided by C(47, 5 − |H|) that is the hold's expected return;
 * the best of the 32 holds is perfect play.
 *
 * Sets are indexed in colex order per size (`OFFSET[k]` + Σ C(card_i, i + 1) over the sorted cards)
 * in one Int32Array of 294,204 entries (1.2 MB, stays in cache; every sum is a whole number of units).
 *
 * Symmetry: a deal's best return does not change when every suit is shifted by the same k (mod 4),
 * and no five-card deal is left unchanged by a shift (that would need an even number of cards of
 * every rank), so the 4 shifts of a deal are 4 different deals. Of those, exactly |S| have their
 * lowest card of suit 0 (S: the suits of the deal's lowest rank; shifting S by k puts a 0 in it for
 * |S| values of k). So the second pass visits only deals whose lowest card is of suit 0 (about 27%
 * of them), each weighted 4 / |S|, and every shift class still counts 4 times in all.
 */

const binom = (n: number, k: number): number => {
  if (k < 0 || k > n) return 0;
  let r = 1;
  for (let i = 0; i < k; i++) r = (r * (n - i)) / (i + 1);
  return Math.round(r);
};

const OFFSET = [0, 1, 53, 1379, 23479, 294204] as const;

export interface VideoPokerAnalysis {
  /** Deals per category, indexed like `videoPokerHands` (royal flush … nothing). */
  counts: number[];
  /** Average return of perfect holds per unit staked. */
  rtp: number;
  /** Average return of holding all five cards. */
  standPat: number;
}

export function analyseVideoPoker(): VideoPokerAnalysis {
  // step[n * 6 + k]: what adding card n as the k-th (highest) card of a set adds to its index.
  const step = new Int32Array(53 * 6);
  for (let n = 0; n <= 52; n++) {
    for (let k = 1; k <= 5; k++)
      step[n * 6 + k] = binom(n, k) + (OFFSET[k] as number) - (OFFSET[k - 1] as number);
  }
  const popcount = Array.from({ length: 32 }, (_, m) => (m.toString(2).match(/1/g) ?? []).length);
  const perDraw = Float64Array.from({ length: 32 }, (_, m) => 1 / binom(47, 5 - (popcount[m] as number)));
  const stepOf = Int32Array.from({ length: 32 }, (_, m) => popcount[m] as number);

  const T = new Int32Array(OFFSET[4] + binom(52, 4));
  const cards: Card[] = [0, 0, 0, 0, 0];
  const index = new Int32Array(32);
  const v = new Float64Array(32);
  const pays = Int32Array.from(VIDEO_POKER_PAYS);
  const counts = new Array<number>(10).fill(0);

  // Index of every subset whose highest member is card `level`, from the subsets below it.
  const subsets = (level: number) => {
    const card = cards[level] as number;
    for (let m = 1 << level; m < 2 << level; m++) {
      index[m] = (index[m ^ (1 << level)] as number) + (step[card * 6 + (stepOf[m] as number)] as number);
    }
  };

  const forEachDeal = (lowestOfSuit0Only: boolean, visit: (category: number) => void) => {
    for (let a = 0; a < 48; a += lowestOfSuit0Only ? 4 : 1) {
      cards[0] = a;
      subsets(0);
      for (let b = a + 1; b < 49; b++) {
        cards[1] = b;
        subsets(1);
        for (let c = b + 1; c < 50; c++) {
          cards[2] = c;
          subsets(2);
          for (let d = c + 1; d < 51; d++) {
            cards[3] = d;
            subsets(3);
            for (let e = d + 1; e < 52; e++) {
              cards[4] = e;
              const category = handCategory(cards);
              visit(category);
            }
          }
        }
      }
    }
  };

  // Pass 1: T over every set of up to four cards.
  let standPat = 0;
  forEachDeal(false, (category) => {
    counts[category] = (counts[category] as number) + 1;
    const pay = pays[category] as number;
    if (pay === 0) return;
    standPat += pay;
    // Subsets without the fifth card (e) are indexed already; those with it: index[m] + step.
    const e = cards[4] as number;
    for (let m = 0; m < 16; m++) {
      const at = index[m] as number;
      T[at] = (T[at] as number) + pay;
    }
    for (let m = 16; m < 31; m++) {
      const at = (index[m ^ 16] as number) + (step[e * 6 + (stepOf[m] as number)] as number);
      T[at] = (T[at] as number) + pay;
    }
  });

  // Pass 2: the best hold of every deal.
  let total = 0;
  forEachDeal(true, (category) => {
    const e = cards[4] as number;
    for (let m = 0; m < 16; m++) v[m] = T[index[m] as number] as number;
    for (let m = 16; m < 31; m++) {
      v[m] = T[(index[m ^ 16] as number) + (step[e * 6 + (stepOf[m] as number)] as number)] as number;
    }
    v[31] = pays[category] as number;
    for (let bit = 1; bit < 32; bit <<= 1) {
      for (let m = 0; m < 32; m++) if (!(m & bit)) v[m] = (v[m] as number) - (v[m | bit] as number);
    }
    let best = 0;
    for (let m = 0; m < 32; m++) {
      const ev = (v[m] as number) * (perDraw[m] as number);
      if (ev > best) best = ev;
    }
    // Weight 4 / |S|, S the suits of the lowest rank in the deal (see the note on symmetry).
    const low = (cards[0] as number) >> 2;
    let sameRank = 1;
    while (sameRank < 5 && (cards[sameRank] as number) >> 2 === low) sameRank++;
    total += (best * 4) / sameRank;
  });
  const deals = binom(52, 5);
  return { counts, rtp: total / deals, standPat: standPat / deals };
}
