import type { ReconciliationFindings } from '@paws/contracts/reconciliation';

export type { ReconciliationFindings };

export const findingKinds = [
  'unbalanced',
  'thin',
  'drift',
  'negative',
  'orphanBets',
  'unpaidRounds',
  'stuckPayments',
] as const satisfies readonly (keyof ReconciliationFindings)[];

export const countFindings = (findings: ReconciliationFindings) =>
  findingKinds.reduce((total, kind) => total + findings[kind].length, 0);
