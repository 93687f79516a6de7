import type { BaccaratBet, BaccaratSpot } from '@paws/contracts/studio';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACE, type Card, cardCode, cardRank, makeCard, makeShoe, TEN } from '../src/cards.ts';
import { StudioInputError } from '../src/errors.ts';
import { fairStream, partialShuffle } from '../src/fair.ts';
import {
  BACCARAT_DECKS,
  BACCARAT_RTP,
  baccaratInfo,
  baccaratPoints,
  baccaratTotal,
  bankerDraws,
  type Coup,
  playBaccarat,
  playCoup,
  settleBaccarat,
} from '../src/games/baccarat.ts';
import { verify } from '../src/verify.ts';
import { seedsArb, stakeArb } from './helpers.ts';

/** A card worth `points` (0: a ten), any suit. */
const worth = (points: number, suit = 0): Card =>
  makeCard(points === 0 ? TEN : points === 1 ? ACE : points - 2, suit);
const cardArb = fc.integer({ min: 0, max: 51 });

/**
 * The banker's tableau as printed on a table: banker total (rows 0–7) by the player's third card
 * (columns 0–9), and in front the case of a player who stood. D draws, S stands.
 */
const TABLEAU = [
  'D DDDDDDDDDD',
  'D DDDDDDDDDD',
  'D DDDDDDDDDD',
  'D DDDDDDDDSD',
  'D SSDDDDDDSS',
  'D SSSSDDDDSS',
  'S SSSSSSDDSS',
  'S SSSSSSSSSS',
];
const pointsOf = (card: Card) => {
  const rank = '23456789TJQKA'[cardRank(card)] as string;
  return rank === 'A' ? 1 : 'TJQK'.includes(rank) ? 0 : Number(rank);
};

/** The coup by the printed rules, as a reference: which cards go where. */
function referenceCoup(cards: readonly Card[]) {
  const total = (hand: Card[]) => hand.reduce((s, c) => s + pointsOf(c), 0) % 10;
  const player = [cards[0] as Card, cards[2] as Card];
  const banker = [cards[1] as Card, cards[3] as Card];
  let next = 4;
  const natural = total(player) >= 8 || total(banker) >= 8;
  if (!natural) {
    let third: number | null = null;
    if (total(player) <= 5) {
      const card = cards[next++] as Card;
      player.push(card);
      third = pointsOf(card);
    }
    const row = TABLEAU[total(banker)] as string;
    if ((third === null ? row[0] : row[2 + third]) === 'D') banker.push(cards[next++] as Card);
  }
  const [p, b] = [total(player), total(banker)];
  return { player, banker, natural, winner: p > b ? 'player' : b > p ? 'banker' : 'tie', used: next };
}

describe('card values and totals', () => {
  it('counts aces 1, two to nine at face, tens and pictures 0, totals mod 10', () => {
    for (let card = 0; card < 52; card++) expect(baccaratPoints(card), cardCode(card)).toBe(pointsOf(card));
    expect(baccaratTotal([worth(7), worth(8)])).toBe(5);
    expect(baccaratTotal([worth(9), worth(9), worth(9)])).toBe(7);
    expect(baccaratTotal([worth(0), worth(0)])).toBe(0);
    expect(baccaratTotal([])).toBe(0);
  });

  it('follows the banker tableau in every case', () => {
    for (let banker = 0; banker <= 9; banker++) {
      const row = TABLEAU[banker] ?? 'S SSSSSSSSSS'; // 8 and 9 are naturals: never asked, never draw
      expect(bankerDraws(banker, null) ? 'D' : 'S', `banker ${banker}, player stood`).toBe(row[0]);
      for (let third = 0; third <= 9; third++) {
        for (let suit = 0; suit < 4; suit++) {
          const drew = bankerDraws(banker, worth(third, suit)) ? 'D' : 'S';
          expect(drew, `banker ${banker}, player's third ${third}`).toBe(row[2 + third]);
        }
      }
    }
  });
});

