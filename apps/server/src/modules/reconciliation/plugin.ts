import { apiErrorSchema } from '@paws/contracts/errors';
import { latestReconciliationSchema, reconciliationReportSchema } from '@paws/contracts/reconciliation';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { userOf } from '../../plugins/authenticate.ts';
import { createReconciliationService, type ReconciliationService } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    reconciliation: ReconciliationService;
  }
}

const RUN_JOB = 'reconciliation.run';
export const RECONCILIATION_API = '/api/reconciliation';

/**
 * The ledger reconciliation as `app.reconciliation`: a job every five minutes (once across processes),
 * and for finance and admins the latest report and a run on demand (audited).
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

    await app.register(
      async (routes) => {
        routes.addHook('onRequest', app.authorize('finance', 'admin'));
        const route = routes.withTypeProvider<ZodTypeProvider>();
        const errors = { 401: apiErrorSchema, 403: apiErrorSchema };
        route.get(
          '/latest',
          {
            schema: {
              tags: ['staff'],
              summary: 'The latest ledger reconciliation and its findings (finance, admins)',
              response: { 200: latestReconciliationSchema, ...errors },
            },
          },
          async () => ({ report: await service.latest() }),
        );
        route.post(
          '/runs',
          {
            schema: {
              tags: ['staff'],
              summary: 'Runs the reconciliation now (finance, admins); audited',
              response: { 201: reconciliationReportSchema, ...errors },
            },
          },
          async (request, reply) => {
            const report = await service.run();
            const actor = userOf(request);
            await app.audit.record({
              actorId: actor.id,
              actorRoles: actor.staffRoles,
              action: 'reconciliation.run',
              targetType: 'reconciliation',
              targetId: report.runId,
              after: { findingCount: report.findingCount },
              ip: request.ip,
            });
            return reply.status(201).send(report);
          },
        );
      },
      { prefix: RECONCILIATION_API },
    );
  },
  {
    name: 'reconciliation',
    dependencies: ['database', 'backbone', 'wallet', 'studio', 'payments', 'audit', 'authorize'],
  },
);
