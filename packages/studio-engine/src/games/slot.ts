/**
 * "Wild Paws": a 5-reel, 3-row video slot with 20 fixed paylines.
 *
 * Rules: the stake covers all 20 lines (line bet = stake / 20, so stakes go in steps of 0.20). A
 * line pays 3, 4 or 5 matching symbols from the leftmost reel (`SLOT_LINE_PAYS`, × line bet); only
 * the highest win per line is paid; wins on different lines add up. The wild (reels 2–4 only)
 * stands in for every symbol but the scatter. Scatters pay anywhere on the screen (3: 2×, 4: 10×,
 * 5: 50× the stake) and 3 or more start 10 free spins played at once at the same stake with every
 * win tripled; 3 or more scatters during them add 10 more, up to 100 free spins per round.
 * Each reel stops uniformly on one of its strip positions (one fair draw per reel) and shows that
 * symbol and the next two.
 * RTP: 96.17% (0.961692, exact: per-line and scatter expectations from the strip counts, the free
 * spins' expected length from the retrigger chance with the cap; see test/studio/slot.test.ts).
 *
 * Paid from the FREE_SPINS balance, a spin costs one free spin and plays at the fixed stake
 * `SLOT_FREE_SPIN_STAKE_CENTS` ($0.20, one cent a line); what it wins is paid in USD.
 */
import {
  type GameInfo,
  SLOT_FREE_SPIN_STAKE_CENTS,
  SLOT_LINES,
  type SlotBet,
  type SlotRound,
  type SlotSpin,
  type SlotSymbol,
} from '@paws/contracts/studio';
import { StudioInputError } from '../errors.ts';
import type { Rng } from '../fair.ts';

export const SLOT_RTP = 0.961692;
export const SLOT_ROWS = 3;
export const SLOT_FEATURE_SPINS = 10;
export const SLOT_FEATURE_MULTIPLIER = 3;
export const SLOT_MAX_FEATURE_SPINS = 100;
export const SLOT_FEATURE_TRIGGER = 3;

export const SLOT_REELS: readonly (readonly SlotSymbol[])[] = [
  // biome-ignore format: one strip per line
  ['scatter', 'wolf', 'king', 'queen', 'fox', 'ace', 'lion', 'jack', 'king', 'eagle', 'queen', 'wolf', 'fox', 'ace', 'jack', 'king', 'queen', 'ace', 'eagle', 'jack', 'fox', 'king', 'lion', 'wolf', 'queen', 'ace', 'jack', 'king', 'fox', 'eagle', 'queen', 'ace', 'jack'],
  // biome-ignore format: one strip per line
  ['fox', 'queen', 'wild', 'ace', 'eagle', 'jack', 'king', 'wolf', 'fox', 'ace', 'queen', 'king', 'jack', 'wild', 'eagle', 'lion', 'ace', 'fox', 'queen', 'king', 'wolf', 'scatter', 'jack', 'ace', 'wild', 'king', 'fox', 'eagle', 'queen', 'jack', 'ace', 'wolf', 'king', 'lion'],
  // biome-ignore format: one strip per line
  ['king', 'fox', 'lion', 'queen', 'ace', 'wild', 'eagle', 'jack', 'king', 'wolf', 'fox', 'ace', 'queen', 'king', 'jack', 'wild', 'eagle', 'ace', 'fox', 'lion', 'queen', 'king', 'wolf', 'jack', 'ace', 'scatter', 'king', 'wild', 'fox', 'eagle', 'queen', 'ace', 'jack', 'wolf'],
  // biome-ignore format: one strip per line
  ['scatter', 'wolf', 'king', 'fox', 'queen', 'ace', 'lion', 'wild', 'jack', 'king', 'eagle', 'wolf', 'ace', 'fox', 'queen', 'king', 'jack', 'wild', 'ace', 'eagle', 'fox', 'king', 'queen', 'lion', 'wolf', 'jack', 'ace', 'king', 'fox', 'wild', 'queen', 'eagle', 'ace', 'jack'],
  // biome-ignore format: one strip per line
  ['king', 'fox', 'queen', 'lion', 'ace', 'jack', 'eagle', 'king', 'queen', 'wolf', 'fox', 'ace', 'jack', 'king', 'queen', 'eagle', 'ace', 'jack', 'fox', 'lion', 'king', 'wolf', 'queen', 'ace', 'jack', 'king', 'fox', 'scatter', 'eagle', 'queen', 'ace', 'jack', 'wolf'],
];

