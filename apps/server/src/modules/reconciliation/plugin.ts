import { defineModule } from '../../core/module.ts';
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
export const reconciliation = defineModule({
  name: 'reconciliation',
  provides: ['reconciliation'],
  uses: ['wallet', 'studio', 'payments'],
  async register(app, { wallet, studio, payments }) {
    const service = createReconciliationService({
      db: app.database.db,
      wallet,
      roundStates: (roundIds) => studio.service.roundStates(roundIds),
      pendingPayments: (before) => payments.pendingSince(before),
      log: app.log,
    });
    app.decorate('reconciliation', service);
    if (!app.serves('reconciliation')) return;
    await app.jobs.define({ name: RUN_JOB, handler: async () => void (await service.run()) });
    await app.jobs.schedule(RUN_JOB, '*/5 * * * *');
  },
});
