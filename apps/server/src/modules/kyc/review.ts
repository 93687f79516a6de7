import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { staffMoneyMessages, type VerificationState } from '@paws/contracts/staff-money';
import type { VerificationDocumentType, VerificationResult } from '@paws/contracts/verification';
import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { recordEvent } from '../../core/events/record.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type VerificationSessionRow, verificationSessions } from './schema.ts';
import type { VerificationStates } from './service.ts';

/** The staff member deciding, and how their decision is written to the audit log (in its transaction). */
export interface VerificationReviewer {
  id: string;
  audit(
    tx: DbOrTx,
    change: { before: VerificationAuditView; after: VerificationAuditView },
  ): Promise<unknown>;
}

export interface VerificationAuditView {
  userId: string;
  status: VerificationSessionRow['status'];
  result: VerificationSessionRow['result'];
  reason: string | null;
}

/** A handed-in verification as the back office's queue shows it. */
export interface VerificationForReview {
  id: string;
  userId: string;
  provider: string;
  state: VerificationState;
  submittedAt: Date;
  document: { name: string; type: VerificationDocumentType; size: number } | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  reason: string | null;
}

export interface VerificationReviewQuery {
  state: VerificationState | 'ALL';
  playerId?: string;
  order: 'asc' | 'desc';
  page: number;
  limit: number;
}

const auditView = (row: VerificationSessionRow): VerificationAuditView => ({
  userId: row.userId,
  status: row.status,
  result: row.result,
  reason: row.reviewReason,
});

const toReview = (row: VerificationSessionRow): VerificationForReview => ({
  id: row.id,
  userId: row.userId,
  provider: row.provider,
  state: row.status === 'FINISHED' && row.result ? row.result : 'PENDING',
  submittedAt: row.submittedAt ?? row.createdAt,
  document:
    row.documentName && row.documentType && row.documentSize !== null
      ? { name: row.documentName, type: row.documentType as VerificationDocumentType, size: row.documentSize }
      : null,
  reviewedBy: row.reviewedBy,
  reviewedAt: row.reviewedAt,
  reason: row.reviewReason,
});

/**
 * The verification queue: sessions whose document was handed in. Staff decide a pending one as the
 * provider's result would (the session finishes, the player's verificationType moves, a
 * kyc.verification_result event tells them, with the reason), under the session's lock, so a provider's
 * later result or a second staff member finds it settled (409). Documents are read only through here.
 */
export function createVerificationReview({
  db,
  states,
  documentsRoot,
  now = () => new Date(),
}: {
  db: Db;
  states: VerificationStates;
  /** Where the documents kept by this server live (the sandbox's); never publicly served. */
  documentsRoot: string;
  now?: () => Date;
}) {
  const handedIn = and(
    isNotNull(verificationSessions.submittedAt),
    inArray(verificationSessions.status, ['STARTED', 'FINISHED']),
  );

  async function decide(
    sessionId: string,
    result: VerificationResult,
    reason: string | null,
    reviewer: VerificationReviewer,
  ): Promise<VerificationForReview> {
    const row = await db.transaction(async (tx) => {
      const [session] = await tx
        .select()
        .from(verificationSessions)
        .where(eq(verificationSessions.id, sessionId))
        .for('update');
      if (!session) throw notFound(staffMoneyMessages.verificationNotFound);
      if (session.status !== 'STARTED') {
        if (session.result === result && session.reviewedBy === reviewer.id) return session;
        throw conflict(staffMoneyMessages.verificationDecided);
      }
      if (!session.submittedAt) {
        throw conflict(staffMoneyMessages.verificationNotSubmitted);
      }
      const [decided] = await tx
        .update(verificationSessions)
        .set({ status: 'FINISHED', result, reviewedBy: reviewer.id, reviewedAt: now(), reviewReason: reason })
        .where(eq(verificationSessions.id, session.id))
        .returning();
      if (!decided) throw new Error('Verification row vanished under its lock');
      const moved = await states.move(session.userId, ['NONE', 'PENDING', 'DECLINED'], result, tx);
      if (moved) {
        await recordEvent(tx, 'kyc.verification_result', {
          userId: session.userId,
          result,
          ...(reason ? { reason } : {}),
        });
      }
      await reviewer.audit(tx, { before: auditView(session), after: auditView(decided) });
      return decided;
    });
    return toReview(row);
  }

  return {
    /** Handed-in verifications, a page of them, with the total the filter matches. */
    async verificationsForReview(query: VerificationReviewQuery) {
      const where = and(
        handedIn,
        query.state === 'ALL'
          ? undefined
          : query.state === 'PENDING'
            ? eq(verificationSessions.status, 'STARTED')
            : eq(verificationSessions.result, query.state),
        query.playerId ? eq(verificationSessions.userId, query.playerId) : undefined,
      );
      const direction = query.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(verificationSessions)
          .where(where)
          .orderBy(direction(verificationSessions.submittedAt), direction(verificationSessions.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ count: count() }).from(verificationSessions).where(where),
      ]);
      return { items: rows.map(toReview), total: total?.count ?? 0 };
    },

    async verificationForReview(sessionId: string) {
      const [row] = await db
        .select()
        .from(verificationSessions)
        .where(and(handedIn, eq(verificationSessions.id, sessionId)));
      return row ? toReview(row) : undefined;
    },

    approveVerification: (sessionId: string, reviewer: VerificationReviewer) =>
      decide(sessionId, 'APPROVED', null, reviewer),
    declineVerification: (sessionId: string, reason: string, reviewer: VerificationReviewer) =>
      decide(sessionId, 'DECLINED', reason, reviewer),

    /** The document a session keeps (staff only); 404 when there is none or its file is gone. */
    async verificationDocument(sessionId: string) {
      const [row] = await db
        .select()
        .from(verificationSessions)
        .where(eq(verificationSessions.id, sessionId));
      if (!row) throw notFound(staffMoneyMessages.verificationNotFound);
      if (!row.documentPath || !row.documentType) throw notFound(staffMoneyMessages.documentNotFound);
      const path = resolve(documentsRoot, row.documentPath);
      if (!path.startsWith(resolve(documentsRoot) + sep)) throw notFound(staffMoneyMessages.documentNotFound);
      try {
        const data = await readFile(path);
        return {
          data,
          type: row.documentType as VerificationDocumentType,
          name: row.documentName ?? 'document',
        };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT')
          throw notFound(staffMoneyMessages.documentNotFound);
        throw err;
      }
    },
  };
}
