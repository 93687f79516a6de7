/**
 * Slot design rules of the UK Gambling Commission's remote technical standards (RTS 14, "Online games
 * design", in force 31 October 2021; docs/decisions.md): a spin takes at least 2.5 s from press to result,
 * nothing speeds it up, and a return at or under the stake is told plainly, never celebrated as a win.
 */
export const MIN_SPIN_MS = 2500;
const REEL_STAGGER_MS = 250;

/** When reel `reel` (0-based) of `reels` comes to rest, in ms after the spin starts: the last one at 2.5 s. */
export const reelStopMs = (reel: number, reels: number) =>
  MIN_SPIN_MS - (reels - 1 - Math.min(reel, reels - 1)) * REEL_STAGGER_MS;

/**
 * How a return is shown. `none`: nothing came back. `returned`: less than or as much as the stake, a loss
 * or a break-even, shown neutrally (no sound, no lit symbols, no lines, no "Win"). `win` and `big` (ten
 * stakes or more): the player is ahead, celebrated.
 */
export type ReturnShown = 'none' | 'returned' | 'win' | 'big';

export function returnShown(payoutCents: number, stakeCents: number): ReturnShown {
  if (payoutCents <= 0) return 'none';
  if (payoutCents <= stakeCents) return 'returned';
  return payoutCents >= stakeCents * 10 ? 'big' : 'win';
}

export const celebrated = (shown: ReturnShown) => shown === 'win' || shown === 'big';