describe('the coup', () => {
  it('deals player, banker, player, banker, then the third cards, by the tableau (property)', () => {
    fc.assert(
      fc.property(fc.array(cardArb, { minLength: 6, maxLength: 6 }), (cards) => {
        let taken = 0;
        const coup = playCoup(() => cards[taken++] as Card);
        const ref = referenceCoup(cards);
        expect(coup.player).toEqual(ref.player);
        expect(coup.banker).toEqual(ref.banker);
        expect(taken).toBe(ref.used);
        expect(coup.natural).toBe(ref.natural);
        expect(coup.winner).toBe(ref.winner);
        expect(coup.playerTotal).toBe(baccaratTotal(ref.player));
        expect(coup.bankerTotal).toBe(baccaratTotal(ref.banker));
      }),
      { numRuns: 500 },
    );
  });

  it('plays the textbook coups', () => {
    const coupOf = (...points: number[]) => {
      let i = 0;
      return playCoup(() => worth(points[i++] as number, i % 4));
    };
    // Natural 9 against 3: nobody draws.
    expect(coupOf(4, 0, 5, 3)).toMatchObject({
      playerTotal: 9,
      bankerTotal: 3,
      natural: true,
      winner: 'player',
    });
    // Player 5 draws an 8; banker on 3 stands against an 8.
    expect(coupOf(2, 1, 3, 2, 8)).toMatchObject({ playerTotal: 3, bankerTotal: 3, winner: 'tie' });
    // Player stands on 6; banker on 5 draws.
    expect(coupOf(6, 3, 0, 2, 2)).toMatchObject({ playerTotal: 6, bankerTotal: 7, winner: 'banker' });
    expect(coupOf(6, 3, 0, 2, 2).banker).toHaveLength(3);
  });
});

describe('the round', () => {
  it('deals the first cards of a shuffled 8-deck shoe, in dealing order (property)', () => {
    expect(BACCARAT_DECKS).toBe(8);
    fc.assert(
      fc.property(seedsArb, (seeds) => {
        const round = playBaccarat(fairStream(seeds), { banker: 100 });
        const cards = partialShuffle(fairStream(seeds), makeShoe(8), 6);
        const ref = referenceCoup(cards);
        expect(round.playerCards).toEqual(ref.player.map(cardCode));
        expect(round.bankerCards).toEqual(ref.banker.map(cardCode));
        expect(round.winner).toBe(ref.winner);
      }),
      { numRuns: 50 },
    );
  });

  it('recomputes on the verify page exactly as played (property)', () => {
    fc.assert(
      fc.property(seedsArb, (seeds) => {
        const bet = { player: 100, tie: 25 };
        const { result } = verify(seeds.serverSeed, seeds.clientSeed, seeds.nonce, 'baccarat', { bet });
        expect(result).toEqual(playBaccarat(fairStream(seeds), bet));
      }),
      { numRuns: 30 },
    );
  });
});

describe('payouts', () => {
  const coupArb = fc.array(cardArb, { minLength: 6, maxLength: 6 }).map((cards) => {
    let i = 0;
    return playCoup(() => cards[i++] as Card);
  });
  const betArb = fc
    .record({ player: stakeArb, banker: stakeArb, tie: stakeArb }, { requiredKeys: [] })
    .filter((b) => Object.keys(b).length > 0);

  it('pays player 1:1, banker 0.95:1 rounded down, tie 8:1, and returns player and banker on a tie (property)', () => {
    fc.assert(
      fc.property(coupArb, betArb, (coup, bet) => {
        const result = settleBaccarat(coup, bet);
        const spots = (['player', 'banker', 'tie'] as const).filter((s) => bet[s] !== undefined);
        expect(result.bets.map((b) => b.spot)).toEqual(spots);
        for (const { spot, stake, outcome, payout } of result.bets) {
          expect(stake).toBe(bet[spot]);
          const expected =
            coup.winner === spot
              ? {
                  outcome: 'win',
                  payout:
                    stake +
                    (spot === 'player' ? stake : spot === 'tie' ? 8 * stake : Math.floor((stake * 95) / 100)),
                }
              : coup.winner === 'tie'
                ? { outcome: 'push', payout: stake }
                : { outcome: 'lose', payout: 0 };
          expect({ outcome, payout }, spot).toEqual(expected);
        }
        expect(result.totalStake).toBe(spots.reduce((s, spot) => s + (bet[spot] as number), 0));
        expect(result.totalPayout).toBe(result.bets.reduce((s, b) => s + b.payout, 0));
        expect(result).toMatchObject({
          playerCards: coup.player.map(cardCode),
          bankerCards: coup.banker.map(cardCode),
          playerTotal: coup.playerTotal,
          bankerTotal: coup.bankerTotal,
          natural: coup.natural,
          winner: coup.winner,
        });
      }),
    );
  });

  it('takes the 5% commission to the cent below', () => {
    const bankerWins = referenceCoupOf([0, 4, 0, 4]);
    const paid = (stake: number) => settleBaccarat(bankerWins, { banker: stake }).totalPayout;
    expect([paid(1), paid(10), paid(15), paid(100), paid(1_000_000)]).toEqual([1, 19, 29, 195, 1_950_000]);
  });

  it('refuses a round without a bet, and stakes that are not positive whole cents', () => {
    const coup = referenceCoupOf([0, 4, 0, 4]);
    expect(() => settleBaccarat(coup, {})).toThrow(StudioInputError);
    for (const spot of ['player', 'banker', 'tie'] as const) {
      for (const stake of [0, -5, 2.5]) {
        try {
          settleBaccarat(coup, { [spot]: stake } as BaccaratBet);
          expect.unreachable(`${spot} ${stake} accepted`);
        } catch (error) {
          expect(error).toBeInstanceOf(StudioInputError);
          expect((error as StudioInputError).field).toBe(spot);
        }
      }
    }
  });
});

