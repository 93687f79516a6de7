import { limitsOverviewSchema } from '@paws/contracts/responsible-gaming';
import { playerIdParamsSchema, staffPlayerMessages } from '@paws/contracts/staff-players';
import {
  flaggedPageSchema,
  flaggedQuerySchema,
  harmRunSchema,
  recordContactSchema,
  rgContactSchema,
  staffRgPlayerSchema,
  staffSetLimitSchema,
} from '@paws/contracts/staff-responsible-gaming';
import { toMinor } from '@paws/contracts/wallet';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { sendList } from '../../lib/staff-lists.ts';
import type { AuditService } from '../audit/index.ts';
import { createAccountDirectory, type IdentityService } from '../identity/index.ts';
import { actorOf } from '../staff/index.ts';
import { createPlaySessions } from './play-session.ts';
import type { ResponsibleGamingService } from './service.ts';
import { createRgStaffActions } from './staff-actions.ts';
import { createRgStaffReads } from './staff-reads.ts';

const tags = ['staff: responsible gaming'];
const params = playerIdParamsSchema;

export interface RgStaffRouteDeps {
  responsibleGaming: ResponsibleGamingService;
  identity: IdentityService;
  audit: AuditService;
}

/**
 * The back office's responsible gaming under /api/staff/responsible-gaming (the route table gives each its
 * permission): a player's card, a lower limit on their behalf, contacts, the players to contact.
 */
export async function responsibleGamingStaffRoutes(app: FastifyInstance, deps: RgStaffRouteDeps) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const service = deps.responsibleGaming;
  const reads = createRgStaffReads({
    db,
    playSessions: createPlaySessions({
      db,
      now: service.now,
      secondsPerMinute: app.env.REALITY_CHECK_MINUTE_SECONDS,
    }),
    service,
    identity: deps.identity,
    directory: createAccountDirectory(db),
  });
  const actions = createRgStaffActions({ db, service, identity: deps.identity, audit: deps.audit, reads });

  route.get(
    '/players/:id',
    {
      schema: {
        tags,
        summary:
          "The player's limits in force and pending, time-outs and self-exclusions, limit history, markers of harm and contacts",
        params,
        response: { 200: staffRgPlayerSchema },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      if (!(await deps.identity.hasAccount(id))) throw notFound(staffPlayerMessages.notFound);
      reply.header('cache-control', 'no-store');
      return reads.player(id);
    },
  );

  route.put(
    '/players/:id/limits',
    {
      schema: {
        tags,
        summary:
          "Sets a new or lower limit on the player's behalf, at once (403 on amount for a raise or an equal one); audited",
        params,
        body: staffSetLimitSchema,
        response: { 200: limitsOverviewSchema },
      },
    },
    async (request) => {
      const { kind, period, amount, reason } = request.body;
      return actions.lowerLimit(actorOf(request), request.params.id, {
        kind,
        period,
        amount: toMinor(amount as number, 'USD') as number,
        reason,
      });
    },
  );

  route.post(
    '/players/:id/contacts',
    {
      schema: {
        tags,
        summary: 'Records a contact with the player about their gambling (channel, outcome, note); audited',
        params,
        body: recordContactSchema,
        response: { 201: rgContactSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await actions.recordContact(actorOf(request), request.params.id, request.body)),
  );

  route.get(
    '/flagged',
    {
      schema: {
        tags,
        summary:
          "The latest scoring's players to contact, highest score first, each with why and their last contact; CSV with format=csv",
        querystring: flaggedQuerySchema,
        response: { 200: flaggedPageSchema },
      },
    },
    async (request, reply) =>
      sendList(reply, request.query, (page, limit) => reads.flagged({ ...request.query, page, limit }), {
        name: 'players-to-contact',
        columns: [
          { header: 'day', value: (row) => row.day },
          { header: 'userId', value: (row) => row.userId },
          { header: 'email', value: (row) => row.email },
          { header: 'username', value: (row) => row.username },
          { header: 'score', value: (row) => row.score },
          { header: 'reasons', value: (row) => row.reasons.map((r) => r.detail).join('; ') },
          { header: 'lastContact', value: (row) => row.lastContact?.at },
        ],
      }),
  );

  route.post(
    '/scores/run',
    {
      schema: {
        tags,
        summary: "Runs today's scoring of the markers of harm now (as the daily job does); audited",
        response: { 201: harmRunSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await actions.runScoring(actorOf(request))),
  );
}
