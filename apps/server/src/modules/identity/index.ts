// Identity's public surface: the signed-in user's shape and the account reads other modules may use.
export type { AccountSummary, IdentityService } from './service.ts';
export type { AuthUser } from './sessions.ts';
