import type { VerificationType } from '@paws/contracts/profile';
import { type StaffRole, specRoleOf } from '@paws/contracts/staff';
import { and, asc, desc, eq, gte, inArray, isNull, lt, max, not, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isBannedSql, nextBanChangeSql } from './bans.ts';
import {
  type SessionRow,
  type StaffRoleRow,
  sessions,
  staffRoles,
  type UserRow,
  users,
  type VerificationCodeRow,
  verificationCodes,
} from './schema.ts';

export type NewUser = typeof users.$inferInsert;
export type NewSession = typeof sessions.$inferInsert;
export type NewVerificationCode = typeof verificationCodes.$inferInsert;
export type CodePurpose = VerificationCodeRow['purpose'];

/** PostgreSQL's unique_violation, with the constraint it hit. */
export function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? '';
  }
  return undefined;
}

/**
 * First key of the transaction lock on a target while a code's try is taken (the second is the target's
 * hash); any constant no other two-key advisory lock uses (the migration lock has one key).
 */
const CODE_TRIES_LOCK = 4_710_318;

/** The account fields GET /profile/user-data shows (see the identity service's toUser). */
export const shownUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  phone: users.phone,
  emailVerifiedAt: users.emailVerifiedAt,
  phoneVerifiedAt: users.phoneVerifiedAt,
  role: users.role,
  promoCode: users.promoCode,
  referralCode: users.referralCode,
  verificationType: users.verificationType,
  avatarFull: users.avatarFull,
  avatarSmall: users.avatarSmall,
  createdAt: users.createdAt,
};
export type ShownUser = Pick<UserRow, keyof typeof shownUserColumns>;

