/** Money on screen. Responses parsed through the contract codecs give cents; balances stay decimal. */
const CURRENCY_SYMBOL: Record<string, string> = { USD: '$', BONUS_USD: '$', PAWS: '', FREE_SPINS: '' };

export function formatMoney(dollars: number, currency = 'USD'): string {
  const symbol = CURRENCY_SYMBOL[currency] ?? '';
  const text = dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return symbol ? `${symbol}${text}` : `${text} ${currency === 'PAWS' ? 'PAWS' : currency}`;
}

export const formatCents = (cents: number, currency = 'USD') => formatMoney(cents / 100, currency);

/** A short chip label: 0.5, 1, 25, 1K. */
export function chipLabel(dollars: number): string {
  if (dollars >= 1000) return `${dollars / 1000}K`;
  return Number.isInteger(dollars) ? String(dollars) : dollars.toFixed(2).replace(/0$/, '');
}

/** Add dollar amounts without float drift. */
export const addDollars = (a: number, b: number) => Math.round(a * 100 + b * 100) / 100;

/**
 * The next stake on a ladder of allowed stakes (ascending). A stake that is not on the ladder
 * moves to the nearest rung in that direction; the ends hold.
 */
export function stepStake(ladder: readonly number[], current: number, direction: 1 | -1): number {
  if (ladder.length === 0) return current;
  if (direction > 0) return ladder.find((v) => v > current + 1e-9) ?? (ladder[ladder.length - 1] as number);
  for (let i = ladder.length - 1; i >= 0; i--)
    if ((ladder[i] as number) < current - 1e-9) return ladder[i] as number;
  return ladder[0] as number;
}

/** The slot's stakes: multiples of 0.20 (20 lines), one cent a line up to $5 a line. */
export const SLOT_STAKES = [0.2, 0.4, 0.6, 0.8, 1, 2, 4, 6, 10, 20, 40, 60, 100] as const;
export const TABLE_STAKES = [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 250, 500] as const;
export const CHIPS = [0.5, 1, 5, 10, 25, 100] as const;

/** Whether a dollar stake is a whole number of 0.20 steps (what the slot accepts). */
export const isSlotStake = (dollars: number) => {
  const cents = Math.round(dollars * 100);
  return cents > 0 && Math.abs(cents - dollars * 100) < 1e-6 && cents % 20 === 0;
};
