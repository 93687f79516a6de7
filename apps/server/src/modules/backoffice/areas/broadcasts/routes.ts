import { apiErrorSchema } from '@paws/contracts/errors';
import {
  broadcastComposeSchema,
  broadcastListQuerySchema,
  broadcastPreviewSchema,
  broadcastSegmentLabels,
  staffBroadcastPageSchema,
  staffBroadcastSchema,
} from '@paws/contracts/staff-promotions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendList } from '../../../../lib/staff-lists.ts';
import { actorOf } from '../../../staff/index.ts';
import type { AreaOptions } from '../../deps.ts';

const tags = ['staff'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };

/** Advertising broadcasts, under /api/staff/broadcasts: preview, send (a job), history. */
export async function broadcastsRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post(
    '/preview',
    {
      schema: {
        tags,
        summary:
          'How many players the broadcast would reach and the notification they would read; sends nothing',
        body: broadcastComposeSchema,
        response: { 200: broadcastPreviewSchema, ...errors },
      },
    },
    async (request) => deps.notifications.previewBroadcast(request.body),
  );

  route.post(
    '/',
    {
      schema: {
        tags,
        summary:
          'Sends an ADVERTISING notification to a segment (queued; a job writes it); audited (broadcast.send)',
        body: broadcastComposeSchema,
        response: { 202: staffBroadcastSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(await deps.notifications.sendBroadcast(actorOf(request), request.body)),
  );

  route.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Broadcasts sent: who, when, segment, title, recipients, status; CSV with format=csv',
        querystring: broadcastListQuerySchema,
        response: { 200: staffBroadcastPageSchema.or(z.string()), ...errors },
      },
    },
    async (request, reply) =>
      sendList(
        reply,
        request.query,
        (page, limit) => deps.notifications.listBroadcasts(request.query, page, limit),
        {
          name: 'broadcasts',
          columns: [
            { header: 'Created at', value: (row) => row.createdAt },
            { header: 'Sent by', value: (row) => row.createdByEmail ?? row.createdBy },
            {
              header: 'Segment',
              value: (row) =>
                row.segment === 'ACTIVE'
                  ? `Players active in the last ${row.activeDays} days`
                  : broadcastSegmentLabels[row.segment],
            },
            { header: 'Title', value: (row) => row.title },
            { header: 'Message', value: (row) => row.message },
            { header: 'Recipients', value: (row) => row.recipients },
            { header: 'Status', value: (row) => row.status },
            { header: 'Sent at', value: (row) => row.sentAt },
          ],
        },
      ),
  );
}
