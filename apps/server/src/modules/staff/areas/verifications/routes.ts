import {
  staffDecisionBodySchema,
  staffIdParamsSchema,
  staffVerificationSchema,
  verificationsListQuerySchema,
  verificationsPageSchema,
} from '@paws/contracts/staff-money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendList } from '../../lists.ts';
import { createVerificationsDesk } from './service.ts';

const tags = ['staff: verifications'];

/**
 * The verification queue under /api/staff/verifications (verifications.review): handed-in documents,
 * viewable here only, approved or declined with a reason the player is told. Decisions are audited.
 */
export async function verificationsRoutes(app: FastifyInstance) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const desk = createVerificationsDesk(app);

  route.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Handed-in verifications by state (default: pending); CSV with format=csv',
        querystring: verificationsListQuerySchema,
        response: { 200: verificationsPageSchema },
      },
    },
    async (request, reply) =>
      sendList(reply, request.query, (page, limit) => desk.list(request.query, page, limit), {
        name: 'verifications',
        columns: [
          { header: 'id', value: (row) => row.id },
          { header: 'playerId', value: (row) => row.player.id },
          { header: 'playerEmail', value: (row) => row.player.email },
          { header: 'provider', value: (row) => row.provider },
          { header: 'state', value: (row) => row.state },
          { header: 'submittedAt', value: (row) => row.submittedAt },
          { header: 'waitingSeconds', value: (row) => row.waitingSeconds },
          { header: 'document', value: (row) => row.document?.name },
          { header: 'reviewedBy', value: (row) => row.reviewedBy?.email ?? row.reviewedBy?.id },
          { header: 'reviewedAt', value: (row) => row.reviewedAt },
          { header: 'reason', value: (row) => row.reason },
        ],
      }),
  );

  route.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One handed-in verification',
        params: staffIdParamsSchema,
        response: { 200: staffVerificationSchema },
      },
    },
    async (request) => desk.one(request.params.id),
  );

  route.get(
    '/:id/document',
    {
      schema: {
        tags,
        summary: "The verification's document (staff only, never cached)",
        params: staffIdParamsSchema,
      },
    },
    async (request, reply) => {
      const document = await app.kyc.verificationDocument(request.params.id);
      const name = document.name.replace(/[^\w. -]/g, '_');
      // Images are shown in the page (an image document runs nothing); a PDF is downloaded rather than opened
      // by the browser's viewer on the back office's origin.
      const disposition = document.type === 'application/pdf' ? 'attachment' : 'inline';
      return reply
        .header('content-type', document.type)
        .header('content-disposition', `${disposition}; filename="${name}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'")
        .send(document.data);
    },
  );

  route.post(
    '/:id/approve',
    {
      schema: {
        tags,
        summary:
          "Approves a verification: the player's status becomes APPROVED and they are told (409 when decided)",
        params: staffIdParamsSchema,
        response: { 200: staffVerificationSchema },
      },
    },
    async (request) => desk.approve(request, request.params.id),
  );

  route.post(
    '/:id/decline',
    {
      schema: {
        tags,
        summary: 'Declines a verification with a reason the player is told (409 when decided)',
        params: staffIdParamsSchema,
        body: staffDecisionBodySchema,
        response: { 200: staffVerificationSchema },
      },
    },
    async (request) => desk.decline(request, request.params.id, request.body.reason),
  );
}
