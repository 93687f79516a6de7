/**
 * Baccarat, punto banco: 8 decks shuffled for every round (only the at most six cards a coup uses are
 * drawn: the first six cards of a full Fisher–Yates shuffle of the 416, see `partialShuffle`).
 *
 * Rules: cards in order player, banker, player, banker; values ace 1, 2–9 face, tens and pictures 0;
 * a hand counts its total mod 10. A natural (8 or 9 on either side) ends the coup. Otherwise the
 * player draws on 0–5 and stands on 6–7. If the player stood, the banker draws on 0–5. If the
 * player drew, the banker draws on 0–2; on 3 unless the player's third card is 8; on 4 if it is
 * 2–7; on 5 if it is 4–7; on 6 if it is 6–7; stands on 7.
 * Bets: player pays 1:1, banker 0.95:1 (5% commission, rounded down to the cent), tie 8:1; player
 * and banker bets push on a tie.
 * RTP (exact, 8 decks): banker 98.94% (edge 1.06%), player 98.76% (edge 1.24%), tie 85.64%
 * (edge 14.36%).
 */
import type { BaccaratBet, BaccaratResult, BaccaratSpot, GameInfo } from '@paws/contracts/studio';
import { type Card, cardCode, cardRank, makeShoe } from '../cards.ts';
import { assertStake, StudioInputError } from '../errors.ts';
import { partialShuffle, type Rng } from '../fair.ts';

export const BACCARAT_DECKS = 8;
const SHOE: readonly Card[] = makeShoe(BACCARAT_DECKS);
export const BACCARAT_RTP = { player: 0.987649, banker: 0.989421, tie: 0.856404 } as const;
/** Winnings per unit staked, as a fraction numerator/denominator so money stays integer. */
const WIN_PER_UNIT: Record<BaccaratSpot, [number, number]> = {
  player: [1, 1],
  banker: [95, 100],
  tie: [8, 1],
};

/** Ace 1, 2–9 face value, ten and pictures 0. */
export function baccaratPoints(card: Card): number {
  const rank = cardRank(card);
  if (rank === 12) return 1;
  return rank >= 8 ? 0 : rank + 2;
}

export const baccaratTotal = (cards: readonly Card[]): number =>
  cards.reduce((sum, c) => sum + baccaratPoints(c), 0) % 10;

/** Whether the banker draws, given its two-card total and the player's third card (null: player stood). */
export function bankerDraws(bankerTotal: number, playerThird: Card | null): boolean {
  if (playerThird === null) return bankerTotal <= 5;
  const p = baccaratPoints(playerThird);
  switch (bankerTotal) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return p !== 8;
    case 4:
      return p >= 2 && p <= 7;
    case 5:
      return p >= 4 && p <= 7;
    case 6:
      return p === 6 || p === 7;
    default:
      return false;
  }
}

export interface Coup {
  player: Card[];
  banker: Card[];
  playerTotal: number;
  bankerTotal: number;
  natural: boolean;
  winner: BaccaratSpot;
}

/** One coup by the tableau, taking cards from `next` in dealing order. */
export function playCoup(next: () => Card): Coup {
  const player = [next()];
  const banker = [next()];
  player.push(next());
  banker.push(next());
  const natural = baccaratTotal(player) >= 8 || baccaratTotal(banker) >= 8;
  if (!natural) {
    let playerThird: Card | null = null;
    if (baccaratTotal(player) <= 5) {
      playerThird = next();
      player.push(playerThird);
    }
    if (bankerDraws(baccaratTotal(banker), playerThird)) banker.push(next());
  }
  const playerTotal = baccaratTotal(player);
  const bankerTotal = baccaratTotal(banker);
  const winner = playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, natural, winner };
}

export function settleBaccarat(coup: Coup, bet: BaccaratBet): BaccaratResult {
  const bets: BaccaratResult['bets'] = [];
  let totalStake = 0;
  let totalPayout = 0;
  for (const spot of ['player', 'banker', 'tie'] as const) {
    const stake = bet[spot];
    if (stake === undefined) continue;
    assertStake(stake, spot);
    let outcome: 'win' | 'push' | 'lose';
    if (coup.winner === spot) outcome = 'win';
    else if (coup.winner === 'tie' && spot !== 'tie') outcome = 'push';
    else outcome = 'lose';
    const [num, den] = WIN_PER_UNIT[spot];
    const payout =
      outcome === 'win' ? stake + Math.floor((stake * num) / den) : outcome === 'push' ? stake : 0;
    bets.push({ spot, stake, outcome, payout });
    totalStake += stake;
    totalPayout += payout;
  }
  if (bets.length === 0) throw new StudioInputError('Place at least one bet');
  return {
    playerCards: coup.player.map(cardCode),
    bankerCards: coup.banker.map(cardCode),
    playerTotal: coup.playerTotal,
    bankerTotal: coup.bankerTotal,
    natural: coup.natural,
    winner: coup.winner,
    bets,
    totalStake,
    totalPayout,
  };
}

export function playBaccarat(rng: Rng, bet: BaccaratBet): BaccaratResult {
  const cards = partialShuffle(rng, SHOE, 6);
  let i = 0;
  const coup = playCoup(() => cards[i++] as Card);
  return settleBaccarat(coup, bet);
}

export const baccaratInfo: GameInfo = {
  code: 'baccarat',
  name: 'Baccarat',
  rtp: 98.94,
  rtpNote: 'Banker 98.94%, Player 98.76%, Tie 85.64% (exact, 8 decks).',
  rules: [
    'Punto banco with 8 decks, shuffled for every round. Bet on Player, Banker or Tie: which hand ends closer to 9.',
    'Aces count 1, 2–9 their face value, tens and pictures 0; only the last digit of a total counts (7 + 8 = 5).',
    'Two cards each. An 8 or 9 on either side is a natural: no more cards.',
    'Player draws a third card on 0–5 and stands on 6–7.',
    'If Player stood, Banker draws on 0–5. If Player drew, Banker draws on 0–2; on 3 unless Player’s third card is an 8; on 4 if it is 2–7; on 5 if it is 4–7; on 6 if it is 6–7; Banker stands on 7.',
    'Player pays 1:1. Banker pays 0.95:1 (5% commission, rounded down to the cent). Tie pays 8:1; Player and Banker bets are returned on a tie.',
  ],
  paytables: [
    {
      title: 'Payouts',
      columns: ['Bet', 'Pays', 'RTP'],
      rows: [
        ['Player', '1:1', '98.76%'],
        ['Banker', '0.95:1', '98.94%'],
        ['Tie', '8:1', '85.64%'],
      ],
    },
    {
      title: 'Banker’s third card (player drew)',
      columns: ['Banker total', 'Draws when player’s third card is'],
      rows: [
        ['0–2', 'any'],
        ['3', 'anything but 8'],
        ['4', '2–7'],
        ['5', '4–7'],
        ['6', '6–7'],
        ['7', 'never'],
      ],
    },
  ],
};
