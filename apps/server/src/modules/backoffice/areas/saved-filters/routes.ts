import {
  savedFilterParamsSchema,
  savedFilterSchema,
  savedFiltersListSchema,
  savedFiltersQuerySchema,
  saveFilterBodySchema,
} from '@paws/contracts/staff-saved-filters';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { staffOf } from '../../../staff/index.ts';
import type { AreaOptions } from '../../deps.ts';

/** The signed-in staff member's saved filters of a queue: list, save (or replace by name), remove. */
export async function savedFiltersRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const filters = deps.staffSavedFilters;

  route.get(
    '/',
    {
      schema: {
        tags: ['staff'],
        summary: "The staff member's own saved filters of a queue, by name",
        querystring: savedFiltersQuerySchema,
        response: { 200: savedFiltersListSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return filters.list(staffOf(request).id, request.query.queue);
    },
  );

  route.put(
    '/',
    {
      schema: {
        tags: ['staff'],
        summary: "Saves a queue's filters under a name (the same name replaces them); at most 20 a queue",
        body: saveFilterBodySchema,
        response: { 200: savedFilterSchema },
      },
    },
    async (request) => filters.save(staffOf(request).id, request.body),
  );

  route.delete(
    '/:id',
    {
      schema: {
        tags: ['staff'],
        summary: 'Removes one of the staff member’s own saved filters',
        params: savedFilterParamsSchema,
      },
    },
    async (request, reply) => {
      await filters.remove(staffOf(request).id, request.params.id);
      return reply.status(204).send();
    },
  );
}
