/**
 * Paylines from the rules' paytable rows ["1", "2-2-2-2-2"] (row on each reel, 1 = top) into rows from 0. The
 * server's engine is the only source of the lines; a table that does not read as lines of five gives none
 * (wins are still paid and shown in the meter, just not drawn).
 */
export function paylinesFromInfo(rows: readonly (readonly string[])[] | undefined): (readonly number[])[] {
  if (!rows?.length) return [];
  const lines = rows.map((r) => (r[1] ?? '').split('-').map((x) => Number(x) - 1));
  const ok = lines.every((l) => l.length === 5 && l.every((x) => Number.isInteger(x) && x >= 0 && x <= 2));
  return ok ? lines : [];
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
