import {
  type FactorRemoval,
  type FactorRemovalStatus,
  type PlayerFactors,
  type RemovableFactor,
  type StaffLiveSession,
  staffFactorAuditActions,
  staffFactorMessages,
} from '@paws/contracts/staff-factors';
import { staffPlayerMessages } from '@paws/contracts/staff-players';
import { desc, eq } from 'drizzle-orm';
import { recordEvent } from '../../core/events/record.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { AuditService } from '../audit/index.ts';
import type { Messaging } from '../messaging/index.ts';
import { createAccountDirectory } from './directory.ts';
import { type FactorRemovalRow, factorRemovalRequests } from './factor-removal-schema.ts';
import { staffRoles, users } from './schema.ts';
import { type SessionList, utcMinute } from './session-list.ts';
import type { StaffActorRef } from './staff-actions.ts';
import type { TwoStep } from './two-step.ts';

export interface PlayerSecurityDeps {
  db: Db;
  now: () => Date;
  audit: AuditService;
  messaging: Messaging;
  mySessions: SessionList;
  twoStep: TwoStep;
}

const factorNames: Record<RemovableFactor, string> = { totp: 'two-step sign-in (authenticator app)' };

/** The e-mail of an approved removal: what was turned off, when, and what to do if the player did not ask. */
export const factorRemovedMail = (factor: RemovableFactor, at: string) => ({
  subject: 'Two-step sign-in was turned off on your PAWS account',
  text: `At your request, our support team turned off ${factorNames[factor]} on your PAWS account on ${at}.\n\nYou now sign in with your password (or a one-time code) alone. Turn two-step sign-in on again in your profile when you have your new phone.\n\nIf you did not ask for this, contact support at once and change your password.`,
});

/**
 * Support and a player's factors (issue 29 point 6): the player's live sessions, which staff may end (one or
 * all, with a reason, audited), the factors the player signs in with (never their secrets), and four-eyes
 * removal of a factor: support asks with a reason, a different staff member approves or rejects, and only
 * an approval turns the factor off (the same effect as the player's own disable). Each write runs in one
 * transaction with its audit row; acting on a staff account needs admin, as for bans.
 */