/** Row (0 top, 2 bottom) on each reel, line 1 first. */
export const SLOT_PAYLINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
  [2, 1, 1, 1, 2],
  [1, 0, 1, 2, 1],
  [1, 2, 1, 0, 1],
  [0, 1, 0, 1, 0],
  [2, 1, 2, 1, 2],
  [1, 1, 0, 1, 1],
  [1, 1, 2, 1, 1],
  [0, 0, 2, 0, 0],
  [2, 2, 0, 2, 2],
  [0, 2, 2, 2, 0],
];

/** Pays for 3, 4 and 5 of a kind on a line, in line bets. The wild only substitutes. */
export const SLOT_LINE_PAYS: Readonly<Partial<Record<SlotSymbol, readonly [number, number, number]>>> = {
  lion: [40, 150, 750],
  eagle: [30, 100, 400],
  wolf: [20, 75, 250],
  fox: [15, 50, 200],
  ace: [10, 25, 100],
  king: [8, 20, 80],
  queen: [5, 15, 60],
  jack: [5, 12, 50],
};

/** Scatter pays by the number on screen, in stakes. */
export const SLOT_SCATTER_PAYS: readonly number[] = [0, 0, 0, 2, 10, 50];

function linePay(symbol: SlotSymbol, count: number): number {
  return count >= 3 ? (SLOT_LINE_PAYS[symbol]?.[count - 3] ?? 0) : 0;
}

/** The win of one line's five symbols, in line bets (null: none). Wilds join the run of the first other symbol. */
export function lineWin(
  symbols: readonly SlotSymbol[],
): { symbol: SlotSymbol; count: number; pays: number } | null {
  let wilds = 0;
  while (wilds < symbols.length && symbols[wilds] === 'wild') wilds++;
  let best: { symbol: SlotSymbol; count: number; pays: number } | null = null;
  const wildPays = linePay('wild', wilds);
  if (wildPays > 0) best = { symbol: 'wild', count: wilds, pays: wildPays };
  const target = symbols[wilds];
  if (target !== undefined && target !== 'scatter') {
    let count = wilds;
    while (count < symbols.length && (symbols[count] === target || symbols[count] === 'wild')) count++;
    const pays = linePay(target, count);
    if (pays > (best?.pays ?? 0)) best = { symbol: target, count, pays };
  }
  return best;
}

/** The three symbols a reel shows when it stops at `stop`. */
export function reelWindow(reel: number, stop: number): SlotSymbol[] {
  const strip = SLOT_REELS[reel] as readonly SlotSymbol[];
  return Array.from({ length: SLOT_ROWS }, (_, row) => strip[(stop + row) % strip.length] as SlotSymbol);
}

/** One spin at `stake` cents with every win × `multiplier`. */
export function spinOnce(rng: Rng, stake: number, multiplier: number): SlotSpin {
  const lineBet = stake / SLOT_LINES;
  const stops = SLOT_REELS.map((strip) => rng.int(strip.length));
  const grid = stops.map((stop, reel) => reelWindow(reel, stop));
  let payout = 0;
  const lineWins: SlotSpin['lineWins'] = [];
  const symbols: SlotSymbol[] = [];
  SLOT_PAYLINES.forEach((rows, i) => {
    for (let reel = 0; reel < rows.length; reel++)
      symbols[reel] = grid[reel]?.[rows[reel] as number] as SlotSymbol;
    const win = lineWin(symbols);
    if (!win) return;
    const linePayout = lineBet * win.pays * multiplier;
    lineWins.push({ line: i + 1, symbol: win.symbol, count: win.count, payout: linePayout });
    payout += linePayout;
  });
  const scatters = grid.reduce((n, column) => n + column.filter((s) => s === 'scatter').length, 0);
  const scatterPayout = stake * (SLOT_SCATTER_PAYS[Math.min(scatters, 5)] ?? 0) * multiplier;
  payout += scatterPayout;
  const featureSpinsAwarded = scatters >= SLOT_FEATURE_TRIGGER ? SLOT_FEATURE_SPINS : 0;
  return { stops, grid, lineWins, scatters, scatterPayout, featureSpinsAwarded, multiplier, payout };
}

