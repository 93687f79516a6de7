import { endSessionsBodySchema, endSessionsResponseSchema } from '@paws/contracts/staff-factors';
import {
  addNoteBodySchema,
  banBodySchema,
  playerIdParamsSchema,
  playerNoteSchema,
  playerNotesPageSchema,
  playerNotesQuerySchema,
  staffBanSchema,
  unbanBodySchema,
  unbanResponseSchema,
} from '@paws/contracts/staff-players';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendList } from '../../../../lib/staff-lists.ts';
import { actorOf } from '../../../staff/index.ts';
import type { BackOfficeDeps } from '../../deps.ts';
import type { PlayersDesk } from './desk.ts';

const tags = ['staff: players'];
const params = playerIdParamsSchema;

/** The player page's writes: staff notes, ban, unban and sign out everywhere, each audited in its transaction. */
export function playerActionRoutes(app: FastifyInstance, deps: BackOfficeDeps, desk: PlayersDesk) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const notes = deps.playerNotes;

  route.get(
    '/:id/notes',
    {
      schema: {
        tags,
        summary: 'Staff notes on the player, newest first; CSV with format=csv',
        params,
        querystring: playerNotesQuerySchema,
        response: { 200: playerNotesPageSchema },
      },
    },
    async (request, reply) => {
      await desk.assertPlayer(request.params.id);
      return sendList(
        reply,
        request.query,
        (page, limit) => notes.list(request.params.id, { ...request.query, page, limit }),
        {
          name: `player-${request.params.id}-notes`,
          columns: [
            { header: 'createdAt', value: (row) => row.createdAt },
            { header: 'author', value: (row) => row.authorEmail ?? row.authorId },
            { header: 'body', value: (row) => row.body },
          ],
        },
      );
    },
  );

  route.post(
    '/:id/notes',
    {
      schema: {
        tags,
        summary: 'Adds a staff note on the player (audited)',
        params,
        body: addNoteBodySchema,
        response: { 201: playerNoteSchema },
      },
    },
    async (request, reply) => {
      await desk.assertPlayer(request.params.id);
      return reply.status(201).send(await notes.add(actorOf(request), request.params.id, request.body.body));
    },
  );

  route.post(
    '/:id/ban',
    {
      schema: {
        tags,
        summary:
          'Bans the player from now until endsAt (null: permanent), replacing a ban in force; the next request of every session answers 403 with the ban',
        params,
        body: banBodySchema,
        response: { 201: staffBanSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await deps.identity.banPlayer(actorOf(request), request.params.id, request.body)),
  );

  route.post(
    '/:id/unban',
    {
      schema: {
        tags,
        summary: "Lifts the player's ban (409 when none is in force); their sessions carry on",
        params,
        body: unbanBodySchema,
        response: { 200: unbanResponseSchema },
      },
    },
    async (request) => ({
      lifted: await deps.identity.unbanPlayer(actorOf(request), request.params.id, request.body.reason),
    }),
  );

  route.post(
    '/:id/sign-out',
    {
      schema: {
        tags,
        summary:
          "Sign out everywhere, with a reason: every live session of the player ends as on the 'Sign-in security' tab (audited players.sessions_end_all, sockets closed), and a staff account's back-office sessions too",
        params,
        body: endSessionsBodySchema,
        response: { 200: endSessionsResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      // The one way to end all of an account's sessions (the security tab's), so sockets drop at once.
      const result = await deps.identity.playerSecurity.endSessions(
        actorOf(request),
        id,
        null,
        request.body.reason,
      );
      // A staff member's back-office sessions end too: everywhere means everywhere.
      await deps.staffAuth.endSessionsOf(id);
      return result;
    },
  );
}
