// The wallet's public surface: what other modules may use. Its tables and internals stay its own.

export type {
  AdjustmentActor,
  Adjustments,
  StaffAdjustmentRow,
} from './adjustments/service.ts';
export {
  type ClientRoundInput,
  createHttpWalletClient,
  createInProcessWalletClient,
  type WalletClient,
} from './client.ts';
export { isWalletError, WalletError } from './errors.ts';
export type { CompanionParam, StatementCompanion } from './posting-statements.ts';
export {
  createRollupReads,
  type LedgerGameDay,
  type LedgerPlayerDay,
  type RollupReads,
} from './rollup-reads.ts';
export type { LedgerFindings, OpenBet, RoundPostingResult, StatementLine, WalletService } from './service.ts';
export { sessionReference } from './session-reference.ts';
export { STUDIO_PROVIDER } from './signature.ts';
export {
  createWalletPlayerReads,
  type WalletPlayerReads,
  type WalletPlayerRound,
} from './staff-player-reads.ts';
