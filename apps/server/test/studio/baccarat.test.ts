import { baccaratBetSchema } from '@paws/contracts/studio';
import { ACE, type Card, makeCard, TEN } from '@paws/studio-engine/cards';
import { fairStream } from '@paws/studio-engine/fair';
import {
  BACCARAT_RTP,
  baccaratInfo,
  bankerDraws,
  type Coup,
  playBaccarat,
  playCoup,
  settleBaccarat,
} from '@paws/studio-engine/games/baccarat';
import { describe, expect, it } from 'vitest';

/** A card worth `points` (0 is a ten), suit varying. */
const worth = (points: number, suit = 0): Card =>
  makeCard(points === 0 ? TEN : points === 1 ? ACE : points - 2, suit);
const coupOf = (...points: number[]): Coup => {
  const cards = points.map((p, i) => worth(p, i % 4));
  let i = 0;
  return playCoup(() => {
    const card = cards[i++];
    if (card === undefined) throw new Error('the coup took more cards than expected');
    return card;
  });
};

describe('drawing rules', () => {
  // The tableau as printed on the table: banker total (rows) by player's third card (columns 0–9),
  // and the first column for a player who stood. D draws, S stands.
  const TABLEAU: Record<number, string> = {
    0: 'D DDDDDDDDDD',
    1: 'D DDDDDDDDDD',
    2: 'D DDDDDDDDDD',
    3: 'D DDDDDDDDSD',
    4: 'D SSDDDDDDSS',
    5: 'D SSSSDDDDSS',
    6: 'S SSSSSSDDSS',
    7: 'S SSSSSSSSSS',
  };

  it('follows the banker tableau in every case', () => {
    for (let banker = 0; banker <= 7; banker++) {
      const row = TABLEAU[banker] as string;
      expect(bankerDraws(banker, null) ? 'D' : 'S', `banker ${banker}, player stood`).toBe(row[0]);
      for (let third = 0; third <= 9; third++) {
        expect(bankerDraws(banker, worth(third)) ? 'D' : 'S', `banker ${banker}, third ${third}`).toBe(
          row[2 + third],
        );
      }
    }
  });

  it('plays whole coups in dealing order: player, banker, player, banker, then third cards', () => {
    // Natural 9 (4, 5) against 3 (0, 3): nobody draws.
    expect(coupOf(4, 0, 5, 3)).toMatchObject({
      playerTotal: 9,
      bankerTotal: 3,
      natural: true,
      winner: 'player',
    });
    expect(coupOf(4, 0, 5, 3).banker).toHaveLength(2);
    // Banker natural 8 stops a player on 0.
    expect(coupOf(0, 4, 0, 4)).toMatchObject({
      playerTotal: 0,
      bankerTotal: 8,
      natural: true,
      winner: 'banker',
    });
    // Player 5 draws an 8; banker 3 stands on a third 8.
    const p5 = coupOf(2, 1, 3, 2, 8);
    expect(p5).toMatchObject({ playerTotal: 3, bankerTotal: 3, natural: false, winner: 'tie' });
    expect([p5.player.length, p5.banker.length]).toEqual([3, 2]);
    // Player stands on 6; banker 5 draws (a 2: 7).
    const p6 = coupOf(6, 3, 0, 2, 2);
    expect([p6.player.length, p6.banker.length, p6.bankerTotal, p6.winner]).toEqual([2, 3, 7, 'banker']);
    // Player stands on 7; banker 6 stands.
    const p7 = coupOf(3, 6, 4, 0);
    expect([p7.player.length, p7.banker.length, p7.winner]).toEqual([2, 2, 'player']);
    // Totals are mod 10: 7 + 7 + 9 = 3.
    expect(coupOf(7, 0, 7, 0, 9, 4)).toMatchObject({ playerTotal: 3, bankerTotal: 4 });
  });
});

