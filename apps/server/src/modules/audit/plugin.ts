import { defineModule } from '../../core/module.ts';
import { type AuditService, createAuditService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The append-only audit log: every staff action records one row through it. */
    audit: AuditService;
  }
}

/** app.audit, for every module with staff actions; the back office reads it in its audit area. */
export const audit = defineModule({
  name: 'audit',
  provides: ['audit'],
  uses: [],
  async register(app) {
    app.decorate('audit', createAuditService(app.database.db));
  },
});
