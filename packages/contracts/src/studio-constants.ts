/**
 * The studio's plain constants, without zod: the web app's first screen (the bottom panel's Studio slot)
 * imports these, and the schemas (studio-api.ts) only where they are needed — zod compiles its parsers with
 * `new Function`, which the pages' Content-Security-Policy refuses.
 */
export const STUDIO_PROVIDER_CODE = 'paws-studio';

/** The studio API's path prefix and refusal messages (the schemas are in ./studio-api.ts). */
export const STUDIO_API_PREFIX = '/api/studio';
export const ROULETTE_NAMESPACE = '/roulette';

export const studioApiMessages = {
  insufficientFunds: 'Insufficient funds',
  bettingClosed: 'Betting is closed',
  launchInvalid: 'This game link has expired or was already used',
  sessionRequired: 'Session required',
  sessionExpired: 'Session expired',
  roundNotFound: 'Round not found',
  roundFinished: 'This round is already finished',
  roundOpen: 'Finish the current round first',
  wrongGame: 'This session is for another game',
  noFreeSpins: 'No free spins left',
  tableSeed: 'The live table rotates its own seed',
} as const;

export const KENO_MAX_PICKS = 10;

export const slotSymbols = [
  'wild',
  'scatter',
  'lion',
  'eagle',
  'wolf',
  'fox',
  'ace',
  'king',
  'queen',
  'jack',
] as const;
export type SlotSymbol = (typeof slotSymbols)[number];

export const rouletteColors = ['red', 'black', 'green'] as const;
export type RouletteColor = (typeof rouletteColors)[number];
export const ROULETTE_RED_NUMBERS: readonly number[] = [
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
];

export function rouletteColor(n: number): RouletteColor {
  if (n === 0) return 'green';
  return ROULETTE_RED_NUMBERS.includes(n) ? 'red' : 'black';
}
