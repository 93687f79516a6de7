import { latestReconciliationSchema, reconciliationReportSchema } from '@paws/contracts/reconciliation';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../staff/index.ts';
import type { AreaOptions } from '../../deps.ts';

/** /api/staff/reconciliation: the latest ledger reconciliation, and a run on demand (audited). */
export async function reconciliationRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.get(
    '/latest',
    {
      schema: {
        tags: ['staff'],
        summary: 'The latest ledger reconciliation and its findings',
        response: { 200: latestReconciliationSchema },
      },
    },
    async () => ({ report: await deps.reconciliation.latest() }),
  );
  route.post(
    '/runs',
    {
      schema: {
        tags: ['staff'],
        summary: 'Runs the reconciliation now; audited',
        response: { 201: reconciliationReportSchema },
      },
    },
    async (request, reply) => {
      const report = await deps.reconciliation.run();
      await deps.audit.record({
        ...actorOf(request),
        action: 'reconciliation.run',
        targetType: 'reconciliation',
        targetId: report.runId,
        after: { findingCount: report.findingCount },
      });
      return reply.status(201).send(report);
    },
  );
}
