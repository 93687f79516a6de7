import fastifyMultipart from '@fastify/multipart';
import { apiErrorSchema } from '@paws/contracts/errors';
import {
  createTicketFieldsSchema,
  createTicketResponseSchema,
  guestTicketResponseSchema,
  guestTokenParamsSchema,
  rateTicketBodySchema,
  TICKET_FILE_MAX_BYTES,
  ticketChangeResponseSchema,
  ticketDetailSchema,
  ticketIdParamsSchema,
  ticketMessageSchema,
  userTicketsQuerySchema,
  userTicketsResponseSchema,
} from '@paws/contracts/tickets';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../lib/errors.ts';
import { refuseBadInput } from '../../plugins/input-guard.ts';
import { createAccountDirectory, userOf } from '../identity/index.ts';
import { type IncomingFile, malformed } from './files.ts';
import { toTicketDetail, toTicketMessage } from './messages.ts';
import type { TicketMessageRow, TicketRow } from './schema.ts';

/** Visitors' tickets: 5 an hour from one IP, 3 an hour for one e-mail address. */
export const GUEST_TICKET_RATE = {
  ip: { points: 5, durationSeconds: 3600 },
  account: { points: 3, durationSeconds: 3600 },
};
/**
 * Players' tickets (refused attempts count too): 30 an hour per account; the IP figure is only a ceiling for
 * many accounts behind one address (an office, a carrier's NAT).
 */
export const PLAYER_TICKET_RATE = {
  ip: { points: 600, durationSeconds: 3600 },
  account: { points: 30, durationSeconds: 3600 },
};
/** A visitor's replies through the private link: 30 a minute from one IP. */
export const GUEST_REPLY_RATE = { ip: { points: 30, durationSeconds: 60 } };

const messageIdParamsSchema = z.object({ messageId: z.uuid({ error: 'messageId must be a uuid' }) });
const guestFileParamsSchema = guestTokenParamsSchema.extend(messageIdParamsSchema.shape);

/** A form's fields and its one file (multipart), or a JSON body without a file. */
async function readForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; file?: IncomingFile }> {
  if (!request.isMultipart()) {
    const body = request.body;
    if (body !== undefined && body !== null && typeof body !== 'object')
      throw badRequest('Body must be a form or a JSON object');
    return { fields: (body ?? {}) as Record<string, unknown> };
  }
  const fields: Record<string, unknown> = {};
  let file: IncomingFile | undefined;
  let stray = false;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname !== 'file') stray = true;
        else file = { data, name: part.filename, truncated: part.file.truncated };
      } else fields[part.fieldname] = part.value;
    }
  } catch (error) {
    throw malformed(error);
  }
  if (stray) throw badRequest('the attachment goes in the field `file`', 'file');
  // The input guard's hooks do not see multipart fields.
  refuseBadInput(fields);
  return { fields, file };
}

/** The first problem of a zod parse as a 400 naming its field. */
function parsed<T>(result: z.ZodSafeParseResult<T>): T {
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badRequest(issue?.message ?? 'Invalid request', issue?.path.join('.') || undefined);
}

