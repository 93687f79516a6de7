import {
  rtpQuerySchema,
  rtpReportSchema,
  type StaffGame,
  staffGameListQuerySchema,
  staffGameParamsSchema,
  staffGameSchema,
  staffGameUpdateSchema,
} from '@paws/contracts/staff-reports';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CsvColumn, sendList } from '../../../../lib/staff-lists.ts';
import { createGamesAdmin } from '../../../catalog/index.ts';
import { actorOf } from '../../../staff/index.ts';
import type { AreaOptions } from '../../deps.ts';

const columns: CsvColumn<StaffGame>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'provider', value: (row) => row.providerCode },
  { header: 'gameCode', value: (row) => row.gameCode },
  { header: 'name', value: (row) => row.name },
  { header: 'category', value: (row) => row.category },
  { header: 'kind', value: (row) => row.kind },
  { header: 'enabled', value: (row) => String(row.enabled) },
  { header: 'order', value: (row) => row.order },
  { header: 'recommended', value: (row) => String(row.recommended) },
  { header: 'updatedAt', value: (row) => row.updatedAt },
];

/** The catalogue's settings and the RTP report, under /api/staff/games. */
export async function gamesRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const games = createGamesAdmin(app.database.db, app.changes);

  route.get(
    '/',
    {
      schema: {
        tags: ['staff'],
        summary: 'Every catalogue game with its settings, enabled or not; CSV with format=csv',
        querystring: staffGameListQuerySchema,
      },
    },
    async (request, reply) =>
      sendList(reply, request.query, (page, limit) => games.list(request.query, page, limit), {
        name: 'games',
        columns,
      }),
  );

  route.get(
    '/rtp',
    {
      schema: {
        tags: ['staff'],
        summary: 'Documented RTP beside the observed one per game, with rounds and a 95% interval',
        querystring: rtpQuerySchema,
        response: { 200: rtpReportSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return deps.reports.rtp(request.query);
    },
  );

  route.patch(
    '/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Enables or disables a game, or changes its order, category or recommended flag; audited',
        params: staffGameParamsSchema,
        body: staffGameUpdateSchema,
        response: { 200: staffGameSchema },
      },
    },
    async (request) =>
      games.update(request.params.id, request.body, (tx, { before, after }) =>
        deps.audit.record(
          {
            ...actorOf(request),
            action: 'games.update',
            targetType: 'game',
            targetId: after.id,
            before,
            after,
          },
          tx,
        ),
      ),
  );
}
