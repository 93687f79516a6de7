import { staffDecisionBodySchema, staffIdParamsSchema } from '@paws/contracts/staff-money';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { type CsvColumn, sendList } from '../../lib/staff-lists.ts';
import type { AuditService } from '../audit/index.ts';
import type { IdentityService } from '../identity/index.ts';
import { actorOf } from '../staff/index.ts';
import { type People, peopleOf } from './people.ts';

/** The staff member deciding, as the owning module's review calls take them: audited in their transaction. */
export interface Decider {
  id: string;
  audit(
    tx: DbOrTx,
    entry: { action: string; targetId: string; before: unknown; after: unknown },
  ): Promise<unknown>;
}

/**
 * One review queue of the back office (withdrawals, verifications, adjustments): the owning module keeps the
 * rows and the decisions; the queue names the people on them, pages, exports and audits.
 */
export interface ReviewQueue<Row, Shown, Query extends object> {
  tags: string[];
  /** The CSV file's name. */
  name: string;
  /** The path of the negative decision: /:id/decline or /:id/reject. */
  refuse: 'decline' | 'reject';
  schemas: { query: z.ZodType<Query>; page: z.ZodType; item: z.ZodType<Shown> };
  summaries: { list: string; one: string; approve: string; refuse: string };
  columns: CsvColumn<Shown>[];
  notFound: string;
  list(query: Query & { page: number; limit: number }): Promise<{ items: Row[]; total: number }>;
  one(id: string): Promise<Row | undefined>;
  approve(id: string, decider: Decider): Promise<unknown>;
  refuseWith(id: string, reason: string, decider: Decider): Promise<unknown>;
  /** Every account id a row names (player, requester, reviewer). */
  peopleIn(row: Row): (string | null)[];
  present(rows: Row[], people: People): Shown[] | Promise<Shown[]>;
}

/** The staff member of a request as a Decider whose audit rows go through the audit log. */
export function deciderOf(request: FastifyRequest, audit: AuditService): Decider {
  const actor = actorOf(request);
  return {
    id: actor.actorId,
    audit: (tx, entry) => audit.record({ ...actor, targetType: entry.action.split('.')[0]!, ...entry }, tx),
  };
}

/** Reads a queue's rows with their people named. */
export function queueReads<Row, Shown, Query extends object>(
  queue: ReviewQueue<Row, Shown, Query>,
  identity: Pick<IdentityService, 'userData'>,
) {
  const present = async (rows: Row[]) =>
    queue.present(rows, await peopleOf(identity, rows.flatMap(queue.peopleIn)));
  const one = async (id: string) => {
    const row = await queue.one(id);
    if (!row) throw notFound(queue.notFound);
    return (await present([row]))[0]!;
  };
  return { present, one };
}

/** GET /, GET /:id, POST /:id/approve and POST /:id/<refuse> of a review queue. */
export function reviewQueueRoutes<Row, Shown, Query extends object>(
  app: FastifyInstance,
  queue: ReviewQueue<Row, Shown, Query>,
  { identity, audit }: { identity: Pick<IdentityService, 'userData'>; audit: AuditService },
) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const { tags } = queue;
  // The queue's own schemas check every answer; its generic types would only blur Fastify's inference.
  const item = { 200: queue.schemas.item as z.ZodTypeAny };
  const page = { 200: queue.schemas.page as z.ZodTypeAny };
  const reads = queueReads(queue, identity);
  const pageOf = async (query: Query, number: number, limit: number) => {
    const { items, total } = await queue.list({ ...query, page: number, limit });
    return { items: await reads.present(items), total };
  };

  route.get(
    '/',
    { schema: { tags, summary: queue.summaries.list, querystring: queue.schemas.query, response: page } },
    async (request, reply) => {
      const query = request.query as Query & { page: number; limit: number; format: 'json' | 'csv' };
      return sendList(reply, query, (number, limit) => pageOf(query, number, limit), {
        name: queue.name,
        columns: queue.columns,
      });
    },
  );
  route.get(
    '/:id',
    { schema: { tags, summary: queue.summaries.one, params: staffIdParamsSchema, response: item } },
    async (request) => reads.one(request.params.id),
  );
  route.post(
    '/:id/approve',
    { schema: { tags, summary: queue.summaries.approve, params: staffIdParamsSchema, response: item } },
    async (request) => {
      await queue.approve(request.params.id, deciderOf(request, audit));
      return reads.one(request.params.id);
    },
  );
  route.post(
    `/:id/${queue.refuse}`,
    {
      schema: {
        tags,
        summary: queue.summaries.refuse,
        params: staffIdParamsSchema,
        body: staffDecisionBodySchema,
        response: item,
      },
    },
    async (request) => {
      await queue.refuseWith(request.params.id, request.body.reason, deciderOf(request, audit));
      return reads.one(request.params.id);
    },
  );
  return reads;
}
