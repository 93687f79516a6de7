import { STAFF_API_PREFIX } from '@paws/contracts/staff';
import {
  type StaffVerification,
  staffIdParamsSchema,
  staffMoneyMessages,
  staffVerificationSchema,
  type VerificationsListQuery,
  verificationsListQuerySchema,
  verificationsPageSchema,
} from '@paws/contracts/staff-money';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { VerificationForReview } from '../../../kyc/index.ts';
import type { AreaOptions, BackOfficeDeps } from '../../deps.ts';
import { waitingSeconds } from '../../people.ts';
import { type ReviewQueue, reviewQueueRoutes } from '../../review-queue.ts';

const tags = ['staff: verifications'];

/** The staff-only route a verification's document is read from. */
export const documentUrl = (id: string) => `${STAFF_API_PREFIX}/verifications/${id}/document`;

function verificationsQueue({
  kyc,
}: BackOfficeDeps): ReviewQueue<VerificationForReview, StaffVerification, VerificationsListQuery> {
  return {
    tags,
    name: 'verifications',
    refuse: 'decline',
    schemas: {
      query: verificationsListQuerySchema,
      page: verificationsPageSchema,
      item: staffVerificationSchema,
    },
    summaries: {
      list: 'Handed-in verifications by state (default: pending); CSV with format=csv',
      one: 'One handed-in verification',
      approve:
        "Approves a verification: the player's status becomes APPROVED and they are told (409 when decided)",
      refuse: 'Declines a verification with a reason the player is told (409 when decided)',
    },
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
    notFound: staffMoneyMessages.verificationNotFound,
    list: (query) => kyc.verificationsForReview(query),
    one: (id) => kyc.verificationForReview(id),
    approve: (id, decider) =>
      kyc.approveVerification(id, {
        id: decider.id,
        audit: (tx, change) => decider.audit(tx, { action: 'verification.approve', targetId: id, ...change }),
      }),
    refuseWith: (id, reason, decider) =>
      kyc.declineVerification(id, reason, {
        id: decider.id,
        audit: (tx, change) => decider.audit(tx, { action: 'verification.decline', targetId: id, ...change }),
      }),
    peopleIn: (row) => [row.userId, row.reviewedBy],
    present: (rows, people) =>
      rows.map((row) => ({
        id: row.id,
        player: people.player(row.userId),
        provider: row.provider,
        state: row.state,
        submittedAt: row.submittedAt.toISOString(),
        waitingSeconds: waitingSeconds(row.submittedAt, row.reviewedAt, row.state === 'PENDING'),
        document: row.document ? { ...row.document, url: documentUrl(row.id) } : null,
        reviewedBy: people.actor(row.reviewedBy),
        reviewedAt: row.reviewedAt?.toISOString() ?? null,
        reason: row.reason,
      })),
  };
}

/**
 * The verification queue under /api/staff/verifications (verifications.review): handed-in documents,
 * viewable here only, approved or declined with a reason the player is told. Decisions are audited.
 */
export async function verificationsRoutes(app: FastifyInstance, { deps }: AreaOptions) {
  reviewQueueRoutes(app, verificationsQueue(deps), deps);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/:id/document',
    {
      schema: {
        tags,
        summary: "The verification's document (staff only, never cached)",
        params: staffIdParamsSchema,
      },
    },
    async (request, reply) => {
      const document = await deps.kyc.verificationDocument(request.params.id);
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
}
