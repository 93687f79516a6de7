// The staff module's public surface: who a back-office request's staff member is, and the session figures
// the back office's sign-in routes answer with.
export { actorOf, type StaffActor, staffOf } from './access.ts';
export { STAFF_SESSION_MAX_MS, type StaffAuth } from './auth/service.ts';
export type { StaffMembers } from './members.ts';
export type { StaffSavedFilters } from './saved-filters.ts';
export type { StaffService } from './service.ts';
