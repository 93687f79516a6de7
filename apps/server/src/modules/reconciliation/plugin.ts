import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createReconciliationService, type ReconciliationService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reconciliation: ReconciliationService;
  }
}

const RUN_JOB = 'reconciliation.run';

/**
 * The ledger reconciliation as `app.reconciliation`: a job every five minutes (once across processes). Its
 * report and the run on demand are the back office's (/api/staff/reconciliation).
 */
export const reconciliation = fp(
  async (app: FastifyInstance) => {
    const service = createReconciliationService({
      db: app.database.db,
      wallet: app.wallet,
      roundStates: (roundIds) => app.studio.service.roundStates(roundIds),
      pendingPayments: (before) => app.payments.pendingSince(before),
      log: app.log,
    });
    app.decorate('reconciliation', service);
    if (!app.serves('reconciliation')) return;
    await app.jobs.define({ name: RUN_JOB, handler: async () => void (await service.run()) });
    await app.jobs.schedule(RUN_JOB, '*/5 * * * *');
  },
  {
    name: 'reconciliation',
    dependencies: ['database', 'backbone', 'wallet', 'studio', 'payments', 'audit'],
  },
);
