import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { verificationSessions } from './schema.ts';

/** Verifications whose document was handed in and waits for a decision (the back office's dashboard). */
export async function pendingVerificationCount(db: Db): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(verificationSessions)
    .where(
      and(
        eq(verificationSessions.status, 'STARTED'),
        isNotNull(verificationSessions.submittedAt),
        isNull(verificationSessions.result),
      ),
    );
  return row?.count ?? 0;
}
