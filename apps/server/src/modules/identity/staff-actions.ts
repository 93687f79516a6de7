import { randomUUID } from 'node:crypto';
import type { StaffRole } from '@paws/contracts/staff';
import {
  type BanBody,
  type StaffBan,
  staffPlayerAuditActions,
  staffPlayerMessages,
} from '@paws/contracts/staff-players';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import { recordEvent } from '../../core/events/record.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { AuditService } from '../audit/index.ts';
import { liveBanOf } from './bans.ts';
import { bans, staffRoles, users } from './schema.ts';
import { toStaffBan } from './staff-reads.ts';

/** Who acts, as the back office's actorOf(request) gives it. */
export interface StaffActorRef {
  actorId: string;
  actorRoles?: readonly string[];
  ip?: string | null;
}

export interface StaffActionDeps {
  db: Db;
  now: () => Date;
  audit: AuditService;
}

/**
 * What staff do to an account: ban and unban (ending its sessions is player-security.ts's `endSessions`).
 * Each runs in one transaction holding the account's row, with its audit row (and its event) in that
 * transaction. The actor's roles are read again inside it: acting on a staff account needs admin, and
 * nobody bans themselves.
 */
export function createStaffActions({ db, now, audit }: StaffActionDeps) {
  const rolesOf = async (userId: string, tx: DbOrTx) =>
    (await tx.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, userId))).map(
      (r) => r.role as StaffRole,
    );

  /** Locks the target, checks the actor may act on it, and answers the actor's roles. */
  async function prepare(actor: StaffActorRef, userId: string, tx: DbOrTx) {
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound(staffPlayerMessages.notFound);
    const [actorRoles, targetRoles] = await Promise.all([rolesOf(actor.actorId, tx), rolesOf(userId, tx)]);
    if (targetRoles.length > 0 && actor.actorId !== userId && !actorRoles.includes('admin'))
      throw forbidden(staffPlayerMessages.staffTarget);
    return actorRoles;
  }

  const record = (
    tx: DbOrTx,
    actor: StaffActorRef,
    actorRoles: StaffRole[],
    action: string,
    userId: string,
    before: unknown,
    after: unknown,
  ) =>
    audit.record(
      {
        actorId: actor.actorId,
        actorRoles,
        action,
        targetType: 'user',
        targetId: userId,
        before,
        after,
        ip: actor.ip ?? null,
        at: now(),
      },
      tx,
    );

  /**
   * Lifts every staff ban of the account still in force or to come; answers the lifted rows. The player's own
   * time-out or self-exclusion is not staff's to lift (responsible gaming): it runs its course.
   */
  const liftBans = (tx: DbOrTx, userId: string, at: Date, by: string, reason: string) =>
    tx
      .update(bans)
      .set({ liftedAt: at, liftedBy: by, liftReason: reason })
      .where(
        and(
          eq(bans.userId, userId),
          eq(bans.kind, 'STAFF'),
          isNull(bans.liftedAt),
          or(isNull(bans.endsAt), gt(bans.endsAt, at)),
        ),
      )
      .returning();

  return {
    /**
     * Bans the account from now until `endsAt` (null: for good). A ban already in force is replaced
     * (lifted, saying so), so the account has one ban in force and its end is the one staff last set.
     */
    async banPlayer(actor: StaffActorRef, userId: string, input: BanBody): Promise<StaffBan> {
      if (actor.actorId === userId) throw forbidden(staffPlayerMessages.selfBan);
      const at = now();
      const endsAt = input.endsAt === null ? null : new Date(input.endsAt);
      if (endsAt && endsAt.getTime() <= at.getTime())
        throw badRequest(staffPlayerMessages.endsAtPast, 'endsAt');
      return db.transaction(async (tx) => {
        const actorRoles = await prepare(actor, userId, tx);
        const current = await liveBanOf(tx, userId, at);
        const id = randomUUID();
        await liftBans(tx, userId, at, actor.actorId, `Replaced by ban ${id}`);
        const [ban] = await tx
          .insert(bans)
          .values({
            id,
            userId,
            reason: input.reason,
            startsAt: at,
            endsAt,
            createdBy: actor.actorId,
            createdAt: at,
          })
          .returning();
        const after = toStaffBan(ban!, at);
        await record(
          tx,
          actor,
          actorRoles,
          staffPlayerAuditActions.ban,
          userId,
          { ban: current ? toStaffBan(current, at) : null },
          { ban: after },
        );
        await recordEvent(tx, 'identity.banned', {
          userId,
          banId: ban!.id,
          reason: ban!.reason,
          startsAt: at.toISOString(),
          endsAt: endsAt?.toISOString() ?? null,
        });
        return after;
      });
    },

    /** Lifts the account's ban; 409 when none is in force. The player carries on without signing in again. */
    async unbanPlayer(actor: StaffActorRef, userId: string, reason: string): Promise<StaffBan[]> {
      const at = now();
      return db.transaction(async (tx) => {
        const actorRoles = await prepare(actor, userId, tx);
        const current = await liveBanOf(tx, userId, at, { staffOnly: true });
        if (!current) throw conflict(staffPlayerMessages.notBanned);
        const lifted = await liftBans(tx, userId, at, actor.actorId, reason);
        const after = lifted.map((row) => toStaffBan(row, at));
        await record(
          tx,
          actor,
          actorRoles,
          staffPlayerAuditActions.unban,
          userId,
          { ban: toStaffBan(current, at) },
          { lifted: after.map((b) => b.id), reason },
        );
        await recordEvent(tx, 'identity.unbanned', { userId, banIds: after.map((b) => b.id) });
        return after;
      });
    },
  };
}
export type StaffActions = ReturnType<typeof createStaffActions>;
