// The audit log's public surface: modules record staff actions through its service; admins read it here.
export { auditRoutes } from './routes.ts';
export type { AuditService } from './service.ts';
