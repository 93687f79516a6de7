import { playerIdParamsSchema } from '@paws/contracts/staff-players';
import { staffTimelinePageSchema, staffTimelineQuerySchema } from '@paws/contracts/staff-timeline';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BackOfficeDeps } from '../../deps.ts';
import type { PlayersDesk } from './desk.ts';
import { createPlayerTimeline } from './timeline.ts';

/** GET /api/staff/players/:id/timeline: the player's story from every module, newest first, by time. */
export function playerTimelineRoutes(app: FastifyInstance, deps: BackOfficeDeps, desk: PlayersDesk) {
  const timeline = createPlayerTimeline({ db: app.database.db, identity: deps.identity });
  app.withTypeProvider<ZodTypeProvider>().get(
    '/:id/timeline',
    {
      schema: {
        tags: ['staff: players'],
        summary:
          "The player's timeline: sign-ins, payments, bets by day, bonuses, tickets, bans, notes and staff actions, newest first; the next page with before=nextBefore",
        params: playerIdParamsSchema,
        querystring: staffTimelineQuerySchema,
        response: { 200: staffTimelinePageSchema },
      },
    },
    async (request) => {
      await desk.assertPlayer(request.params.id);
      return timeline(request.params.id, request.query);
    },
  );
}
