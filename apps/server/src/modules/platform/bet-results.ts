import type { BetResult } from '@paws/contracts/history';

/**
 * How a bet's round came out, for the bet history. A return of no more than the round's stake is a RETURN,
 * never a WIN (the slot rule of docs/decisions.md holds in the history too); a free spin stakes no money
 * (FREE_SPINS in, USD out), so anything it pays is a win.
 */
export function betResultOf(round: {
  staked: number;
  stakeCurrency: string;
  won: number;
  winCurrency: string;
  /** Undefined when the provider does not say (another studio's game): the wallet's figures are all there is. */
  finished?: boolean;
}): BetResult {
  if (round.finished === false) return 'PENDING';
  if (round.won <= 0) return 'LOSS';
  if (round.winCurrency !== round.stakeCurrency) return 'WIN';
  return round.won > round.staked ? 'WIN' : 'RETURN';
}