describe('payouts', () => {
  const bankerWins = coupOf(0, 4, 0, 4);
  const playerWins = coupOf(4, 0, 5, 3);
  const tie = coupOf(2, 1, 3, 2, 8);

  it('pays player 1:1, banker 0.95:1 rounded down to the cent, tie 8:1, and pushes player and banker on a tie', () => {
    expect(settleBaccarat(playerWins, { player: 200 }).bets[0]).toMatchObject({
      outcome: 'win',
      payout: 400,
    });
    expect(settleBaccarat(bankerWins, { banker: 100 }).bets[0]).toMatchObject({
      outcome: 'win',
      payout: 195,
    });
    expect(settleBaccarat(bankerWins, { banker: 10 }).bets[0]).toMatchObject({ payout: 19 });
    expect(settleBaccarat(bankerWins, { player: 100 }).bets[0]).toMatchObject({ outcome: 'lose', payout: 0 });
    const onTie = settleBaccarat(tie, { player: 100, banker: 100, tie: 100 });
    expect(onTie.bets.map((b) => [b.spot, b.outcome, b.payout])).toEqual([
      ['player', 'push', 100],
      ['banker', 'push', 100],
      ['tie', 'win', 900],
    ]);
    expect(onTie).toMatchObject({ totalStake: 300, totalPayout: 1100, winner: 'tie' });
    expect(settleBaccarat(playerWins, { tie: 100 }).totalPayout).toBe(0);
  });

  it('needs at least one bet', () => {
    expect(baccaratBetSchema.safeParse({}).success).toBe(false);
    expect(baccaratBetSchema.parse({ banker: 5 })).toEqual({ banker: 500 });
    expect(() => settleBaccarat(tie, {})).toThrow();
  });
});

/** Exact outcome probabilities: every six-card sequence of an 8-deck shoe, weighted without replacement. */
let exactCache: { player: number; banker: number; tie: number; natural: number } | undefined;
function exact() {
  if (exactCache) return exactCache;
  const counts = [128, 32, 32, 32, 32, 32, 32, 32, 32, 32];
  const cards = [0, 0, 0, 0, 0, 0];
  const p = { player: 0, banker: 0, tie: 0, natural: 0 };
  const walk = (depth: number, weight: number, left: number) => {
    if (depth === 6) {
      let i = 0;
      const coup = playCoup(() => worth(cards[i++] as number));
      p[coup.winner] += weight;
      if (coup.natural) p.natural += weight;
      return;
    }
    for (let v = 0; v <= 9; v++) {
      const n = counts[v] as number;
      counts[v] = n - 1;
      cards[depth] = v;
      walk(depth + 1, (weight * n) / left, left - 1);
      counts[v] = n;
    }
  };
  walk(0, 1, 416);
  exactCache = p;
  return p;
}

describe('RTP', () => {
  // Published exact figures for 8 decks (e.g. Wizard of Odds): banker 0.458597, player 0.446247,
  // tie 0.095156; house edges 1.0579%, 1.2351%, 14.3596%.
  it('is exact by enumerating every six-card sequence of an 8-deck shoe', () => {
    const won = exact();
    expect(won.banker).toBeCloseTo(0.458597, 6);
    expect(won.player).toBeCloseTo(0.446247, 6);
    expect(won.tie).toBeCloseTo(0.095156, 6);
    const rtp = {
      banker: won.banker * 1.95 + won.tie,
      player: won.player * 2 + won.tie,
      tie: won.tie * 9,
    };
    expect(rtp.banker).toBeCloseTo(BACCARAT_RTP.banker, 6);
    expect(rtp.player).toBeCloseTo(BACCARAT_RTP.player, 6);
    expect(rtp.tie).toBeCloseTo(BACCARAT_RTP.tie, 6);
    expect(1 - rtp.banker).toBeCloseTo(0.010579, 6);
    expect(1 - rtp.player).toBeCloseTo(0.012351, 6);
    expect(baccaratInfo.rtp).toBe(98.94);
  });

  it('deals rounds from the fair stream with those frequencies (200,000 seeded rounds, within 4σ)', () => {
    const n = 200_000;
    const seen = { player: 0, banker: 0, tie: 0, natural: 0 };
    let mostCards = 0;
    for (let nonce = 0; nonce < n; nonce++) {
      const round = playBaccarat(fairStream({ serverSeed: 'b'.repeat(64), clientSeed: 'baccarat', nonce }), {
        tie: 1,
      });
      seen[round.winner]++;
      if (round.natural) seen.natural++;
      mostCards = Math.max(mostCards, round.playerCards.length + round.bankerCards.length);
    }
    expect(mostCards).toBe(6);
    const p = exact();
    for (const key of ['banker', 'player', 'tie', 'natural'] as const) {
      const q = p[key];
      expect(Math.abs(seen[key] / n - q), key).toBeLessThan(4 * Math.sqrt((q * (1 - q)) / n));
    }
  }, 180_000); // hundreds of thousands of rounds: seconds alone, far longer on a loaded shared machine
});
