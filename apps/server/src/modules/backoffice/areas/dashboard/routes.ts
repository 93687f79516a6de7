import { dashboardSchema } from '@paws/contracts/staff-reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AreaOptions } from '../../deps.ts';

/** The dashboard, under /api/staff/dashboard: money and play today and over 30 days, and what waits. */
export async function dashboardRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  route.get(
    '/',
    {
      schema: {
        tags: ['staff'],
        summary:
          'Deposits, withdrawals, stakes, wins, GGR, NGR and active players today and over 30 days (USD)',
        response: { 200: dashboardSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const [dashboard, openTickets] = await Promise.all([
        deps.reports.dashboard(),
        deps.tickets.openCount(),
      ]);
      return { ...dashboard, openTickets };
    },
  );
}
