// Identity's public surface: the signed-in user's shape, the account reads and the staff-role store other
// modules may use.
export type { StaffRoleRepository } from './repository.ts';
export type { AccountSummary, IdentityService } from './service.ts';
export type { AuthUser } from './sessions.ts';