export function createPlayerSecurity({ db, now, audit, messaging, mySessions, twoStep }: PlayerSecurityDeps) {
  const directory = createAccountDirectory(db);

  /** Locks the target account; acting on a staff account needs admin (as staff-actions.ts). */
  async function prepare(actor: StaffActorRef, userId: string, tx: DbOrTx) {
    const [target] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!target) throw notFound(staffPlayerMessages.notFound);
    const [staffRole] = await tx
      .select({ role: staffRoles.role })
      .from(staffRoles)
      .where(eq(staffRoles.userId, userId))
      .limit(1);
    if (staffRole && actor.actorId !== userId && !actor.actorRoles?.includes('admin'))
      throw forbidden(staffPlayerMessages.staffTarget);
    return target;
  }

  const record = (
    tx: DbOrTx,
    actor: StaffActorRef,
    action: string,
    userId: string,
    before: unknown,
    after: unknown,
  ) =>
    audit.record(
      {
        actorId: actor.actorId,
        actorRoles: actor.actorRoles ?? [],
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

  async function assertPlayer(userId: string) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound(staffPlayerMessages.notFound);
  }

  async function present(rows: FactorRemovalRow[]): Promise<FactorRemoval[]> {
    const ids = rows.flatMap((row) => [
      row.userId,
      row.requestedBy,
      ...(row.decidedBy ? [row.decidedBy] : []),
    ]);
    const emails = await directory.emailsOf([...new Set(ids)]);
    return rows.map((row) => ({
      id: row.id,
      playerId: row.userId,
      playerEmail: emails.get(row.userId) ?? null,
      factor: row.factor,
      status: row.status,
      reason: row.reason,
      requestedBy: row.requestedBy,
      requestedByEmail: emails.get(row.requestedBy) ?? null,
      requestedAt: row.requestedAt.toISOString(),
      decidedBy: row.decidedBy,
      decidedByEmail: row.decidedBy ? (emails.get(row.decidedBy) ?? null) : null,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionReason: row.decisionReason,
    }));
  }

  /** Locks a pending request the actor may decide: not found, decided already, or their own are refused. */
  async function pendingForDecision(tx: DbOrTx, actor: StaffActorRef, requestId: string) {
    const [row] = await tx
      .select()
      .from(factorRemovalRequests)
      .where(eq(factorRemovalRequests.id, requestId))
      .for('update');
    if (!row) throw notFound(staffFactorMessages.requestNotFound);
    if (row.status !== 'PENDING') throw conflict(staffFactorMessages.decided);
    if (row.requestedBy === actor.actorId) throw forbidden(staffFactorMessages.ownRequest);
    return row;
  }

  const decide = (
    tx: DbOrTx,
    row: FactorRemovalRow,
    actor: StaffActorRef,
    status: FactorRemovalStatus,
    reason: string,
  ) =>
    tx
      .update(factorRemovalRequests)
      .set({ status, decidedBy: actor.actorId, decidedAt: now(), decisionReason: reason })
      .where(eq(factorRemovalRequests.id, row.id))
      .returning()
      .then((rows) => rows[0]!);

  return {
    /** The account's live sessions (a sign-in each), as the player's own list shows them. */
    async liveSessions(userId: string): Promise<StaffLiveSession[]> {
      await assertPlayer(userId);
      const items = await mySessions.listFor(userId, null);
      return items.map(({ current: _current, ...session }) => session);
    },

    /**
     * Ends one live session of the account (null: all of them), with the reason in its audit row: that
     * device is refused on its next request and its sockets drop at once (the player's own path).
     */
    async endSessions(
      actor: StaffActorRef,
      userId: string,
      sessionId: string | null,
      reason: string,
    ): Promise<{ ended: number }> {
      return db.transaction(async (tx) => {
        await prepare(actor, userId, tx);
        const ended = await mySessions.endForAccount(tx, userId, sessionId);
        if (sessionId !== null && ended.length === 0) throw notFound(staffFactorMessages.sessionNotFound);
        await record(
          tx,
          actor,
          sessionId === null ? staffFactorAuditActions.endAllSessions : staffFactorAuditActions.endSession,
          userId,
          { liveSessions: ended },
          { ended: ended.length, reason },
        );
        return { ended: ended.length };
      });
    },

    /** The factors the player signs in with (never a secret), and the removal requests of them. */
    async factorsOf(userId: string): Promise<PlayerFactors> {
      const [user] = await db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw notFound(staffPlayerMessages.notFound);
      const [totp, rows] = await Promise.all([
        twoStep.staffView(userId),
        db
          .select()
          .from(factorRemovalRequests)
          .where(eq(factorRemovalRequests.userId, userId))
          .orderBy(desc(factorRemovalRequests.requestedAt))
          .limit(20),
      ]);
      const removals = await present(rows);
      removals.sort((a, b) => Number(b.status === 'PENDING') - Number(a.status === 'PENDING'));
      return { password: Boolean(user.passwordHash), totp, removals };
    },

    /** Asks for a factor of the player to be turned off: 409 when it is off or a request already waits. */
    async requestRemoval(
      actor: StaffActorRef,
      userId: string,
      factor: RemovableFactor,
      reason: string,
    ): Promise<FactorRemoval> {
      const row = await db.transaction(async (tx) => {
        await prepare(actor, userId, tx);
        if (!(await twoStep.isOn(userId, tx))) throw conflict(staffFactorMessages.factorOff, 'factor');
        const [inserted] = await tx
          .insert(factorRemovalRequests)
          .values({ userId, factor, reason, requestedBy: actor.actorId, requestedAt: now() })
          .onConflictDoNothing()
          .returning();
        if (!inserted) throw conflict(staffFactorMessages.pendingExists, 'factor');
        await record(tx, actor, staffFactorAuditActions.requestRemoval, userId, null, {
          requestId: inserted.id,
          factor,
          reason,
        });
        return inserted;
      });
      return (await present([row]))[0]!;
    },

    /** Factor removal requests with this status (pending: the approvers' queue, oldest first). */
    async removals(status: FactorRemovalStatus): Promise<FactorRemoval[]> {
      const rows = await db
        .select()
        .from(factorRemovalRequests)
        .where(eq(factorRemovalRequests.status, status))
        .orderBy(
          status === 'PENDING' ? factorRemovalRequests.requestedAt : desc(factorRemovalRequests.decidedAt),
        )
        .limit(200);
      return present(rows);
    },

    /**
     * Approves another staff member's request: the factor is turned off (secret, recovery codes and pending
     * sign-ins deleted), the player is e-mailed and notified (identity.factor_removed), both in the
     * transaction of the decision and its audit row. A factor the player turned off meanwhile: approved,
     * nothing left to remove, no message.
     */
    async approveRemoval(actor: StaffActorRef, requestId: string, reason: string): Promise<FactorRemoval> {
      const row = await db.transaction(async (tx) => {
        const request = await pendingForDecision(tx, actor, requestId);
        const target = await prepare(actor, request.userId, tx);
        const wasOn = await twoStep.removeIn(tx, request.userId);
        const decided = await decide(tx, request, actor, 'APPROVED', reason);
        await record(
          tx,
          actor,
          staffFactorAuditActions.approveRemoval,
          request.userId,
          { requestId, factor: request.factor, enabled: wasOn },
          { requestId, factor: request.factor, enabled: false, reason },
        );
        if (wasOn) {
          await recordEvent(tx, 'identity.factor_removed', {
            userId: request.userId,
            factor: request.factor,
            requestId,
          });
          if (target.email) {
            const mail = factorRemovedMail(request.factor, utcMinute(now()));
            await messaging.email(target.email, mail.subject, mail.text, tx);
          }
        }
        return decided;
      });
      return (await present([row]))[0]!;
    },

    /** Rejects another staff member's request: the factor stays on. */
    async rejectRemoval(actor: StaffActorRef, requestId: string, reason: string): Promise<FactorRemoval> {
      const row = await db.transaction(async (tx) => {
        const request = await pendingForDecision(tx, actor, requestId);
        await prepare(actor, request.userId, tx);
        const decided = await decide(tx, request, actor, 'REJECTED', reason);
        await record(
          tx,
          actor,
          staffFactorAuditActions.rejectRemoval,
          request.userId,
          { requestId, factor: request.factor, status: 'PENDING' },
          { requestId, factor: request.factor, status: 'REJECTED', reason },
        );
        return decided;
      });
      return (await present([row]))[0]!;
    },
  };
}
export type PlayerSecurity = ReturnType<typeof createPlayerSecurity>;
