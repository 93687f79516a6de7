/**
 * European roulette, single zero, as a live table: one wheel for every player.
 *
 * Rules: numbers 0–36; bets and what they pay (to 1): straight 35, split 17, street 11, corner 8,
 * line (six line) 5, dozen 2, column 2, red/black, odd/even, low (1–18)/high (19–36) 1. Zero loses
 * every outside bet (no la partage). A winning bet returns its stake plus the win.
 * RTP: 36/37 = 97.30% on every bet (each pays (36/k − 1):1 for k covered numbers).
 *
 * Fairness on a shared wheel: no one player's client seed can drive it, so the table has its own
 * server seed (its SHA-256 published before the first betting window it covers, revealed on
 * rotation), the public client seed `ROULETTE_TABLE_CLIENT_SEED` and the round number as nonce:
 * spin = int(37) from HMAC-SHA256(tableSeed, `paws-live-roulette:${roundNumber}:0`). Anyone can
 * recompute every spin once the seed is revealed; the server cannot pick a number after seeing
 * bets because the seed was committed first.
 */
import {
  type GameInfo,
  type RouletteBet,
  type RouletteBetType,
  type RouletteSettlement,
  type RouletteSpin,
  rouletteBetNumbers,
  rouletteColor,
} from '@paws/contracts/studio';
import { assertStake, StudioInputError } from '../errors.ts';
import { fairStream, type Rng } from '../fair.ts';

export const ROULETTE_TABLE_CLIENT_SEED = 'paws-live-roulette';
export const ROULETTE_POCKETS = 37;
export const ROULETTE_RTP = 36 / 37;

/** What each bet pays to 1. */
export const ROULETTE_PAYOUTS: Readonly<Record<RouletteBetType, number>> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  line: 5,
  dozen: 2,
  column: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
};

/** The wheel's pocket order clockwise from zero, for drawing it. */
export const ROULETTE_WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];

export function spin(rng: Rng): number {
  return rng.int(ROULETTE_POCKETS);
}

export function spinRound(
  tableServerSeed: string,
  roundNumber: number,
  tableClientSeed: string = ROULETTE_TABLE_CLIENT_SEED,
): RouletteSpin {
  const number = spin(
    fairStream({ serverSeed: tableServerSeed, clientSeed: tableClientSeed, nonce: roundNumber }),
  );
  return { roundNumber, number, color: rouletteColor(number) };
}

/** The numbers a bet covers; throws when they do not form that bet on the table. */
export function coveredNumbers(bet: RouletteBet): number[] {
  const numbers = rouletteBetNumbers(bet);
  if (!numbers) throw new StudioInputError('These numbers do not form that bet on the table', 'numbers');
  return numbers;
}

export function settle(bets: readonly RouletteBet[], result: number): RouletteSettlement {
  if (!Number.isInteger(result) || result < 0 || result > 36) throw new RangeError(`Not a pocket: ${result}`);
  let totalStake = 0;
  let totalPayout = 0;
  const settled = bets.map((bet) => {
    assertStake(bet.amount);
    const won = coveredNumbers(bet).includes(result);
    const payout = won ? bet.amount * (ROULETTE_PAYOUTS[bet.type] + 1) : 0;
    totalStake += bet.amount;
    totalPayout += payout;
    return { bet, won, payout };
  });
  return { number: result, color: rouletteColor(result), bets: settled, totalStake, totalPayout };
}

export const rouletteInfo: GameInfo = {
  code: 'roulette',
  name: 'European Roulette',
  rtp: 97.3,
  rtpNote: 'Every bet returns 36/37 = 97.30% of its stake on average.',
  rules: [
    'A live table: one wheel for all players. Bets are taken while the betting window is open; then the wheel spins and every bet is settled on the winning number.',
    'The wheel has 37 pockets: 0 to 36. Zero is green; it loses every outside bet.',
    'Split: two numbers side by side on the table (including 0-1, 0-2, 0-3). Street: a row of three (or 0-1-2, 0-2-3). Corner: a square of four (or 0-1-2-3). Line: two adjacent rows (six numbers).',
    'Dozens: 1–12, 13–24, 25–36. Columns: the three columns of the table. Low: 1–18, high: 19–36.',
    'A winning bet returns its stake plus the amount shown in the paytable.',
    'Provably fair: the table seed’s SHA-256 is published before its first round; each spin is HMAC-SHA256(table seed, "paws-live-roulette:<round>:0") mapped to 0–36 without bias, and the seed is revealed when it is rotated.',
  ],
  paytables: [
    {
      title: 'Payouts',
      columns: ['Bet', 'Numbers', 'Pays'],
      rows: [
        ['Straight', '1', '35:1'],
        ['Split', '2', '17:1'],
        ['Street', '3', '11:1'],
        ['Corner', '4', '8:1'],
        ['Line', '6', '5:1'],
        ['Dozen', '12', '2:1'],
        ['Column', '12', '2:1'],
        ['Red / Black', '18', '1:1'],
        ['Odd / Even', '18', '1:1'],
        ['Low / High', '18', '1:1'],
      ],
    },
  ],
};
