import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { AppError, badRequest } from '../../../lib/errors.ts';
import type { AuditService } from '../../audit/index.ts';
import type { StaffActor } from '../access.ts';
import { staffRecoveryCodes, staffSecondFactors, staffSessions } from '../schema.ts';

/** An admin's view of staff accounts' second factors: whether one is set, and its reset. */
export function createSecondFactorAdmin({
  db,
  audit,
  now,
}: {
  db: Db;
  audit: AuditService;
  now: () => Date;
}) {
  return {
    async hasSecondFactor(userId: string) {
      const rows = await db
        .select({ userId: staffSecondFactors.userId })
        .from(staffSecondFactors)
        .where(eq(staffSecondFactors.userId, userId));
      return rows.length > 0;
    },

    /**
     * Removes an account's second factor and recovery codes and ends its back-office sessions: its next
     * sign-in enrols anew. Nobody resets their own (they would skip the factor they lost).
     */
    async resetSecondFactor(actor: StaffActor, userId: string) {
      if (userId === actor.id) throw badRequest('You cannot reset your own second factor', 'userId');
      return db.transaction(async (tx) => {
        const removed = await tx
          .delete(staffSecondFactors)
          .where(eq(staffSecondFactors.userId, userId))
          .returning({ userId: staffSecondFactors.userId });
        if (removed.length === 0) throw new AppError(404, 'This account has no second factor', 'userId');
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
        await tx
          .update(staffSessions)
          .set({ revokedAt: now() })
          .where(and(eq(staffSessions.userId, userId), isNull(staffSessions.revokedAt)));
        await audit.record(
          {
            actorId: actor.id,
            actorRoles: actor.roles,
            action: 'staff.reset_second_factor',
            targetType: 'user',
            targetId: userId,
            ip: actor.ip,
          },
          tx,
        );
        return { userId, hasSecondFactor: false };
      });
    },
  };
}
