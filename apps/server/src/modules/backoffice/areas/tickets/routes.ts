import fastifyMultipart from '@fastify/multipart';
import { apiErrorSchema } from '@paws/contracts/errors';
import {
  assignTicketBodySchema,
  cannedResponseBodySchema,
  cannedResponseSchema,
  cannedResponsesSchema,
  staffTicketAgentsSchema,
  staffTicketDetailSchema,
  staffTicketsPageSchema,
  staffTicketsQuerySchema,
  ticketNoteBodySchema,
} from '@paws/contracts/staff-tickets';
import { TICKET_FILE_MAX_BYTES, ticketIdParamsSchema } from '@paws/contracts/tickets';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../../../lib/errors.ts';
import { sendList } from '../../../../lib/staff-lists.ts';
import { refuseBadInput } from '../../../../plugins/input-guard.ts';
import { actorOf, staffOf } from '../../../staff/index.ts';
import { malformed } from '../../../tickets/index.ts';
import type { AreaOptions } from '../../deps.ts';

const tags = ['staff'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const changeErrors = { ...errors, 409: apiErrorSchema };
const messageIdParamsSchema = z.object({ messageId: z.uuid({ error: 'messageId must be a uuid' }) });
const cannedIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a uuid' }) });

/** Who acts, for the audit log and the name on replies. */
const deskActorOf = (request: FastifyRequest) => ({ ...actorOf(request), email: staffOf(request).email });

/** A reply's text and its one file (multipart), or a JSON body without a file. */
async function readReply(request: FastifyRequest) {
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as { message?: unknown };
    return { message: body.message, file: undefined };
  }
  let message: unknown;
  let file: { data: Buffer; name: string | undefined; truncated: boolean } | undefined;
  let stray = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== 'file') stray = true;
        else file = { data, name: part.filename, truncated: part.file.truncated };
      } else if (part.fieldname === 'message') message = part.value;
    }
  } catch (error) {
    throw malformed(error);
  }
  if (stray) throw badRequest('the attachment goes in the field `file`', 'file');
  // The input guard's hooks do not see multipart fields.
  refuseBadInput({ message });
  return { message, file };
}

/**
 * The support desk, under /api/staff/tickets (tickets.answer; canned responses managed with tickets.canned):
 * the queue, one ticket with its chat and notes, take, assign, reply with attachments, propose the
 * resolution, revoke a visitor's links, the agents' loads, attachments. Every action is audited.
 */
