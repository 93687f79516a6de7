import {
  decideFactorRemovalBodySchema,
  factorRemovalParamsSchema,
  factorRemovalSchema,
  factorRemovalsQuerySchema,
  factorRemovalsSchema,
} from '@paws/contracts/staff-factors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../staff/index.ts';
import type { AreaOptions } from '../../deps.ts';

const tags = ['staff: factor removals'];

/**
 * /api/staff/factor-removals: the queue of requests to turn a player's sign-in factor off, and their
 * decision by a staff member other than the requester (four eyes). Identity owns the requests.
 */
export async function factorRemovalsRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const security = deps.identity.playerSecurity;

  route.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Factor removal requests by status (PENDING by default: the queue, oldest first)',
        querystring: factorRemovalsQuerySchema,
        response: { 200: factorRemovalsSchema },
      },
    },
    async (request) => ({ items: await security.removals(request.query.status) }),
  );

  route.post(
    '/:id/approve',
    {
      schema: {
        tags,
        summary:
          "Approves another staff member's request: the factor is turned off and the player e-mailed and notified (403 for one's own)",
        params: factorRemovalParamsSchema,
        body: decideFactorRemovalBodySchema,
        response: { 200: factorRemovalSchema },
      },
    },
    async (request) => security.approveRemoval(actorOf(request), request.params.id, request.body.reason),
  );

  route.post(
    '/:id/reject',
    {
      schema: {
        tags,
        summary: "Rejects another staff member's request: the factor stays on (403 for one's own)",
        params: factorRemovalParamsSchema,
        body: decideFactorRemovalBodySchema,
        response: { 200: factorRemovalSchema },
      },
    },
    async (request) => security.rejectRemoval(actorOf(request), request.params.id, request.body.reason),
  );
}
