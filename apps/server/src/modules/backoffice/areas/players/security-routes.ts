import {
  endSessionsBodySchema,
  endSessionsResponseSchema,
  factorRemovalSchema,
  liveSessionParamsSchema,
  playerFactorsSchema,
  requestFactorRemovalBodySchema,
  staffLiveSessionsSchema,
} from '@paws/contracts/staff-factors';
import { playerIdParamsSchema } from '@paws/contracts/staff-players';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../../staff/index.ts';
import type { BackOfficeDeps } from '../../deps.ts';

const tags = ['staff: players'];
const params = playerIdParamsSchema;

/**
 * The player page's live sessions (end one or all, with a reason) and sign-in factors (never their secrets),
 * and the request to turn a factor off, which another staff member decides (/api/staff/factor-removals).
 */
export function playerSecurityRoutes(app: FastifyInstance, deps: BackOfficeDeps) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const security = deps.identity.playerSecurity;

  route.get(
    '/:id/live-sessions',
    {
      schema: {
        tags,
        summary:
          "The player's live sessions (a sign-in each): device in words, address, first and last activity",
        params,
        response: { 200: staffLiveSessionsSchema },
      },
    },
    async (request) => ({ items: await security.liveSessions(request.params.id) }),
  );

  route.post(
    '/:id/live-sessions/end-all',
    {
      schema: {
        tags,
        summary:
          "Ends every live session of the player, with a reason (audited): each device's next request is refused and its sockets close",
        params,
        body: endSessionsBodySchema,
        response: { 200: endSessionsResponseSchema },
      },
    },
    async (request) => security.endSessions(actorOf(request), request.params.id, null, request.body.reason),
  );

  route.post(
    '/:id/live-sessions/:sessionId/end',
    {
      schema: {
        tags,
        summary:
          "Ends one live session of the player, with a reason (audited): that device's next request is refused and its sockets close",
        params: liveSessionParamsSchema,
        body: endSessionsBodySchema,
        response: { 200: endSessionsResponseSchema },
      },
    },
    async (request) =>
      security.endSessions(
        actorOf(request),
        request.params.id,
        request.params.sessionId,
        request.body.reason,
      ),
  );

  route.get(
    '/:id/factors',
    {
      schema: {
        tags,
        summary: 'The factors the player signs in with (never their secrets) and the requests to remove one',
        params,
        response: { 200: playerFactorsSchema },
      },
    },
    async (request) => security.factorsOf(request.params.id),
  );

  route.post(
    '/:id/factor-removals',
    {
      schema: {
        tags,
        summary:
          'Asks for a factor of the player to be turned off (four eyes: another staff member approves); 409 when it is off or a request already waits',
        params,
        body: requestFactorRemovalBodySchema,
        response: { 201: factorRemovalSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await security.requestRemoval(
            actorOf(request),
            request.params.id,
            request.body.factor,
            request.body.reason,
          ),
        ),
  );
}
