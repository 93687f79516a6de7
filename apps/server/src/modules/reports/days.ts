/** UTC calendar days as YYYY-MM-DD strings. */

const DAY_MS = 86_400_000;

export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** The instant a UTC day starts. */
export const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

export const addDays = (day: string, days: number) => dayOf(new Date(startOf(day).getTime() + days * DAY_MS));

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}
