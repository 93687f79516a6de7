import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { verificationSessions } from './schema.ts';

export interface KycPlayerQuery {
  page: number;
  limit: number;
  order: 'asc' | 'desc';
}

/** A verification session of the player, as the back office's player page lists it. */
export interface KycPlayerVerification {
  id: string;
  provider: string;
  status: string;
  result: string | null;
  submittedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** What the player handed in (the file itself is read through app.kyc.verificationDocument). */
  document: { name: string; type: string | null; size: number | null } | null;
}

/** The back office's player page: the player's verification sessions and the documents they handed in. */
export function createKycPlayerReads(db: DbOrTx) {
  return {
    async playerVerifications(
      userId: string,
      query: KycPlayerQuery,
    ): Promise<{ items: KycPlayerVerification[]; total: number }> {
      const where = eq(verificationSessions.userId, userId);
      const direction = query.order === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(verificationSessions)
          .where(where)
          .orderBy(direction(verificationSessions.createdAt), direction(verificationSessions.id))
          .limit(query.limit)
          .offset((query.page - 1) * query.limit),
        db.select({ count: count() }).from(verificationSessions).where(where),
      ]);
      const items = rows.map((row) => ({
        id: row.id,
        provider: row.provider,
        status: row.status,
        result: row.result,
        submittedAt: row.submittedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        document: row.documentPath
          ? { name: row.documentName ?? 'document', type: row.documentType, size: row.documentSize }
          : null,
      }));
      return { items, total: total?.count ?? 0 };
    },

    /** Whether the verification session is the player's (before staff open its document from their page). */
    async isVerificationOf(userId: string, sessionId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: verificationSessions.id })
        .from(verificationSessions)
        .where(and(eq(verificationSessions.id, sessionId), eq(verificationSessions.userId, userId)));
      return row !== undefined;
    },
  };
}
export type KycPlayerReads = ReturnType<typeof createKycPlayerReads>;
