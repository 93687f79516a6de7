import {
  ADJUSTMENT_IDEMPOTENCY_HEADER,
  adjustmentHeadersSchema,
  adjustmentRequestSchema,
  adjustmentsListQuerySchema,
  adjustmentsPageSchema,
  staffAdjustmentSchema,
  staffDecisionBodySchema,
  staffIdParamsSchema,
} from '@paws/contracts/staff-money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendList } from '../../lists.ts';
import { createAdjustmentsDesk } from './service.ts';

const tags = ['staff: adjustments'];

/**
 * Balance adjustments under /api/staff/adjustments: requested by adjustments.request (posted at once at or
 * below the currency's threshold), approved or rejected by a different staff member with adjustments.approve.
 */
export async function adjustmentsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const desk = createAdjustmentsDesk(app);

  route.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Adjustments by status, player and dates; CSV with format=csv',
        querystring: adjustmentsListQuerySchema,
        response: { 200: adjustmentsPageSchema },
      },
    },
    async (request, reply) =>
      sendList(reply, request.query, (page, limit) => desk.list(request.query, page, limit), {
        name: 'adjustments',
        columns: [
          { header: 'id', value: (row) => row.id },
          { header: 'playerId', value: (row) => row.player.id },
          { header: 'playerEmail', value: (row) => row.player.email },
          { header: 'currency', value: (row) => row.currency },
          { header: 'amount', value: (row) => row.amount },
          { header: 'reasonCode', value: (row) => row.reasonCode },
          { header: 'note', value: (row) => row.note },
          { header: 'status', value: (row) => row.status },
          { header: 'needsApproval', value: (row) => row.needsApproval },
          { header: 'requestedBy', value: (row) => row.requestedBy.email ?? row.requestedBy.id },
          { header: 'requestedAt', value: (row) => row.requestedAt },
          { header: 'decidedBy', value: (row) => row.decidedBy?.email ?? row.decidedBy?.id },
          { header: 'decidedAt', value: (row) => row.decidedAt },
          { header: 'rejectReason', value: (row) => row.rejectReason },
          { header: 'postedAt', value: (row) => row.postedAt },
          { header: 'ledgerTransactionId', value: (row) => row.ledgerTransactionId },
        ],
      }),
  );

  route.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One adjustment',
        params: staffIdParamsSchema,
        response: { 200: staffAdjustmentSchema },
      },
    },
    async (request) => desk.one(request.params.id),
  );

  route.post(
    '/',
    {
      schema: {
        tags,
        summary:
          "Requests an adjustment of a player's balance: posted at once at or below the threshold (201), else PENDING for a second staff member",
        body: adjustmentRequestSchema,
        headers: adjustmentHeadersSchema,
        response: { 200: staffAdjustmentSchema, 201: staffAdjustmentSchema },
      },
    },
    async (request, reply) => {
      const { created, adjustment } = await desk.request(
        request,
        request.body,
        request.headers[ADJUSTMENT_IDEMPOTENCY_HEADER],
      );
      return reply.status(created ? 201 : 200).send(adjustment);
    },
  );

  route.post(
    '/:id/approve',
    {
      schema: {
        tags,
        summary:
          'Approves a pending adjustment (not your own): it posts, once (409 when decided or the balance is short)',
        params: staffIdParamsSchema,
        response: { 200: staffAdjustmentSchema },
      },
    },
    async (request) => desk.approve(request, request.params.id),
  );

  route.post(
    '/:id/reject',
    {
      schema: {
        tags,
        summary: 'Rejects a pending adjustment (not your own) with a reason; nothing moves',
        params: staffIdParamsSchema,
        body: staffDecisionBodySchema,
        response: { 200: staffAdjustmentSchema },
      },
    },
    async (request) => desk.reject(request, request.params.id, request.body.reason),
  );
}
