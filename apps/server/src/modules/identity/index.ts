// Identity's public surface: the signed-in user's shape, the account reads and the staff-role store other
// modules may use.

export { bannedError } from './bans.ts';
export type { PlayerDevice } from './devices.ts';
export { type AccountDirectory, createAccountDirectory } from './directory.ts';
export type { StaffRoleRepository } from './repository.ts';
export type { AccountSummary, IdentityService } from './service.ts';
export type { AuthUser } from './sessions.ts';
export type { StaffActorRef } from './staff-actions.ts';
export { createStaffCredentials, type StaffAccount, type StaffCredentials } from './staff-credentials.ts';