/** The stake in cents a bet plays at. */
export function slotStake(bet: SlotBet): number {
  return bet.fund === 'freeSpin' ? SLOT_FREE_SPIN_STAKE_CENTS : bet.stake;
}

/** A whole round: the paid spin, then any free spins it won (they use the same round's stream). */
export function playSlot(rng: Rng, bet: SlotBet): SlotRound {
  const stake = slotStake(bet);
  if (!Number.isSafeInteger(stake) || stake < SLOT_LINES || stake % SLOT_LINES !== 0) {
    throw new StudioInputError('Stake must be a multiple of 0.20 (20 lines)', 'stake');
  }
  const base = spinOnce(rng, stake, 1);
  let awarded = Math.min(base.featureSpinsAwarded, SLOT_MAX_FEATURE_SPINS);
  base.featureSpinsAwarded = awarded;
  const featureSpins: SlotSpin[] = [];
  let totalPayout = base.payout;
  for (let played = 0; played < awarded; played++) {
    const spin = spinOnce(rng, stake, SLOT_FEATURE_MULTIPLIER);
    spin.featureSpinsAwarded = Math.min(spin.featureSpinsAwarded, SLOT_MAX_FEATURE_SPINS - awarded);
    awarded += spin.featureSpinsAwarded;
    totalPayout += spin.payout;
    featureSpins.push(spin);
  }
  return { fund: bet.fund, stake, base, featureSpins, totalPayout };
}

const SYMBOL_NAMES: Record<SlotSymbol, string> = {
  wild: 'Wild',
  scatter: 'Scatter',
  lion: 'Lion',
  eagle: 'Eagle',
  wolf: 'Wolf',
  fox: 'Fox',
  ace: 'A',
  king: 'K',
  queen: 'Q',
  jack: 'J',
};

export const slotInfo: GameInfo = {
  code: 'slot',
  name: 'Wild Paws',
  rtp: 96.17,
  rtpNote: 'Exact theoretical return of the reel strips, free spins included.',
  rules: [
    '5 reels, 3 rows, 20 fixed paylines. Your stake covers all 20 lines; the line bet is a twentieth of it.',
    'Line wins pay for 3, 4 or 5 matching symbols on a payline, starting from the leftmost reel. Only the highest win on each line is paid; wins on different lines are added.',
    'Wild appears on reels 2, 3 and 4 and substitutes for every symbol except Scatter.',
    'Scatter pays anywhere on the screen: 3 pay 2×, 4 pay 10×, 5 pay 50× the stake.',
    '3 or more Scatters start 10 free spins at the same stake, with every win tripled. 3 or more Scatters during free spins add 10 more, up to 100 per round.',
    'A spin paid from your free spins balance plays at a 0.20 stake and its winnings are paid in dollars.',
  ],
  paytables: [
    {
      title: 'Line pays (× line bet)',
      columns: ['Symbol', '3', '4', '5'],
      rows: Object.entries(SLOT_LINE_PAYS).map(([symbol, pays]) => [
        SYMBOL_NAMES[symbol as SlotSymbol],
        ...(pays ?? []).map(String),
      ]),
    },
    {
      title: 'Scatter (× stake)',
      columns: ['Scatters', 'Pays', 'Free spins'],
      rows: [
        ['3', '2', '10'],
        ['4', '10', '10'],
        ['5', '50', '10'],
      ],
    },
    {
      title: 'Paylines (row on reels 1–5; 1 = top)',
      columns: ['Line', 'Rows'],
      rows: SLOT_PAYLINES.map((rows, i) => [String(i + 1), rows.map((r) => r + 1).join('-')]),
    },
  ],
};
