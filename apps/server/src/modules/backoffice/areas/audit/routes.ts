import { apiErrorSchema } from '@paws/contracts/errors';
import { auditListQuerySchema, staffAuditPageSchema } from '@paws/contracts/staff-audit';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendList } from '../../../../lib/staff-lists.ts';
import { createAccountDirectory } from '../../../identity/index.ts';
import type { AreaOptions } from '../../deps.ts';

const csvJson = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The audit log screen's list, under /api/staff/audit: filters, paging, time order, CSV. */
export async function auditAreaRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const directory = createAccountDirectory(app.database.db);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/',
    {
      schema: {
        tags: ['staff'],
        summary: 'The audit log by who, action, target and time, newest first; CSV with format=csv',
        querystring: auditListQuerySchema,
        response: {
          200: staffAuditPageSchema.or(z.string()),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { who, action, targetType, targetId, dateFrom, dateTo, order } = request.query;
      // An e-mail names an account; an e-mail nobody has matches nothing.
      const actorId = who?.includes('@') ? await directory.idByEmail(who) : who;
      const fetchPage = async (page: number, limit: number) => {
        if (who && !actorId) return { items: [], total: 0 };
        const found = await deps.audit.search(
          { actorId, action, targetType, targetId, dateFrom, dateTo },
          { page, limit, order },
        );
        const emails = await directory.emailsOf(
          found.items.flatMap((entry) => (entry.actorId ? [entry.actorId] : [])),
        );
        return {
          items: found.items.map((entry) => ({
            ...entry,
            actorEmail: entry.actorId ? (emails.get(entry.actorId) ?? null) : null,
          })),
          total: found.total,
        };
      };
      return sendList(reply, request.query, fetchPage, {
        name: 'audit-log',
        columns: [
          { header: 'At', value: (row) => row.at },
          { header: 'Actor id', value: (row) => row.actorId },
          { header: 'Actor e-mail', value: (row) => row.actorEmail },
          { header: 'Actor roles', value: (row) => row.actorRoles.join(' ') },
          { header: 'Action', value: (row) => row.action },
          { header: 'Target type', value: (row) => row.targetType },
          { header: 'Target id', value: (row) => row.targetId },
          { header: 'Before', value: (row) => csvJson(row.before) },
          { header: 'After', value: (row) => csvJson(row.after) },
          { header: 'IP', value: (row) => row.ip },
        ],
      });
    },
  );
}
