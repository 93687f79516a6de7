import fastifyMultipart from '@fastify/multipart';
import { apiErrorSchema } from '@paws/contracts/errors';
import {
  sandboxDecisionBodySchema,
  sandboxSessionSchema,
  VERIFICATION_DOCUMENT_MAX_BYTES,
  verificationMessages,
  verificationSessionResponseSchema,
} from '@paws/contracts/verification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../lib/errors.ts';
import { userOf } from '../identity/index.ts';
import { KYC_SIGNATURE_HEADER } from './provider.ts';
import type { KycSandbox } from './sandbox.ts';

const tags = ['platform'];

/** GET /verification-sessions, the providers' webhook and, with the sandbox, its page's calls (platform base path). */
export const kycRoutes: FastifyPluginAsyncZod<{ sandbox?: KycSandbox }> = async (app, { sandbox }) => {
  app.get(
    '/verification-sessions',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Start identity verification: the provider page to open (409 when verified or in review)',
        response: { 200: verificationSessionResponseSchema, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return app.kyc.startSession(userOf(request).id);
    },
  );

  await app.register(webhookRoutes);
  if (sandbox) await app.register(sandboxRoutes, { sandbox });
};

const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // The signature covers the exact bytes sent, so the body reaches the handler unparsed.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    done(null, body);
  });

  app.post(
    '/kyc/webhook',
    {
      schema: {
        tags,
        summary: `KYC provider results, signed: ${KYC_SIGNATURE_HEADER} is the hex HMAC-SHA256 of the raw body`,
        response: { 200: z.object({ received: z.literal(true) }), 401: apiErrorSchema },
      },
    },
    async (request) => {
      const signature = request.headers[KYC_SIGNATURE_HEADER];
      const accepted = await app.kyc.handleWebhook(
        typeof request.body === 'string' ? request.body : '',
        typeof signature === 'string' ? signature : undefined,
      );
      if (!accepted) throw unauthorized('Invalid signature');
      return { received: true as const };
    },
  );
};

const sessionParams = z.object({ sessionId: z.uuid({ error: verificationMessages.sessionNotFound }) });

const sandboxRoutes: FastifyPluginAsyncZod<{ sandbox: KycSandbox }> = async (app, { sandbox }) => {
  await app.register(fastifyMultipart, {
    // One byte over the limit is enough to tell a too-large file; the rest is never read.
    limits: { fileSize: VERIFICATION_DOCUMENT_MAX_BYTES + 1, files: 1, fields: 4, parts: 5 },
    throwFileSizeLimit: false,
  });
  const sandboxTags = ['kyc-sandbox'];

  app.get(
    '/kyc/sandbox/sessions/:sessionId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: sandboxTags,
        summary: "Sandbox KYC: the player's own session (404 for anyone else's)",
        params: sessionParams,
        response: { 200: sandboxSessionSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return sandbox.session(userOf(request).id, request.params.sessionId);
    },
  );

  app.post(
    '/kyc/sandbox/sessions/:sessionId/document',
    {
      onRequest: app.authenticate,
      schema: {
        tags: sandboxTags,
        summary:
          'Sandbox KYC: hand in the document (multipart field `document`, JPEG, PNG or PDF, at most 10 MB)',
        consumes: ['multipart/form-data'],
        params: sessionParams,
        response: { 201: sandboxSessionSchema },
      },
    },
    async (request, reply) => {
      const file = request.isMultipart() ? await request.file() : undefined;
      const upload = file?.fieldname === 'document' ? file : undefined;
      const data = upload ? await upload.toBuffer() : undefined;
      const session = await sandbox.upload(userOf(request).id, request.params.sessionId, {
        data,
        fileName: upload?.filename,
        truncated: upload?.file.truncated ?? false,
      });
      return reply.status(201).send(session);
    },
  );

  app.post(
    '/kyc/sandbox/sessions/:sessionId/decision',
    {
      onRequest: app.authenticate,
      schema: {
        tags: sandboxTags,
        summary:
          "Sandbox KYC: the player's choice stands in for the review (APPROVE, DECLINE) or ends it (CANCEL)",
        params: sessionParams,
        body: sandboxDecisionBodySchema,
        response: { 201: sandboxSessionSchema },
      },
    },
    async (request, reply) => {
      const session = await sandbox.decide(
        userOf(request).id,
        request.params.sessionId,
        request.body.decision,
      );
      return reply.status(201).send(session);
    },
  );
};