function referenceCoupOf(points: number[]): Coup {
  let i = 0;
  return playCoup(() => worth(points[i++] as number, i % 4));
}

/**
 * Exact outcome probabilities of the 8-deck shoe, without replacement: the engine's `playCoup` run on
 * every sequence of card values it can ask for, each weighted by its probability. A branch stops as
 * soon as the coup is decided (a coup that stops at four cards is not expanded to six), so this is
 * 339,400 coups rather than 10⁶.
 */
function exactCoups() {
  const counts = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
  const seq: number[] = [];
  const won: Record<BaccaratSpot, number> = { player: 0, banker: 0, tie: 0 };
  const example: Partial<Record<BaccaratSpot, Coup>> = {};
  let natural = 0;
  let coups = 0;
  const explore = (weight: number, left: number) => {
    let i = 0;
    let needsMore = false;
    const coup = playCoup(() => {
      if (i < seq.length) return worth(seq[i++] as number, i % 4);
      needsMore = true;
      return worth(0);
    });
    if (!needsMore && seq.length >= 4) {
      coups++;
      won[coup.winner] += weight;
      example[coup.winner] ??= coup;
      if (coup.natural) natural += weight;
      return;
    }
    for (let v = 0; v <= 9; v++) {
      const n = counts[v] as number;
      counts[v] = n - 1;
      seq.push(v);
      explore((weight * n) / left, left - 1);
      seq.pop();
      counts[v] = n;
    }
  };
  explore(1, 52 * BACCARAT_DECKS);
  return { won, natural, example, coups };
}

describe('RTP', () => {
  it('is exact by enumeration: banker 98.94%, player 98.76%, tie 85.64% of the stake', () => {
    const { won, natural, example, coups } = exactCoups();
    expect(coups).toBe(339_400);
    expect(won.player + won.banker + won.tie).toBeCloseTo(1, 10);
    // The published 8-deck figures (e.g. Wizard of Odds): banker 0.458597, player 0.446247, tie 0.095156.
    expect(won.banker).toBeCloseTo(0.458597, 6);
    expect(won.player).toBeCloseTo(0.446247, 6);
    expect(won.tie).toBeCloseTo(0.095156, 6);
    expect(natural).toBeGreaterThan(0.3);
    // Returns per unit staked, from what settleBaccarat pays on a coup each side wins.
    const stake = 100_000;
    const paid = (spot: BaccaratSpot, winner: BaccaratSpot) =>
      settleBaccarat(example[winner] as Coup, { [spot]: stake }).totalPayout / stake;
    const rtp = (spot: BaccaratSpot) =>
      (['player', 'banker', 'tie'] as const).reduce((s, w) => s + won[w] * paid(spot, w), 0);
    expect(rtp('banker')).toBeCloseTo(BACCARAT_RTP.banker, 6);
    expect(rtp('player')).toBeCloseTo(BACCARAT_RTP.player, 5);
    expect(rtp('tie')).toBeCloseTo(BACCARAT_RTP.tie, 6);
    expect(baccaratInfo.rtp).toBe(Number((rtp('banker') * 100).toFixed(2)));
    const shown = Object.fromEntries((baccaratInfo.paytables[0]?.rows ?? []).map(([name, , r]) => [name, r]));
    expect(shown).toEqual({
      Player: `${(rtp('player') * 100).toFixed(2)}%`,
      Banker: `${(rtp('banker') * 100).toFixed(2)}%`,
      Tie: `${(rtp('tie') * 100).toFixed(2)}%`,
    });
  });
});
