import {
  staffDecisionBodySchema,
  staffIdParamsSchema,
  staffWithdrawalSchema,
  withdrawalsListQuerySchema,
  withdrawalsPageSchema,
} from '@paws/contracts/staff-money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendList } from '../../lists.ts';
import { createWithdrawalsDesk } from './service.ts';

const tags = ['staff: withdrawals'];

/**
 * The withdrawals queue under /api/staff/withdrawals (withdrawals.review): every withdrawal waits here with
 * its funds held; Approve asks the provider for the payout, Decline returns the funds. Both are audited.
 */
export async function withdrawalsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const desk = createWithdrawalsDesk(app);

  route.get(
    '/',
    {
      schema: {
        tags,
        summary:
          'Withdrawals by review state (default: awaiting review), with risk badges; CSV with format=csv',
        querystring: withdrawalsListQuerySchema,
        response: { 200: withdrawalsPageSchema },
      },
    },
    async (request, reply) =>
      sendList(reply, request.query, (page, limit) => desk.list(request.query, page, limit), {
        name: 'withdrawals',
        columns: [
          { header: 'id', value: (row) => row.id },
          { header: 'playerId', value: (row) => row.player.id },
          { header: 'playerEmail', value: (row) => row.player.email },
          { header: 'amount', value: (row) => row.amount },
          { header: 'currency', value: (row) => row.currency },
          { header: 'paymentMethod', value: (row) => row.paymentMethod },
          { header: 'status', value: (row) => row.status },
          { header: 'review', value: (row) => row.review },
          { header: 'requestedAt', value: (row) => row.requestedAt },
          { header: 'waitingSeconds', value: (row) => row.waitingSeconds },
          { header: 'badges', value: (row) => row.badges.join(' ') },
          { header: 'reviewedBy', value: (row) => row.reviewedBy?.email ?? row.reviewedBy?.id },
          { header: 'reviewedAt', value: (row) => row.reviewedAt },
          { header: 'reason', value: (row) => row.reason },
        ],
      }),
  );

  route.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One withdrawal with its risk badges',
        params: staffIdParamsSchema,
        response: { 200: staffWithdrawalSchema },
      },
    },
    async (request) => desk.one(request.params.id),
  );

  route.post(
    '/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approves a withdrawal: the payout is asked of the provider (409 when already reviewed)',
        params: staffIdParamsSchema,
        response: { 200: staffWithdrawalSchema },
      },
    },
    async (request) => desk.approve(request, request.params.id),
  );

  route.post(
    '/:id/decline',
    {
      schema: {
        tags,
        summary:
          'Declines a withdrawal with a reason the player is told; the held funds return (409 when reviewed)',
        params: staffIdParamsSchema,
        body: staffDecisionBodySchema,
        response: { 200: staffWithdrawalSchema },
      },
    },
    async (request) => desk.decline(request, request.params.id, request.body.reason),
  );
}
