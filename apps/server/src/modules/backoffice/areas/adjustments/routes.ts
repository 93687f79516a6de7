import {
  ADJUSTMENT_IDEMPOTENCY_HEADER,
  type AdjustmentsListQuery,
  adjustmentHeadersSchema,
  adjustmentRequestSchema,
  adjustmentsListQuerySchema,
  adjustmentsPageSchema,
  staffMoneyMessages as messages,
  type StaffAdjustment,
  staffAdjustmentSchema,
} from '@paws/contracts/staff-money';
import { fromMinor, toMinor } from '@paws/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError, badRequest } from '../../../../lib/errors.ts';
import type { AdjustmentActor, StaffAdjustmentRow } from '../../../wallet/index.ts';
import type { AreaOptions, BackOfficeDeps } from '../../deps.ts';
import { type Decider, deciderOf, type ReviewQueue, reviewQueueRoutes } from '../../review-queue.ts';

const tags = ['staff: adjustments'];

/** The wallet's adjustments take the deciding staff member with the audit of each step. */
const asActor = (decider: Decider): AdjustmentActor => ({
  id: decider.id,
  audit: (tx, entry) => decider.audit(tx, entry),
});

function adjustmentsQueue({
  balanceAdjustments: adjustments,
}: BackOfficeDeps): ReviewQueue<StaffAdjustmentRow, StaffAdjustment, AdjustmentsListQuery> {
  return {
    tags,
    name: 'adjustments',
    refuse: 'reject',
    schemas: { query: adjustmentsListQuerySchema, page: adjustmentsPageSchema, item: staffAdjustmentSchema },
    summaries: {
      list: 'Adjustments by status, player and dates; CSV with format=csv',
      one: 'One adjustment',
      approve:
        'Approves a pending adjustment (not your own): it posts, once (409 when decided or the balance is short)',
      refuse: 'Rejects a pending adjustment (not your own) with a reason; nothing moves',
    },
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
    notFound: messages.adjustmentNotFound,
    list: (query) => adjustments.list(query),
    one: (id) => adjustments.byId(id),
    approve: (id, decider) => adjustments.approve(id, asActor(decider)),
    refuseWith: (id, reason, decider) => adjustments.reject(id, reason, asActor(decider)),
    peopleIn: (row) => [row.playerId, row.requestedBy, row.decidedBy],
    present: (rows, people) =>
      rows.map((row) => ({
        id: row.id,
        player: people.player(row.playerId),
        currency: row.currencyCode,
        amount: fromMinor(row.amount, row.currencyCode),
        reasonCode: row.reasonCode,
        note: row.note,
        status: row.status,
        needsApproval: row.needsApproval,
        requestedBy: people.actor(row.requestedBy)!,
        requestedAt: row.createdAt.toISOString(),
        decidedBy: people.actor(row.decidedBy),
        decidedAt: row.decidedAt?.toISOString() ?? null,
        rejectReason: row.rejectReason,
        postedAt: row.postedAt?.toISOString() ?? null,
        ledgerTransactionId: row.ledgerTransactionId,
        balanceAfter: row.balanceAfter === null ? null : fromMinor(row.balanceAfter, row.currencyCode),
      })),
  };
}

/**
 * Balance adjustments under /api/staff/adjustments: requested by adjustments.request (posted at once at or
 * below the currency's threshold), approved or rejected by a different staff member with adjustments.approve.
 * The wallet owns them (modules/wallet/adjustments); this area names the people and audits.
 */
export async function adjustmentsRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const reads = reviewQueueRoutes(app, adjustmentsQueue(deps), deps);

  app.withTypeProvider<ZodTypeProvider>().post(
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
      const body = request.body;
      const amount = toMinor(body.amount, body.currency);
      if (amount === null || amount === 0) {
        throw badRequest(
          body.currency === 'FREE_SPINS' ? messages.amountWhole : messages.amountPlaces,
          'amount',
        );
      }
      if (!(await deps.identity.accountOf(body.playerId)))
        throw new AppError(404, messages.playerNotFound, 'playerId');
      const { created, row } = await deps.balanceAdjustments.request(
        { ...body, amount },
        asActor(deciderOf(request, deps.audit)),
        request.headers[ADJUSTMENT_IDEMPOTENCY_HEADER],
      );
      const [adjustment] = await reads.present([row]);
      return reply.status(created ? 201 : 200).send(adjustment!);
    },
  );
}
