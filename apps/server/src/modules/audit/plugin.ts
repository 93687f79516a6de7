import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AuditService, createAuditService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The append-only audit log: every staff action records one row through it. */
    audit: AuditService;
  }
}

/** app.audit, for every module with staff actions; the back office reads it through staff/areas/audit. */
export const audit = fp(
  async (app: FastifyInstance) => {
    app.decorate('audit', createAuditService(app.database.db));
  },
  { name: 'audit', dependencies: ['database'] },
);