/** Sends an attachment: images and PDF shown inline, anything else downloaded; never cached publicly. */
function sendFile(reply: FastifyReply, message: TicketMessageRow, data: Buffer) {
  const inline = ['image/png', 'image/jpeg', 'application/pdf'].includes(message.fileType ?? '');
  const name = (message.fileName ?? 'file').replace(/["\\\r\n]/g, '_');
  return reply
    .header(
      'content-type',
      message.fileType === 'text/plain'
        ? 'text/plain; charset=utf-8'
        : (message.fileType ?? 'application/octet-stream'),
    )
    .header(
      'content-disposition',
      `${inline ? 'inline' : 'attachment'}; filename="${name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('cache-control', 'private, max-age=3600')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(data);
}

/**
 * The tickets service's calls (spec 001 §7 Tickets), under /api/tickets: the player's tickets (owner only:
 * another player's ticket is not found), a visitor's ticket and its private link, attachments. Nothing here
 * grants a staff power: an account holding staff roles is a player on this face (its own tickets only).
 */
export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    // One byte over the limit is enough to tell a too-large file; the rest is never read.
    limits: { fileSize: TICKET_FILE_MAX_BYTES + 1, files: 1, fields: 8, parts: 9 },
    throwFileSizeLimit: false,
  });
  const tags = ['tickets'];
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
  const changeErrors = { ...errors, 409: apiErrorSchema };
  const directory = createAccountDirectory(app.database.db);
  const service = app.tickets;
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  // IP figures scale with RATE_LIMIT_IP_SCALE (many clients behind one address); account figures do not.
  const scaled = <P extends { ip: { points: number; durationSeconds: number } }>(policy: P): P => ({
    ...policy,
    ip: { ...policy.ip, points: policy.ip.points * app.env.RATE_LIMIT_IP_SCALE },
  });
  const playerLimit = app.rateLimiting.hook(
    'tickets.create',
    scaled(PLAYER_TICKET_RATE),
    (request) => request.user?.id,
  );
  const guestEmails = new WeakMap<FastifyRequest, string>();
  const guestLimit = app.rateLimiting.hook('tickets.guest', scaled(GUEST_TICKET_RATE), (request) =>
    guestEmails.get(request),
  );
  const replyLimit = app.rateLimiting.hook('tickets.guest-reply', scaled(GUEST_REPLY_RATE));
  const usernameOf = async (userId: string) => (await app.identity.accountOf(userId))?.username ?? null;

  app.post(
    '/tickets',
    {
      onRequest: app.authenticate,
      preHandler: playerLimit,
      // A banned player's appeal.
      config: { allowBanned: true },
      schema: {
        tags,
        summary:
          "Open a ticket (multipart: nameOfUser, email, invocationCategory, message, optional userId and file; or JSON). Name and e-mail default to the account's; 30 an hour",
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: createTicketResponseSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const { fields, file } = await readForm(request);
      const [username, email] = await Promise.all([usernameOf(user.id), directory.emailsOf([user.id])]);
      const blank = (value: unknown) =>
        value === undefined || value === null || (typeof value === 'string' && !value.trim());
      const accountEmail = email.get(user.id) ?? undefined;
      const input = parsed(
        createTicketFieldsSchema.safeParse({
          ...fields,
          nameOfUser: blank(fields.nameOfUser)
            ? (username ?? accountEmail?.split('@')[0] ?? 'Player')
            : fields.nameOfUser,
          email: blank(fields.email) ? accountEmail : fields.email,
          userId: blank(fields.userId) ? undefined : fields.userId,
        }),
      );
      if (input.userId && input.userId !== user.id)
        throw badRequest('userId must be your own account id', 'userId');
      const { ticket } = await service.create({
        userId: user.id,
        username,
        nameOfUser: input.nameOfUser,
        email: input.email,
        category: input.invocationCategory,
        message: input.message,
        file,
      });
      return reply.code(201).send({ id: ticket.id, status: ticket.status });
    },
  );

  app.post(
    '/tickets/unAuth',
    {
      schema: {
        tags,
        summary:
          "A visitor's ticket (same fields; userId is ignored): the visitor is e-mailed a private link to follow and answer it. 5 an hour per IP, 3 per e-mail",
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: createTicketResponseSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readForm(request);
      const input = parsed(createTicketFieldsSchema.safeParse({ ...fields, userId: undefined }));
      guestEmails.set(request, input.email.trim().toLowerCase());
      await guestLimit(request, reply);
      const { ticket } = await service.create({
        userId: null,
        username: null,
        nameOfUser: input.nameOfUser,
        email: input.email,
        category: input.invocationCategory,
        message: input.message,
        file,
      });
      await app.ticketsOutreach.welcomeGuest(ticket);
      return reply.code(201).send({ id: ticket.id, status: ticket.status });
    },
  );

  app.get(
    '/tickets/user',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "The player's tickets, newest activity first, by category (empty: all), paged",
        querystring: userTicketsQuerySchema,
        response: { 200: userTicketsResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.list(userOf(request).id, request.query);
    },
  );

  app.get(
    '/tickets/user/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: "One of the player's tickets (another player's is not found)",
        params: ticketIdParamsSchema,
        response: { 200: ticketDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return service.detail(userOf(request).id, request.params.id);
    },
  );

  const actions = [
    ['resolve', "Accept the solution or 'Problem solved': CLOSED (from any open status)"],
    ['return', "'Return it for revision': RETURNED (only from RESOLVE_REQUEST)"],
  ] as const;
  for (const [action, summary] of actions) {
    app.patch(
      `/tickets/:id/${action}`,
      {
        onRequest: app.authenticate,
        config: { allowBanned: true },
        schema: {
          tags,
          summary,
          params: ticketIdParamsSchema,
          response: { 200: ticketChangeResponseSchema, ...changeErrors },
        },
      },
      async (request) => {
        const user = userOf(request);
        const username = await usernameOf(user.id);
        return action === 'resolve'
          ? service.resolve(user.id, username, request.params.id)
          : service.returnForRevision(user.id, username, request.params.id);
      },
    );
  }

  app.patch(
    '/tickets/:id/rate',
    {
      onRequest: app.authenticate,
      config: { allowBanned: true },
      schema: {
        tags,
        summary: 'Rate the ticket 1 to 5 with an optional comment: once, only when CLOSED',
        params: ticketIdParamsSchema,
        body: rateTicketBodySchema,
        response: { 200: ticketChangeResponseSchema, ...changeErrors },
      },
    },
    async (request) => service.rate(userOf(request).id, request.params.id, request.body),
  );

  app.get(
    '/tickets/files/:messageId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary:
          "An attachment: only the ticket's player may read it (staff read attachments in the back office)",
        params: messageIdParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const found = await service.attachment(request.params.messageId);
      // A staff role grants nothing here: the desk's /api/staff/tickets/files/:messageId serves staff.
      if (!found || found.ticket.userId !== user.id) throw notFound('File not found');
      return sendFile(reply, found.message, found.data);
    },
  );

  const guestView = async (ticket: TicketRow, token: string) => ({
    ticket: { ...toTicketDetail(ticket), nameOfUser: ticket.nameOfUser, email: ticket.email },
    messages: (await service.messagesOf(ticket.id)).map((row) =>
      toTicketMessage(row, { kind: 'guest', token }),
    ),
  });

  app.get(
    '/tickets/guest/:token',
    {
      schema: {
        tags,
        summary: "A visitor's ticket and its messages, through the e-mailed private link",
        params: guestTokenParamsSchema,
        response: { 200: guestTicketResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const ticket = await service.guestTicket(request.params.token);
      return guestView(ticket, request.params.token);
    },
  );

  app.post(
    '/tickets/guest/:token/messages',
    {
      preHandler: replyLimit,
      schema: {
        tags,
        summary: "The visitor's reply through the private link (multipart: message, optional file; or JSON)",
        consumes: ['multipart/form-data', 'application/json'],
        params: guestTokenParamsSchema,
        response: { 201: ticketMessageSchema, 409: apiErrorSchema, 429: apiErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { fields, file } = await readForm(request);
      const change = await service.postAsGuest(request.params.token, { message: fields.message, file });
      const message = change.messages[0];
      if (!message) throw new Error('no message written');
      return reply.code(201).send(toTicketMessage(message, { kind: 'guest', token: request.params.token }));
    },
  );

  app.get(
    '/tickets/guest/:token/files/:messageId',
    {
      schema: {
        tags,
        summary: "An attachment of the visitor's ticket, through the private link",
        params: guestFileParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const ticket = await service.guestTicket(request.params.token);
      const found = await service.attachment(request.params.messageId);
      if (!found || found.ticket.id !== ticket.id) throw notFound('File not found');
      return sendFile(reply, found.message, found.data);
    },
  );
};
