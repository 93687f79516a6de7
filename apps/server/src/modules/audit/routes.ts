import { auditPageSchema, auditQuerySchema } from '@paws/contracts/staff';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** GET / (mounted at /api/staff/audit, inside the admins' subtree): the log, newest first. */
export async function auditRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      schema: {
        tags: ['staff'],
        summary: 'The audit log, newest first, filtered by actor, action, target and time (admins)',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => app.audit.list(request.query),
  );
}
