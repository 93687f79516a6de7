// The audit log's public surface: modules record staff actions through its service; the back office's audit
// area (backoffice/areas/audit) reads it.
export type { AuditFilters, AuditRecord, AuditService, StaffAuditActor } from './service.ts';
export { createAuditTimeline } from './staff-timeline.ts';
