/**
 * Loto (keno): pick 1 to 10 numbers from 1–80; 20 numbers are drawn (the first 20 of a Fisher–Yates
 * shuffle of 1–80); the pay depends on how many picks were drawn (hits) and how many were picked.
 *
 * Paytable `KENO_PAYTABLE_X100[picks][hits]`: multipliers of the stake in hundredths, so payouts are
 * integer cents (stake × multiplier / 100, rounded down to the cent).
 * RTP by number of picks (exact, hypergeometric: P(h hits | p picks) = C(p,h)·C(80−p,20−h)/C(80,20)):
 * 1: 96.00%, 2: 96.01%, 3: 96.43%, 4: 96.19%, 5: 96.34%, 6: 96.20%, 7: 96.10%, 8: 96.10%,
 * 9: 96.01%, 10: 96.04%; so 96.0–96.5% whatever is picked.
 */
import type { GameInfo, KenoBet, KenoResult } from '@paws/contracts/studio';
import { assertStake, StudioInputError } from '../errors.ts';
import { partialShuffle, type Rng } from '../fair.ts';

export const KENO_NUMBERS = 80;
export const KENO_DRAWN = 20;

export const KENO_PAYTABLE_X100: Readonly<Record<number, readonly number[]>> = {
  1: [0, 384],
  2: [0, 180, 460],
  3: [0, 0, 230, 4650],
  4: [0, 0, 160, 800, 9000],
  5: [0, 0, 120, 350, 1200, 31000],
  6: [0, 0, 80, 180, 500, 4700, 150000],
  7: [0, 0, 50, 120, 340, 1500, 25000, 400000],
  8: [0, 0, 0, 150, 300, 920, 5000, 40000, 1000000],
  9: [0, 0, 0, 100, 200, 450, 2800, 18000, 200000, 1000000],
  10: [0, 0, 0, 100, 150, 300, 1200, 5000, 50000, 500000, 1000000],
};

/** Exact RTP per number of picks, as documented above. */
export const KENO_RTP: Readonly<Record<number, number>> = {
  1: 0.96,
  2: 0.960127,
  3: 0.964338,
  4: 0.961905,
  5: 0.963356,
  6: 0.961994,
  7: 0.960975,
  8: 0.961049,
  9: 0.960104,
  10: 0.960409,
};

const ALL_NUMBERS = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);

export function kenoDraw(rng: Rng): number[] {
  return partialShuffle(rng, ALL_NUMBERS, KENO_DRAWN);
}

export function settleKeno(bet: KenoBet, drawn: readonly number[]): KenoResult {
  assertStake(bet.amount);
  const picks = [...bet.picks].sort((a, b) => a - b);
  const row = KENO_PAYTABLE_X100[picks.length];
  const valid = picks.every((n) => Number.isInteger(n) && n >= 1 && n <= KENO_NUMBERS);
  if (!row || !valid || new Set(picks).size !== picks.length) {
    throw new StudioInputError('Pick 1 to 10 different numbers from 1 to 80', 'picks');
  }
  const drawnSet = new Set(drawn);
  const hits = picks.filter((n) => drawnSet.has(n));
  const x100 = row[hits.length] ?? 0;
  return {
    picks,
    drawn: [...drawn],
    hits,
    multiplier: x100 / 100,
    payout: Math.floor((bet.amount * x100) / 100),
  };
}

export function playKeno(rng: Rng, bet: KenoBet): KenoResult {
  return settleKeno(bet, kenoDraw(rng));
}

export const kenoInfo: GameInfo = {
  code: 'keno',
  name: 'Loto',
  rtp: 96.0,
  rtpNote: 'Between 96.00% and 96.43% depending on how many numbers you pick (exact).',
  rules: [
    'Pick 1 to 10 numbers from 1 to 80 and place your stake.',
    '20 of the 80 numbers are drawn. The more of your numbers are drawn, the more you win.',
    'Your stake is multiplied by the paytable value for how many numbers you picked and how many of them were drawn.',
    'Amounts below one cent are rounded down.',
  ],
  paytables: [
    {
      title: 'Multiplier by picks (rows) and hits (columns)',
      columns: ['Picks', ...Array.from({ length: 11 }, (_, h) => String(h)), 'RTP'],
      rows: Object.entries(KENO_PAYTABLE_X100).map(([picks, row]) => [
        picks,
        ...Array.from({ length: 11 }, (_, h) =>
          h < row.length && (row[h] ?? 0) > 0 ? String((row[h] ?? 0) / 100) : '',
        ),
        `${((KENO_RTP[Number(picks)] ?? 0) * 100).toFixed(2)}%`,
      ]),
    },
  ],
};
