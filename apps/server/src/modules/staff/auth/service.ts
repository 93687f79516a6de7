import {
  STAFF_RECOVERY_CODE_COUNT,
  STAFF_TOTP_ISSUER,
  type StaffEnrolment,
  staffAuthMessages,
} from '@paws/contracts/staff-auth';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, badRequest } from '../../../lib/errors.ts';
import type { AuditService } from '../../audit/index.ts';
import type { StaffAccount, StaffCredentials } from '../../identity/index.ts';
import type { StaffActor } from '../access.ts';
import { staffRecoveryCodes, staffSecondFactors, staffSessions, staffSignInChallenges } from '../schema.ts';
import { createStaffCrypto, newRecoveryCode, newSessionToken } from './crypto.ts';

const CHALLENGE_MINUTES = 5;
const CHALLENGE_ATTEMPTS = 5;
/** A back-office session ends after 30 minutes without a request, and after 12 hours whatever happens. */
export const STAFF_SESSION_IDLE_MS = 30 * 60_000;
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60_000;
/** last_seen_at is written at most once a minute per session. */
const TOUCH_MS = 60_000;
/** Thrown inside the sign-in transaction to roll its claim back when the code is wrong. */
const wrongCode = new Error('wrong code');
/** One 30 s step either side of now, for clocks that drift. */
const TOTP_TOLERANCE_SECONDS = 30;

