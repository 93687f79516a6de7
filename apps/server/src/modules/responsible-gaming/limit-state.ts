import type { LimitKind, LimitPeriod } from '@paws/contracts/responsible-gaming';
import type { rgLimits } from './schema.ts';

/** A limit row as it stands at a moment: the pending change applies once its time has come. */
export interface LimitState {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number | null;
  pending: { amount: number | null; effectiveAt: Date } | null;
}

type LimitRow = typeof rgLimits.$inferSelect;

export function stateAt(row: LimitRow, at: Date): LimitState {
  const due = row.nextFrom !== null && row.nextFrom <= at;
  return {
    kind: row.kind,
    period: row.period,
    amount: due ? row.nextAmount : row.amount,
    pending: !due && row.nextFrom ? { amount: row.nextAmount, effectiveAt: row.nextFrom } : null,
  };
}
