/** Video poker holds: five flags, toggled by tapping a card between the deal and the draw. */
export type Holds = [boolean, boolean, boolean, boolean, boolean];

export const noHolds = (): Holds => [false, false, false, false, false];

export function toggleHold(
  held: readonly boolean[],
  index: number,
  phase: 'idle' | 'dealt' | 'finished',
): Holds {
  const next = [...held.slice(0, 5)] as Holds;
  while (next.length < 5) next.push(false);
  if (phase !== 'dealt' || !Number.isInteger(index) || index < 0 || index > 4) return next;
  next[index] = !next[index];
  return next;
}
