/**
 * The changes of a partial update with the fields left out (undefined) dropped; null when nothing is left.
 * Drizzle refuses an UPDATE with an empty SET ("No values to set"), so a caller treats null as a no-op that
 * keeps the current row.
 */
export function changesOf<T extends Record<string, unknown>>(values: T): Partial<T> | null {
  const changes = Object.fromEntries(
    Object.entries(values).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
  return Object.keys(changes).length > 0 ? changes : null;
}
