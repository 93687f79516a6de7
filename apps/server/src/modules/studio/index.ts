// The studio's public surface for other modules: what it knows of a round (reconciliation).
export type { RoundState } from './round-checks.ts';
