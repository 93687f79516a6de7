import { outboxListSchema } from '@paws/contracts/outbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import type { Mailbox } from './mailbox.ts';

const loopback = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Development outbox: what the product has sent, newest first, to a client on this machine only (it holds
 * every sign-in link and code). Not registered in production.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<{ mailbox: Mailbox }> = async (app, { mailbox }) => {
  app.addHook('onRequest', async (request) => {
    if (!loopback.test(request.socket.remoteAddress ?? '')) throw notFound();
  });
  app.get(
    '/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'E-mails and SMS sent, newest first (not in production)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: { 200: outboxListSchema },
      },
    },
    async (request) => ({ messages: await mailbox.latest(request.query.limit) }),
  );
};