export async function ticketsDeskRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  await app.register(fastifyMultipart, {
    limits: { fileSize: TICKET_FILE_MAX_BYTES + 1, files: 1, fields: 4, parts: 5 },
    throwFileSizeLimit: false,
  });
  const desk = () => deps.ticketDesk;

  route.get(
    '/',
    {
      schema: {
        tags,
        summary:
          "The queue: status (comma-separated, or 'open'), category, assignee (me, none or an id), search; timers; CSV with format=csv",
        querystring: staffTicketsQuerySchema,
        response: { 200: staffTicketsPageSchema.or(z.string()), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const staffId = staffOf(request).id;
      return sendList(
        reply,
        request.query,
        (page, limit) => desk().queue({ ...request.query, page, limit }, staffId),
        {
          name: 'tickets',
          columns: [
            { header: 'Id', value: (row) => row.id },
            { header: 'Status', value: (row) => row.status },
            { header: 'Category', value: (row) => row.category },
            { header: 'Subject', value: (row) => row.subject },
            { header: 'Requester', value: (row) => row.requester.name },
            { header: 'E-mail', value: (row) => row.requester.email },
            { header: 'Guest', value: (row) => row.requester.guest },
            { header: 'Assignee', value: (row) => row.assignee?.email ?? '' },
            { header: 'Created at', value: (row) => row.createdAt },
            { header: 'Last message at', value: (row) => row.lastMessageAt },
            { header: 'First response at', value: (row) => row.firstResponseAt },
            { header: 'First response due', value: (row) => row.firstResponseDueAt },
            { header: 'Waiting since', value: (row) => row.waitingSince },
            { header: 'Next response due', value: (row) => row.nextResponseDueAt },
            { header: 'Messages', value: (row) => row.messageCount },
          ],
        },
      );
    },
  );

  route.get(
    '/agents',
    {
      schema: {
        tags,
        summary: 'Staff who answer tickets, with their open assigned tickets',
        response: { 200: staffTicketAgentsSchema, ...errors },
      },
    },
    async () => desk().agents(),
  );

  route.get(
    '/canned',
    {
      schema: {
        tags,
        summary: 'Canned responses, by title',
        response: { 200: cannedResponsesSchema, ...errors },
      },
    },
    async () => desk().canned.list(),
  );

  route.post(
    '/canned',
    {
      schema: {
        tags,
        summary: 'Add a canned response; audited (tickets.canned_create)',
        body: cannedResponseBodySchema,
        response: { 201: cannedResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await desk().canned.create(deskActorOf(request), request.body)),
  );

  route.patch(
    '/canned/:id',
    {
      schema: {
        tags,
        summary: 'Edit a canned response; audited (tickets.canned_update)',
        params: cannedIdParamsSchema,
        body: cannedResponseBodySchema,
        response: { 200: cannedResponseSchema, ...errors },
      },
    },
    async (request) => desk().canned.update(deskActorOf(request), request.params.id, request.body),
  );

  route.delete(
    '/canned/:id',
    {
      schema: {
        tags,
        summary: 'Delete a canned response; answers 204; audited (tickets.canned_delete)',
        params: cannedIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await desk().canned.remove(deskActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  route.get(
    '/files/:messageId',
    {
      schema: { tags, summary: "A ticket's attachment, staff side", params: messageIdParamsSchema },
    },
    async (request, reply) => {
      const { message, data } = await desk().attachment(request.params.messageId);
      const inline = ['image/png', 'image/jpeg', 'application/pdf'].includes(message.fileType ?? '');
      const name = (message.fileName ?? 'file').replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .header(
          'content-type',
          message.fileType === 'text/plain'
            ? 'text/plain; charset=utf-8'
            : (message.fileType ?? 'application/octet-stream'),
        )
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
        .header('cache-control', 'private, max-age=3600')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(data);
    },
  );

  route.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One ticket: its chat as the player sees it, the internal notes and the read state',
        params: ticketIdParamsSchema,
        response: { 200: staffTicketDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return desk().detail(request.params.id);
    },
  );

  route.post(
    '/:id/take',
    {
      schema: {
        tags,
        summary: 'Take the ticket (assigned to me; CREATED becomes IN_PROGRESS); audited (tickets.take)',
        params: ticketIdParamsSchema,
        response: { 200: staffTicketDetailSchema, ...changeErrors },
      },
    },
    async (request) => desk().take(deskActorOf(request), request.params.id),
  );

  route.post(
    '/:id/assign',
    {
      schema: {
        tags,
        summary:
          'Assign to a staff member who answers tickets, or to no one (null); audited (tickets.assign)',
        params: ticketIdParamsSchema,
        body: assignTicketBodySchema,
        response: { 200: staffTicketDetailSchema, ...changeErrors },
      },
    },
    async (request) => desk().assign(deskActorOf(request), request.params.id, request.body.staffId),
  );

  route.post(
    '/:id/messages',
    {
      schema: {
        tags,
        summary:
          'Reply (multipart: message, optional file; or JSON): CREATED and RETURNED become IN_PROGRESS; audited (tickets.reply)',
        consumes: ['multipart/form-data', 'application/json'],
        params: ticketIdParamsSchema,
        response: { 200: staffTicketDetailSchema, ...changeErrors },
      },
    },
    async (request) => desk().reply(deskActorOf(request), request.params.id, await readReply(request)),
  );

  route.post(
    '/:id/notes',
    {
      schema: {
        tags,
        summary: 'An internal note the player never sees; audited (tickets.note)',
        params: ticketIdParamsSchema,
        body: ticketNoteBodySchema,
        response: { 200: staffTicketDetailSchema, ...errors },
      },
    },
    async (request) => desk().note(deskActorOf(request), request.params.id, request.body.text),
  );

  route.post(
    '/:id/resolve-request',
    {
      schema: {
        tags,
        summary:
          "Propose the solution: RESOLVE_REQUEST, waiting for the player's Accept; audited (tickets.resolve_request)",
        params: ticketIdParamsSchema,
        response: { 200: staffTicketDetailSchema, ...changeErrors },
      },
    },
    async (request) => desk().resolveRequest(deskActorOf(request), request.params.id),
  );

  route.post(
    '/:id/guest-links/revoke',
    {
      schema: {
        tags,
        summary:
          "Revoke a visitor's private links to the ticket: every link sent so far stops opening it (410) and open chats are dropped; the next reply e-mails a new one. 409 for a player's ticket; audited (tickets.guest_links_revoke)",
        params: ticketIdParamsSchema,
        response: { 200: staffTicketDetailSchema, ...changeErrors },
      },
    },
    async (request) => desk().revokeGuestLinks(deskActorOf(request), request.params.id),
  );
}