const sessionWithUserQuery = (q: DbOrTx) =>
  q
    .select({
      sessionId: sessions.id,
      familyId: sessions.familyId,
      userId: sessions.userId,
      revokedAt: sessions.revokedAt,
      expiresAt: sessions.expiresAt,
      role: users.role,
      banned: isBannedSql(sessions.userId, sql.placeholder('at')),
      banChangesAt: nextBanChangeSql(sessions.userId, sql.placeholder('at')),
      user: shownUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')));

export function createIdentityRepository(db: DbOrTx) {
  let sessionWithUserStatement: ReturnType<ReturnType<typeof sessionWithUserQuery>['prepare']> | undefined;
  return {
    db,
    transaction<T>(fn: (tx: DbOrTx) => Promise<T>) {
      return db.transaction((tx) => fn(tx));
    },

    // Users.
    async userById(id: string, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.id, id));
      return row;
    },
    /** Account ids after `after` in id order, a page at a time (for a walk over every account). */
    async userIdsAfter(after: string | null, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(after === null ? undefined : sql`${users.id} > ${after}`)
        .orderBy(asc(users.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },
    /** Player accounts (no staff) that are not banned at `at`. */
    async activePlayerIds(at: Date): Promise<string[]> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'player'), not(isBannedSql(users.id, at))));
      return rows.map((row) => row.id);
    },
    async userByEmail(email: string, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.email, email));
      return row;
    },
    async userByPhone(phone: string, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(eq(users.phone, phone));
      return row;
    },
    async userByUsername(username: string, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
      return row;
    },
    async insertUser(values: NewUser, tx: DbOrTx = db): Promise<UserRow> {
      const [row] = await tx.insert(users).values(values).returning();
      return row!;
    },
    /** Inserts unless the e-mail (or another unique key) exists; answers whether it inserted. */
    async insertUserIfAbsent(values: NewUser, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
      return rows.length > 0;
    },
    async updateUser(id: string, values: Partial<NewUser>, tx: DbOrTx = db): Promise<UserRow | undefined> {
      const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
      return row;
    },

    /** One guarded statement, so two concurrent moves cannot both start from the same state. */
    async moveVerificationType(
      id: string,
      from: readonly VerificationType[],
      to: VerificationType,
      tx: DbOrTx = db,
    ): Promise<boolean> {
      const rows = await tx
        .update(users)
        .set({ verificationType: to })
        .where(and(eq(users.id, id), inArray(users.verificationType, [...from])))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    // Sessions.
    /** Whether the player has had a session from this user agent before (any state). */
    async hasSignedInWith(userId: string, userAgent: string | undefined, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ id: sessions.id })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            userAgent ? eq(sessions.userAgent, userAgent.slice(0, 512)) : isNull(sessions.userAgent),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async insertSession(values: NewSession, tx: DbOrTx = db): Promise<SessionRow> {
      const [row] = await tx.insert(sessions).values(values).returning();
      return row!;
    },
    /** The newest proof of presence of a sign-in (its session family), or null (step-up.ts). */
    async familyProvedAt(familyId: string, tx: DbOrTx = db): Promise<Date | null> {
      const [row] = await tx
        .select({ at: max(sessions.provedAt) })
        .from(sessions)
        .where(eq(sessions.familyId, familyId));
      return row?.at ?? null;
    },
    async sessionByTokenHash(tokenHash: string, tx: DbOrTx = db): Promise<SessionRow | undefined> {
      const [row] = await tx.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
      return row;
    },
    /**
     * The session an access token names, with what the request needs of its user (banned at `at`) and the
     * account fields the user data shows (a signed-in read then needs no second query). On the database
     * itself a prepared statement: this runs on every signed-in call, and building its SQL each time cost
     * more than the query.
     */
    async sessionWithUser(sessionId: string, at: Date, tx: DbOrTx = db) {
      const values = { sessionId, at: at.toISOString() };
      if (tx !== db) return (await sessionWithUserQuery(tx).execute(values))[0];
      sessionWithUserStatement ??= sessionWithUserQuery(db).prepare('identity_session_with_user');
      return (await sessionWithUserStatement.execute(values))[0];
    },
    /** Marks a token spent, only if nobody else did first; answers whether this call did. */
    async markSessionReplaced(id: string, replacedBy: string, now: Date, tx: DbOrTx = db) {
      const rows = await tx
        .update(sessions)
        .set({ replacedBy, lastUsedAt: now })
        .where(and(eq(sessions.id, id), isNull(sessions.replacedBy), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
    async revokeFamily(familyId: string, now: Date, tx: DbOrTx = db) {
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
    },
    async revokeUserSessions(userId: string, now: Date, tx: DbOrTx = db) {
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    // Codes and link tokens.
    async insertCode(values: NewVerificationCode, tx: DbOrTx = db): Promise<VerificationCodeRow> {
      const [row] = await tx.insert(verificationCodes).values(values).returning();
      return row!;
    },
    async latestCode(purpose: CodePurpose, target: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(verificationCodes)
        .where(and(eq(verificationCodes.purpose, purpose), eq(verificationCodes.target, target)))
        .orderBy(desc(verificationCodes.createdAt))
        .limit(1);
      return row;
    },
    async codeBySecretHash(secretHash: string, tx: DbOrTx = db) {
      const [row] = await tx
        .select()
        .from(verificationCodes)
        .where(eq(verificationCodes.secretHash, secretHash));
      return row;
    },
    /**
     * Takes one of the code's tries, only while fewer than `maxPerCode` were taken on it and fewer than
     * `maxPerDay` on the target's codes issued since `since` (any purpose): 'day' or 'code' says which limit
     * refused it. The check and the take run under a lock on the target held to the end of the transaction,
     * so parallel tries on several of its codes cannot pass the daily limit together.
     */
    async reserveAttemptWithinDay(
      { id, target }: Pick<VerificationCodeRow, 'id' | 'target'>,
      since: Date,
      { maxPerCode, maxPerDay }: { maxPerCode: number; maxPerDay: number },
      tx: DbOrTx = db,
    ): Promise<'reserved' | 'day' | 'code'> {
      return tx.transaction(async (t) => {
        await t.execute(sql`select pg_advisory_xact_lock(${CODE_TRIES_LOCK}::int, hashtext(${target}))`);
        const [day] = await t
          .select({ wrong: sql<string | null>`sum(${verificationCodes.attempts})` })
          .from(verificationCodes)
          .where(and(eq(verificationCodes.target, target), gte(verificationCodes.createdAt, since)));
        if (Number(day?.wrong ?? 0) >= maxPerDay) return 'day';
        const rows = await t
          .update(verificationCodes)
          .set({ attempts: sql`${verificationCodes.attempts} + 1` })
          .where(and(eq(verificationCodes.id, id), lt(verificationCodes.attempts, maxPerCode)))
          .returning({ id: verificationCodes.id });
        return rows.length > 0 ? 'reserved' : 'code';
      });
    },
    /** Gives back the try of a right code, so that only wrong ones count. */
    async refundAttempt(id: string, tx: DbOrTx = db) {
      await tx
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} - 1` })
        .where(eq(verificationCodes.id, id));
    },
    /** Ends every live code of a purpose and target (a new one replaces them). */
    async supersedeCodes(purpose: CodePurpose, target: string, now: Date, tx: DbOrTx = db) {
      await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(verificationCodes.purpose, purpose),
            eq(verificationCodes.target, target),
            isNull(verificationCodes.consumedAt),
          ),
        );
    },
    /** Uses a code up, only if it was still unused; answers whether this call did. */
    async consumeCode(id: string, now: Date, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .update(verificationCodes)
        .set({ consumedAt: now })
        .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
        .returning({ id: verificationCodes.id });
      return rows.length > 0;
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;

/** An account with its staff roles, for the staff list. */
export interface StaffMemberRow {
  userId: string;
  email: string | null;
  username: string | null;
  roles: StaffRoleRow[];
}

/**
 * The staff roles identity keeps, without permission checks: the staff module decides who may change them
 * (admins) and audits each change. Every write also brings users.role (the spec's role of user data) in step,
 * so call them inside one transaction.
 */
export function createStaffRoleRepository(db: DbOrTx) {
  async function syncSpecRole(userId: string, tx: DbOrTx) {
    const held = await tx
      .select({ role: staffRoles.role })
      .from(staffRoles)
      .where(eq(staffRoles.userId, userId));
    await tx
      .update(users)
      .set({ role: specRoleOf(held.map((r) => r.role)) })
      .where(eq(users.id, userId));
  }

  return {
    transaction<T>(fn: (tx: DbOrTx) => Promise<T>) {
      return db.transaction((tx) => fn(tx));
    },

    /** The account's staff roles (grants), by role name. */
    async rolesOf(userId: string, tx: DbOrTx = db): Promise<StaffRoleRow[]> {
      return tx.select().from(staffRoles).where(eq(staffRoles.userId, userId)).orderBy(asc(staffRoles.role));
    },

    /** Locks the account's row until the transaction ends (changes to one account's roles queue up). */
    async lockUser(userId: string, tx: DbOrTx): Promise<boolean> {
      const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      return rows.length > 0;
    },

    /** Locks every admin grant and answers the admins' ids: the last admin's grant cannot race away. */
    async lockAdmins(tx: DbOrTx): Promise<string[]> {
      const rows = await tx
        .select({ userId: staffRoles.userId })
        .from(staffRoles)
        .where(eq(staffRoles.role, 'admin'))
        .orderBy(asc(staffRoles.userId))
        .for('update');
      return rows.map((r) => r.userId);
    },

    /** Grants a role unless held (the first grant's author and time stay); answers whether it inserted. */
    async grant(
      grant: { userId: string; role: StaffRole; grantedBy: string | null; grantedAt?: Date },
      tx: DbOrTx = db,
    ): Promise<boolean> {
      const rows = await tx
        .insert(staffRoles)
        .values({ ...grant, grantedAt: grant.grantedAt ?? new Date() })
        .onConflictDoNothing()
        .returning({ userId: staffRoles.userId });
      await syncSpecRole(grant.userId, tx);
      return rows.length > 0;
    },

    /** Revokes a role if held; answers whether it deleted. */
    async revoke(userId: string, role: StaffRole, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx
        .delete(staffRoles)
        .where(and(eq(staffRoles.userId, userId), eq(staffRoles.role, role)))
        .returning({ userId: staffRoles.userId });
      await syncSpecRole(userId, tx);
      return rows.length > 0;
    },

    /** Every account holding a staff role, by e-mail. */
    async members(tx: DbOrTx = db): Promise<StaffMemberRow[]> {
      const rows = await tx
        .select({ userId: users.id, email: users.email, username: users.username, grant: staffRoles })
        .from(staffRoles)
        .innerJoin(users, eq(users.id, staffRoles.userId))
        .orderBy(asc(users.email), asc(users.id), asc(staffRoles.role));
      const members = new Map<string, StaffMemberRow>();
      for (const { userId, email, username, grant } of rows) {
        const member = members.get(userId) ?? { userId, email, username, roles: [] };
        member.roles.push(grant);
        members.set(userId, member);
      }
      return [...members.values()];
    },
  };
}

export type StaffRoleRepository = ReturnType<typeof createStaffRoleRepository>;
