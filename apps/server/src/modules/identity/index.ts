// Identity's public surface: the signed-in user's shape, the account reads and the staff-role store other
// modules may use.

export { bannedMay, userOf } from './authenticate.ts';
export { bannedError, liveBanExistsText } from './bans.ts';
export type { PlayerDevice } from './devices.ts';
export { type AccountDirectory, createAccountDirectory } from './directory.ts';
export type { NoteActor, PlayerNotes } from './player-notes.ts';
export type { StaffRoleRepository } from './repository.ts';
export type { AccountSummary, IdentityService } from './service.ts';
export type { AuthUser } from './sessions.ts';
export type { GateAccount, SignInGate } from './sign-in-gate.ts';
export { type SocketAuthData, type SocketRefusal, socketRefusal } from './socket-auth.ts';
export type { StaffActorRef } from './staff-actions.ts';
export { createStaffCredentials, type StaffAccount, type StaffCredentials } from './staff-credentials.ts';
export { createIdentityTimeline } from './staff-timeline.ts';
export { STEP_UP_WINDOW_MS, type StepUpGuard, stepUpRequiredError } from './step-up.ts';
