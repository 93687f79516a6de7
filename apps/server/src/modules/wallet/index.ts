// The wallet's public surface: what other modules may use. Its tables and internals stay its own.
export { createHttpWalletClient, createInProcessWalletClient, type WalletClient } from './client.ts';
export { isWalletError, WalletError } from './errors.ts';
export {
  createRollupReads,
  type LedgerGameDay,
  type LedgerPlayerDay,
  type RollupReads,
} from './rollup-reads.ts';
export type { LedgerFindings, OpenBet, WalletService } from './service.ts';
export { sessionReference } from './session-reference.ts';
export { STUDIO_PROVIDER } from './signature.ts';
export {
  createWalletPlayerReads,
  type WalletPlayerReads,
  type WalletPlayerRound,
} from './staff-player-reads.ts';
