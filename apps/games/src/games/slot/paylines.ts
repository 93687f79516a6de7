/** The 20 paylines of Wild Paws (row on each reel, 0 = top), as the game's rules list them. */
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

/** Paylines from the info paytable rows ["1", "2-2-2-2-2"] (1 = top), falling back to the built-in list. */
export function paylinesFromInfo(rows: readonly (readonly string[])[] | undefined): (readonly number[])[] {
  if (!rows?.length) return [...SLOT_PAYLINES];
  const lines = rows.map((r) => (r[1] ?? '').split('-').map((x) => Number(x) - 1));
  const ok = lines.every((l) => l.length === 5 && l.every((x) => x >= 0 && x <= 2));
  return ok ? lines : [...SLOT_PAYLINES];
}

/** Cells [reel, row] a line win covers: the first `count` reels of that line. */
export function winCells(
  lines: readonly (readonly number[])[],
  line: number,
  count: number,
): [number, number][] {
  const rows = lines[line - 1];
  if (!rows) return [];
  return rows.slice(0, count).map((row, reel) => [reel, row]);
}