export interface StaffAuthOptions {
  db: Db;
  secret: string;
  credentials: StaffCredentials;
  audit: AuditService;
  isBanned(userId: string): Promise<boolean>;
  now?: () => Date;
}

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export function createStaffAuth({
  db,
  secret,
  credentials,
  audit,
  isBanned,
  now = () => new Date(),
}: StaffAuthOptions) {
  const crypto = createStaffCrypto(secret);

  async function enrolmentFor(email: string | null, totpSecret: string): Promise<StaffEnrolment> {
    const otpauthUri = generateURI({
      issuer: STAFF_TOTP_ISSUER,
      label: email ?? 'staff',
      secret: totpSecret,
    });
    return { secret: totpSecret, otpauthUri, qrDataUrl: await QRCode.toDataURL(otpauthUri, { margin: 1 }) };
  }

  async function newRecoveryCodes(userId: string, tx: DbOrTx) {
    const codes = Array.from({ length: STAFF_RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await tx
      .insert(staffRecoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: crypto.hashRecoveryCode(code) })));
    return codes;
  }

  /** The time step a TOTP code is good for, or null; never one at or before `after` (a code is good once). */
  async function totpStep(totpSecret: string, code: string, after: number | null) {
    if (!/^\d{6}$/.test(code)) return null;
    const result = await verify({
      secret: totpSecret,
      token: code,
      epoch: Math.floor(now().getTime() / 1000),
      epochTolerance: TOTP_TOLERANCE_SECONDS,
      ...(after !== null ? { afterTimeStep: after } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  async function startSession(account: StaffAccount, client: ClientInfo, tx: DbOrTx) {
    const token = newSessionToken();
    const start = now();
    const [session] = await tx
      .insert(staffSessions)
      .values({
        userId: account.userId,
        tokenHash: crypto.hashToken(token),
        ip: client.ip,
        userAgent: client.userAgent?.slice(0, 500) ?? null,
        createdAt: start,
        lastSeenAt: start,
        expiresAt: new Date(start.getTime() + STAFF_SESSION_MAX_MS),
      })
      .returning({ id: staffSessions.id });
    await audit.record(
      {
        actorId: account.userId,
        actorRoles: account.roles,
        action: 'staff.sign_in',
        targetType: 'staff_session',
        targetId: session!.id,
        ip: client.ip,
      },
      tx,
    );
    return token;
  }

  return {
    crypto,

    /** Password step: a challenge to answer with a TOTP code, and an enrolment when the account has no factor yet. */
    async startSignIn(email: string, password: string) {
      const account = await credentials.check(email, password);
      if (!account) throw new AppError(401, staffAuthMessages.invalidCredentials, 'password');
      if (await isBanned(account.userId)) throw new AppError(403, staffAuthMessages.banned, 'email');
      const [factor] = await db
        .select()
        .from(staffSecondFactors)
        .where(eq(staffSecondFactors.userId, account.userId));
      const enrolmentSecret = factor ? null : generateSecret();
      const [challenge] = await db
        .insert(staffSignInChallenges)
        .values({
          userId: account.userId,
          enrolmentSecretCiphertext: enrolmentSecret ? crypto.encrypt(enrolmentSecret) : null,
          expiresAt: new Date(now().getTime() + CHALLENGE_MINUTES * 60_000),
        })
        .returning({ id: staffSignInChallenges.id });
      return {
        challengeId: challenge!.id,
        step: enrolmentSecret ? ('enrol' as const) : ('verify' as const),
        ...(enrolmentSecret ? { enrolment: await enrolmentFor(account.email, enrolmentSecret) } : {}),
      };
    },

    /**
     * Code step: a TOTP code (or, once enrolled, a recovery code) answers the challenge and starts a session.
     * Enrolment stores the secret and answers ten recovery codes, shown once.
     */
    async finishSignIn(challengeId: string, code: string, client: ClientInfo) {
      // The try is counted before any code is checked, in one statement: only a call that got a row back
      // may check its code, so parallel codes on one challenge get five checks between them, not one each.
      // (Reads and the check stay outside the transaction: embedded PGlite has one connection.)
      const live = and(
        eq(staffSignInChallenges.id, challengeId),
        isNull(staffSignInChallenges.usedAt),
        gt(staffSignInChallenges.expiresAt, now()),
      );
      const [challenge] = await db
        .update(staffSignInChallenges)
        .set({ attempts: sql`${staffSignInChallenges.attempts} + 1` })
        .where(and(live, lt(staffSignInChallenges.attempts, CHALLENGE_ATTEMPTS)))
        .returning();
      if (!challenge) {
        const [spent] = await db
          .select({ id: staffSignInChallenges.id })
          .from(staffSignInChallenges)
          .where(live);
        throw spent
          ? new AppError(401, staffAuthMessages.tooManyCodes, 'code')
          : new AppError(401, staffAuthMessages.challenge, 'challengeId');
      }
      const account = await credentials.account(challenge.userId);
      if (!account || account.roles.length === 0)
        throw new AppError(401, staffAuthMessages.challenge, 'challengeId');
      const [factor] = await db
        .select()
        .from(staffSecondFactors)
        .where(eq(staffSecondFactors.userId, account.userId));
      const enrolling = challenge.enrolmentSecretCiphertext;
      if (!enrolling && !factor) throw new AppError(401, staffAuthMessages.challenge, 'challengeId');

      const secretOf = enrolling ?? factor!.secretCiphertext;
      const step = await totpStep(
        crypto.decrypt(secretOf),
        code,
        enrolling ? null : (factor?.lastTimeStep ?? null),
      );
      const recoveryHash = !enrolling && step === null ? crypto.hashRecoveryCode(code) : null;

      const session = await db
        .transaction(async (tx) => {
          const claimed = await tx
            .update(staffSignInChallenges)
            .set({ usedAt: now() })
            .where(and(eq(staffSignInChallenges.id, challenge.id), isNull(staffSignInChallenges.usedAt)))
            .returning({ id: staffSignInChallenges.id });
          if (claimed.length === 0) throw new AppError(401, staffAuthMessages.challenge, 'challengeId');
          const actor = {
            actorId: account.userId,
            actorRoles: account.roles,
            targetType: 'user',
            targetId: account.userId,
            ip: client.ip,
          };

          let recoveryCodes: string[] | undefined;
          if (enrolling) {
            if (step === null) throw wrongCode;
            const inserted = await tx
              .insert(staffSecondFactors)
              .values({
                userId: account.userId,
                secretCiphertext: enrolling,
                lastTimeStep: step,
                enabledAt: now(),
              })
              .onConflictDoNothing()
              .returning({ userId: staffSecondFactors.userId });
            if (inserted.length === 0) throw new AppError(409, staffAuthMessages.challenge, 'challengeId');
            recoveryCodes = await newRecoveryCodes(account.userId, tx);
            await audit.record({ ...actor, action: 'staff.enrol_second_factor' }, tx);
          } else if (step !== null) {
            // A code is good once, even when two sign-ins race with it.
            const advanced = await tx
              .update(staffSecondFactors)
              .set({ lastTimeStep: step })
              .where(
                and(
                  eq(staffSecondFactors.userId, account.userId),
                  sql`coalesce(${staffSecondFactors.lastTimeStep}, -1) < ${step}`,
                ),
              )
              .returning({ userId: staffSecondFactors.userId });
            if (advanced.length === 0) throw wrongCode;
          } else {
            const used = await tx
              .update(staffRecoveryCodes)
              .set({ usedAt: now() })
              .where(
                and(
                  eq(staffRecoveryCodes.userId, account.userId),
                  eq(staffRecoveryCodes.codeHash, recoveryHash!),
                  isNull(staffRecoveryCodes.usedAt),
                ),
              )
              .returning({ id: staffRecoveryCodes.id });
            if (used.length === 0) throw wrongCode;
            await audit.record({ ...actor, action: 'staff.use_recovery_code' }, tx);
          }
          return { token: await startSession(account, client, tx), recoveryCodes };
        })
        .catch((error) => {
          if (error === wrongCode) return null;
          throw error;
        });
      if (!session) {
        // The wrong code rolled the claim back; its try was counted before the check.
        const left = CHALLENGE_ATTEMPTS - challenge.attempts;
        throw new AppError(
          401,
          left > 0 ? staffAuthMessages.wrongCode : staffAuthMessages.tooManyCodes,
          'code',
        );
      }
      return { token: session.token, account, recoveryCodes: session.recoveryCodes };
    },

    /** The staff member a session token signs in, or null (expired, idle, revoked, banned, no role left). */
    async actorFor(token: string | undefined, ip: string): Promise<StaffActor | null> {
      if (!token) return null;
      const moment = now();
      const [session] = await db
        .select()
        .from(staffSessions)
        .where(
          and(
            eq(staffSessions.tokenHash, crypto.hashToken(token)),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, moment),
          ),
        );
      if (!session || moment.getTime() - session.lastSeenAt.getTime() > STAFF_SESSION_IDLE_MS) return null;
      const account = await credentials.account(session.userId);
      if (!account || account.roles.length === 0 || (await isBanned(session.userId))) return null;
      if (moment.getTime() - session.lastSeenAt.getTime() > TOUCH_MS) {
        await db.update(staffSessions).set({ lastSeenAt: moment }).where(eq(staffSessions.id, session.id));
      }
      return { id: account.userId, email: account.email, roles: account.roles, sessionId: session.id, ip };
    },

    async signOut(actor: StaffActor) {
      await db.transaction(async (tx) => {
        await tx.update(staffSessions).set({ revokedAt: now() }).where(eq(staffSessions.id, actor.sessionId));
        await audit.record(
          {
            actorId: actor.id,
            actorRoles: actor.roles,
            action: 'staff.sign_out',
            targetType: 'staff_session',
            targetId: actor.sessionId,
            ip: actor.ip,
          },
          tx,
        );
      });
    },

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

    /** Ends every back-office session of an account (its roles were revoked, or it was banned). */
    async endSessionsOf(userId: string, tx: DbOrTx = db) {
      await tx
        .update(staffSessions)
        .set({ revokedAt: now() })
        .where(and(eq(staffSessions.userId, userId), isNull(staffSessions.revokedAt)));
    },
  };
}
export type StaffAuth = ReturnType<typeof createStaffAuth>;
