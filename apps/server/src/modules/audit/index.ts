// The audit log's public surface: modules record staff actions through its service; the back office's audit
// area (staff/areas/audit) reads it.
export type { AuditFilters, AuditRecord, AuditService, StaffAuditActor } from './service.ts';
