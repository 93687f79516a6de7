/** Spec 001 §5: the amount accepts only digits with at most one decimal point. */
export function sanitizeAmount(input: string): string {
  const kept = input.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  if (point === -1) return kept;
  return `${kept.slice(0, point + 1)}${kept.slice(point + 1).replace(/\./g, '')}`;
}

/** Spec 001 §4: submit does nothing unless the amount is a number above 0. */
export function parseAmount(value: string): number | undefined {
  const amount = Number(value);
  return value.trim() !== '' && Number.isFinite(amount) && amount > 0 ? amount : undefined;
}

/** Spec 001 §9: the quick amounts, in dollars. */
export const QUICK_AMOUNTS = [10, 25, 50, 100, 250, 500] as const;
