import {
  STAFF_RECOVERY_CODE_COUNT,
  STAFF_TOTP_ISSUER,
  type StaffEnrolment,
  staffAuthMessages,
} from '@paws/contracts/staff-auth';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { hashRecoveryCode, matchRecoveryCode } from '../../../lib/recovery-codes.ts';
import { newTotpSecret, totpEnrolment, totpStepOf } from '../../../lib/totp.ts';
import type { AuditService } from '../../audit/index.ts';
import type { StaffCredentials } from '../../identity/index.ts';
import { staffRecoveryCodes, staffSecondFactors, staffSignInChallenges } from '../schema.ts';
import { newRecoveryCode, type StaffCrypto } from './crypto.ts';
import type { ClientInfo, StaffSessions } from './sessions.ts';

const CHALLENGE_MINUTES = 5;
const CHALLENGE_ATTEMPTS = 5;
/** Thrown inside the sign-in transaction to roll its claim back when the code is wrong. */
const wrongCode = new Error('wrong code');

export interface StaffSignInDeps {
  db: Db;
  crypto: StaffCrypto;
  credentials: StaffCredentials;
  audit: AuditService;
  isBanned(userId: string): Promise<boolean>;
  sessions: StaffSessions;
  now: () => Date;
}

/** The back office's two-step sign-in: the password, then a TOTP code (enrolling the factor the first time). */
export function createStaffSignIn({
  db,
  crypto,
  credentials,
  audit,
  isBanned,
  sessions,
  now,
}: StaffSignInDeps) {
  const enrolmentFor = (email: string | null, totpSecret: string): Promise<StaffEnrolment> =>
    totpEnrolment(STAFF_TOTP_ISSUER, email ?? 'staff', totpSecret);

  async function newRecoveryCodes(userId: string, tx: DbOrTx) {
    const codes = Array.from({ length: STAFF_RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map(hashRecoveryCode));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
    await tx.insert(staffRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    return codes;
  }

  /** The time step a TOTP code is good for, or null; never one at or before `after` (a code is good once). */
  const totpStep = (totpSecret: string, code: string, after: number | null) =>
    totpStepOf(totpSecret, code, now(), after);

  return {
    /** Password step: a challenge to answer with a TOTP code, and an enrolment when the account has no factor yet. */
    async startSignIn(email: string, password: string) {
      const account = await credentials.check(email, password);
      if (!account) throw new AppError(401, staffAuthMessages.invalidCredentials, 'password');
      if (await isBanned(account.userId)) throw new AppError(403, staffAuthMessages.banned, 'email');
      const [factor] = await db
        .select()
        .from(staffSecondFactors)
        .where(eq(staffSecondFactors.userId, account.userId));
      const enrolmentSecret = factor ? null : newTotpSecret();
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
      // Not a TOTP code: the unused recovery code it matches (argon2id, or the old keyed hash), found
      // before the transaction; the transaction uses it up only if it is still unused.
      const recoveryId =
        !enrolling && step === null
          ? await matchRecoveryCode(
              await db
                .select({ id: staffRecoveryCodes.id, codeHash: staffRecoveryCodes.codeHash })
                .from(staffRecoveryCodes)
                .where(and(eq(staffRecoveryCodes.userId, account.userId), isNull(staffRecoveryCodes.usedAt))),
              code,
              crypto.hashRecoveryCode,
            )
          : undefined;

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
            if (!recoveryId) throw wrongCode;
            const used = await tx
              .update(staffRecoveryCodes)
              .set({ usedAt: now() })
              .where(
                and(
                  eq(staffRecoveryCodes.id, recoveryId),
                  eq(staffRecoveryCodes.userId, account.userId),
                  isNull(staffRecoveryCodes.usedAt),
                ),
              )
              .returning({ id: staffRecoveryCodes.id });
            if (used.length === 0) throw wrongCode;
            await audit.record({ ...actor, action: 'staff.use_recovery_code' }, tx);
          }
          return { token: await sessions.start(account, client, tx), recoveryCodes };
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
  };
}
