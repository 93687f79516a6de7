import { KENO_MAX_PICKS } from '@paws/contracts/studio-constants';
/** Keno pick rules: 1 to 10 different numbers from 1–80. */

export const KENO_NUMBERS = 80;

export type ToggleResult = { picks: number[]; changed: boolean; full?: boolean };

/** Tap a number: add it (unless 10 are picked already) or take it off. */
export function togglePick(picks: readonly number[], n: number): ToggleResult {
  if (!Number.isInteger(n) || n < 1 || n > KENO_NUMBERS) return { picks: [...picks], changed: false };
  if (picks.includes(n)) return { picks: picks.filter((p) => p !== n), changed: true };
  if (picks.length >= KENO_MAX_PICKS) return { picks: [...picks], changed: false, full: true };
  return { picks: [...picks, n], changed: true };
}

/** `count` different numbers from 1–80 (uniform, unbiased), via a partial Fisher–Yates. */
export function quickPick(count: number, random: () => number = Math.random): number[] {
  const k = Math.max(1, Math.min(KENO_MAX_PICKS, Math.floor(count)));
  const pool = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (KENO_NUMBERS - i));
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
  }
  return pool.slice(0, k).sort((a, b) => a - b);
}

/** The paytable row for a pick count, from the game info table ("Picks", 0…10 hits, "RTP"). */
export function paytableRow(
  rows: readonly (readonly string[])[],
  picks: number,
): { hits: number; multiplier: number }[] {
  const row = rows.find((r) => r[0] === String(picks));
  if (!row) return [];
  const out: { hits: number; multiplier: number }[] = [];
  for (let hits = 0; hits <= picks; hits++) {
    const cell = row[hits + 1];
    const m = cell ? Number(cell) : 0;
    if (m > 0) out.push({ hits, multiplier: m });
  }
  return out.reverse();
}
