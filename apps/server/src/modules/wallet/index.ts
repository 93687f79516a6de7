// The wallet's public surface: what other modules may use. Its tables and internals stay its own.
export { createHttpWalletClient, createInProcessWalletClient, type WalletClient } from './client.ts';
export { isWalletError, WalletError } from './errors.ts';
export type { LedgerFindings, OpenBet, WalletService } from './service.ts';
export { sessionReference } from './session-reference.ts';
export { STUDIO_PROVIDER } from './signature.ts';
