import { STAFF_API_PREFIX } from '@paws/contracts/staff';
import {
  type StaffVerification,
  staffMoneyMessages,
  type VerificationsListQuery,
} from '@paws/contracts/staff-money';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../../../../lib/errors.ts';
import type { VerificationForReview, VerificationReviewer } from '../../../kyc/index.ts';
import { actorOf } from '../../access.ts';
import { peopleOf } from '../withdrawals/people.ts';

/** The staff-only route a verification's document is read from. */
export const documentUrl = (id: string) => `${STAFF_API_PREFIX}/verifications/${id}/document`;

/** The verification desk: KYC's queue of handed-in documents and the staff decisions, audited. */
export function createVerificationsDesk(app: FastifyInstance) {
  async function present(rows: VerificationForReview[]): Promise<StaffVerification[]> {
    const people = await peopleOf(
      app,
      rows.flatMap((row) => [row.userId, row.reviewedBy]),
    );
    const now = Date.now();
    return rows.map((row) => {
      const until = row.state === 'PENDING' ? now : (row.reviewedAt?.getTime() ?? now);
      return {
        id: row.id,
        player: people.player(row.userId),
        provider: row.provider,
        state: row.state,
        submittedAt: row.submittedAt.toISOString(),
        waitingSeconds: Math.max(0, Math.floor((until - row.submittedAt.getTime()) / 1000)),
        document: row.document ? { ...row.document, url: documentUrl(row.id) } : null,
        reviewedBy: people.actor(row.reviewedBy),
        reviewedAt: row.reviewedAt?.toISOString() ?? null,
        reason: row.reason,
      };
    });
  }

  async function one(id: string) {
    const row = await app.kyc.verificationForReview(id);
    if (!row) throw notFound(staffMoneyMessages.verificationNotFound);
    const [shown] = await present([row]);
    return shown!;
  }

  function reviewer(
    request: FastifyRequest,
    action: 'verification.approve' | 'verification.decline',
    id: string,
  ): VerificationReviewer {
    const actor = actorOf(request);
    return {
      id: actor.actorId,
      audit: (tx, { before, after }) =>
        app.audit.record({ ...actor, action, targetType: 'verification', targetId: id, before, after }, tx),
    };
  }

  return {
    async list(query: VerificationsListQuery, page: number, limit: number) {
      const { items, total } = await app.kyc.verificationsForReview({ ...query, page, limit });
      return { items: await present(items), total };
    },
    one,
    async approve(request: FastifyRequest, id: string) {
      await app.kyc.approveVerification(id, reviewer(request, 'verification.approve', id));
      return one(id);
    },
    async decline(request: FastifyRequest, id: string, reason: string) {
      await app.kyc.declineVerification(id, reason, reviewer(request, 'verification.decline', id));
      return one(id);
    },
  };
}
