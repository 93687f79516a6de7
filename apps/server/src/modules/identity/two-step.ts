import { createHmac } from 'node:crypto';
import {
  PLAYER_RECOVERY_CODE_COUNT,
  PLAYER_TOTP_ISSUER,
  TWO_STEP_REQUIRED,
  type TwoStepEnrolment,
  type TwoStepStatus,
  twoStepMessages,
} from '@paws/contracts/two-step';
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { hashRecoveryCode, matchRecoveryCode } from '../../lib/recovery-codes.ts';
import {
  createSealer,
  newRecoveryCode,
  newTotpSecret,
  recoveryCodeCanonical,
  totpEnrolment,
  totpStepOf,
} from '../../lib/totp.ts';
import { randomToken, type Secrets } from './crypto.ts';
import { pendingSignIns, playerRecoveryCodes, playerTwoStep, users } from './schema.ts';

export const PENDING_SIGN_IN_MINUTES = 5;
/** Codes one pending sign-in may try. */
export const PENDING_SIGN_IN_ATTEMPTS = 5;
/** Codes one account may try in a window, across its pending sign-ins and profile calls. */
export const ACCOUNT_ATTEMPTS_PER_WINDOW = 10;
export const ACCOUNT_WINDOW_MINUTES = 15;
/** NIST SP 800-63B §5.2.2: at most 100 consecutive failed attempts on one account. */
export const MAX_FAILED_IN_ROW = 100;

/** Thrown inside a transaction to roll its claim back when the code is wrong. */
const wrongCode = new Error('wrong code');
const wrongCodeError = () => badRequest(twoStepMessages.wrongCode, 'code');

export type SignInPurpose = 'login' | 'registration';

/** The 403 of a sign-in whose account has an authenticator app: no session yet, a pending sign-in instead. */
export const twoStepRequiredError = (pendingSignIn: string) =>
  new AppError(403, twoStepMessages.required, undefined, { code: TWO_STEP_REQUIRED, pendingSignIn });

export interface TwoStepDeps {
  db: Db;
  secret: string;
  secrets: Secrets;
  now: () => Date;
}

/**
 * The players' two-step sign-in (issue 29): an authenticator app (TOTP) enrolled from the profile, ten
 * one-time recovery codes, and the second step of every password or one-time-code sign-in while it is on.
 * Every code tried is counted in the database before it is checked, per pending sign-in and per account;
 * a TOTP code's time step is recorded when accepted, so the same code is never accepted twice.
 */
export function createTwoStep({ db, secret, secrets, now }: TwoStepDeps) {
  const sealer = createSealer(createHmac('sha256', secret).update('identity/totp-secret').digest());
  /** The keyed hash recovery codes were stored as before argon2id: still checked for the rows it made. */
  const recoveryHash = (code: string) => secrets.hash(`recovery:${recoveryCodeCanonical(code)}`);
  const pendingHash = (token: string) => secrets.hash(`pending-sign-in:${token}`);
  const stamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

  /** Deletes the secret (an enrolment too), the recovery codes and the pending sign-ins; whether it was on. */
  async function removeIn(tx: DbOrTx, userId: string): Promise<boolean> {
    await tx.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
    await tx.delete(playerRecoveryCodes).where(eq(playerRecoveryCodes.userId, userId));
    const removed = await tx
      .delete(playerTwoStep)
      .where(eq(playerTwoStep.userId, userId))
      .returning({ enabledAt: playerTwoStep.enabledAt });
    return Boolean(removed[0]?.enabledAt);
  }

  const factorOf = async (userId: string, q: DbOrTx = db) =>
    (await q.select().from(playerTwoStep).where(eq(playerTwoStep.userId, userId)))[0];

  async function replaceRecoveryCodes(userId: string, tx: DbOrTx) {
    const codes = Array.from({ length: PLAYER_RECOVERY_CODE_COUNT }, newRecoveryCode);
    const hashes = await Promise.all(codes.map(hashRecoveryCode));
    await tx.delete(playerRecoveryCodes).where(eq(playerRecoveryCodes.userId, userId));
    await tx.insert(playerRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
    return codes;
  }

  /**
   * Takes one try from the account's window before any code is checked, in one statement, so parallel
   * guesses cannot exceed it. The row comes back only when the try was granted.
   */
  async function reserveAccountTry(userId: string) {
    const at = now();
    const windowStart = new Date(at.getTime() - ACCOUNT_WINDOW_MINUTES * 60_000);
    const fresh = sql`${playerTwoStep.attemptsSince} <= ${stamp(windowStart)}`;
    const [row] = await db
      .update(playerTwoStep)
      .set({
        attempts: sql`case when ${fresh} then 1 else ${playerTwoStep.attempts} + 1 end`,
        attemptsSince: sql`case when ${fresh} then ${stamp(at)} else ${playerTwoStep.attemptsSince} end`,
        failedInRow: sql`${playerTwoStep.failedInRow} + 1`,
      })
      .where(
        and(
          eq(playerTwoStep.userId, userId),
          lt(playerTwoStep.failedInRow, MAX_FAILED_IN_ROW),
          or(fresh, lt(playerTwoStep.attempts, ACCOUNT_ATTEMPTS_PER_WINDOW)),
        ),
      )
      .returning();
    if (row) return row;
    const factor = await factorOf(userId);
    if (!factor) throw badRequest(twoStepMessages.off, 'code');
    if (factor.failedInRow >= MAX_FAILED_IN_ROW) throw new AppError(403, twoStepMessages.locked, 'code');
    throw new AppError(429, twoStepMessages.tooManyForAccount, 'code');
  }

  /** A right code gives its try back and clears the run of failures. */
  const clearFailures = (userId: string, tx: DbOrTx) =>
    tx
      .update(playerTwoStep)
      .set({ attempts: sql`greatest(${playerTwoStep.attempts} - 1, 0)`, failedInRow: 0 })
      .where(eq(playerTwoStep.userId, userId));

  /**
   * Checks a TOTP or recovery code of an account whose app is on, and uses it up inside `work`'s
   * transaction: the TOTP step advances only past the last one accepted, a recovery code is marked used
   * only if unused, so two calls racing with one code cannot both pass. A wrong code rolls `work` back.
   */
  async function withProof<T>(userId: string, code: string, work: (tx: DbOrTx) => Promise<T>) {
    const factor = await reserveAccountTry(userId);
    if (!factor.enabledAt) throw badRequest(twoStepMessages.off, 'code');
    const step = await totpStepOf(sealer.open(factor.secretCiphertext), code, now(), factor.lastTimeStep);
    // Not a TOTP code: the unused recovery code it matches (argon2id, or the old keyed hash), found before
    // the transaction so the slow hashes hold no lock; the transaction then uses it up only if still unused.
    const recoveryId =
      step === null
        ? await matchRecoveryCode(
            await db
              .select({ id: playerRecoveryCodes.id, codeHash: playerRecoveryCodes.codeHash })
              .from(playerRecoveryCodes)
              .where(and(eq(playerRecoveryCodes.userId, userId), isNull(playerRecoveryCodes.usedAt))),
            code,
            recoveryHash,
          )
        : undefined;
    const result = await db
      .transaction(async (tx) => {
        if (step !== null) {
          const advanced = await tx
            .update(playerTwoStep)
            .set({ lastTimeStep: step })
            .where(
              and(
                eq(playerTwoStep.userId, userId),
                isNotNull(playerTwoStep.enabledAt),
                sql`coalesce(${playerTwoStep.lastTimeStep}, -1) < ${step}`,
              ),
            )
            .returning({ userId: playerTwoStep.userId });
          if (advanced.length === 0) throw wrongCode;
        } else {
          if (!recoveryId) throw wrongCode;
          const used = await tx
            .update(playerRecoveryCodes)
            .set({ usedAt: now() })
            .where(
              and(
                eq(playerRecoveryCodes.id, recoveryId),
                eq(playerRecoveryCodes.userId, userId),
                isNull(playerRecoveryCodes.usedAt),
              ),
            )
            .returning({ id: playerRecoveryCodes.id });
          if (used.length === 0) throw wrongCode;
        }
        const value = await work(tx);
        await clearFailures(userId, tx);
        return { value };
      })
      .catch((error) => {
        if (error === wrongCode) return null;
        throw error;
      });
    if (!result) throw wrongCodeError();
    return result.value;
  }

  return {
    async isOn(userId: string, q: DbOrTx = db) {
      return Boolean((await factorOf(userId, q))?.enabledAt);
    },

    /** GET /profile/two-step */
    async status(userId: string): Promise<TwoStepStatus> {
      const factor = await factorOf(userId);
      if (!factor?.enabledAt) return { enabled: false, recoveryCodesLeft: 0 };
      const [left] = await db
        .select({ count: count() })
        .from(playerRecoveryCodes)
        .where(and(eq(playerRecoveryCodes.userId, userId), isNull(playerRecoveryCodes.usedAt)));
      return { enabled: true, recoveryCodesLeft: left?.count ?? 0 };
    },

    /** POST /profile/two-step/enrolment: a new secret waiting for its first code (a new start replaces it). */
    async startEnrolment(userId: string): Promise<TwoStepEnrolment> {
      const [user] = await db
        .select({ email: users.email, phone: users.phone, username: users.username })
        .from(users)
        .where(eq(users.id, userId));
      // The app lists the account under this name.
      const label = user?.email ?? user?.phone ?? user?.username ?? 'player';
      const secretText = newTotpSecret();
      const sealed = sealer.seal(secretText);
      const stored = await db
        .insert(playerTwoStep)
        .values({ userId, secretCiphertext: sealed })
        .onConflictDoUpdate({
          target: playerTwoStep.userId,
          set: { secretCiphertext: sealed, lastTimeStep: null, createdAt: now() },
          setWhere: isNull(playerTwoStep.enabledAt),
        })
        .returning({ userId: playerTwoStep.userId });
      if (stored.length === 0) throw conflict(twoStepMessages.alreadyOn);
      return totpEnrolment(PLAYER_TOTP_ISSUER, label, secretText);
    },

    /** POST /profile/two-step/confirm: the app's first code turns it on; ten recovery codes, shown once. */
    async confirmEnrolment(userId: string, code: string): Promise<string[]> {
      const before = await factorOf(userId);
      if (!before) throw badRequest(twoStepMessages.noEnrolment, 'code');
      if (before.enabledAt) throw conflict(twoStepMessages.alreadyOn, 'code');
      const factor = await reserveAccountTry(userId);
      const step = await totpStepOf(sealer.open(factor.secretCiphertext), code, now(), null);
      if (step === null) throw wrongCodeError();
      const codes = await db.transaction(async (tx) => {
        const enabled = await tx
          .update(playerTwoStep)
          .set({ enabledAt: now(), lastTimeStep: step, attempts: 0, failedInRow: 0 })
          .where(
            and(
              eq(playerTwoStep.userId, userId),
              isNull(playerTwoStep.enabledAt),
              eq(playerTwoStep.secretCiphertext, factor.secretCiphertext),
            ),
          )
          .returning({ userId: playerTwoStep.userId });
        if (enabled.length === 0) return null;
        return replaceRecoveryCodes(userId, tx);
      });
      if (!codes) throw conflict(twoStepMessages.noEnrolment, 'code');
      return codes;
    },

    /** POST /profile/two-step/recovery-codes: a current code, then ten new codes (the old ones stop working). */
    newRecoveryCodes: (userId: string, code: string) =>
      withProof(userId, code, (tx) => replaceRecoveryCodes(userId, tx)),

    /**
     * A current TOTP or recovery code as a proof of presence (step-up.ts): counted and used up as every
     * other, with `work` in the same transaction.
     */
    proveWith: <T>(userId: string, code: string, work: (tx: DbOrTx) => Promise<T>) =>
      withProof(userId, code, work),

    /** POST /profile/two-step/disable: a current code turns it off (secret, recovery codes, pending sign-ins). */
    disable: (userId: string, code: string) => withProof(userId, code, (tx) => removeIn(tx, userId)),

    /**
     * Turns it off without a code, in the caller's transaction: an approved four-eyes request of staff
     * (factor-removals.ts). Same effect as the player's own disable; whether it was on before.
     */
    removeIn,

    /** What the back office may know: on or off, since when, recovery codes left (never the secret). */
    async staffView(userId: string) {
      const factor = await factorOf(userId);
      const on = Boolean(factor?.enabledAt);
      const [left] = on
        ? await db
            .select({ count: count() })
            .from(playerRecoveryCodes)
            .where(and(eq(playerRecoveryCodes.userId, userId), isNull(playerRecoveryCodes.usedAt)))
        : [];
      return {
        enabled: on,
        enabledAt: on ? factor!.enabledAt!.toISOString() : null,
        recoveryCodesLeft: left?.count ?? 0,
      };
    },

    /** A sign-in whose first step was right and which waits for the second: its token, for the 403. */
    async startPending(userId: string, purpose: SignInPurpose): Promise<string> {
      const token = randomToken();
      await db.insert(pendingSignIns).values({
        userId,
        tokenHash: pendingHash(token),
        purpose,
        expiresAt: new Date(now().getTime() + PENDING_SIGN_IN_MINUTES * 60_000),
      });
      return token;
    },

    /**
     * POST /auth/login/two-step: the pending sign-in's try is counted (five each) before the account's
     * (ten a window), both before the code is checked; a right code uses the pending sign-in up.
     */
    async finishPending(token: string, code: string): Promise<{ userId: string; purpose: SignInPurpose }> {
      const live = and(
        eq(pendingSignIns.tokenHash, pendingHash(token)),
        isNull(pendingSignIns.usedAt),
        gt(pendingSignIns.expiresAt, now()),
      );
      const [pending] = await db
        .update(pendingSignIns)
        .set({ attempts: sql`${pendingSignIns.attempts} + 1` })
        .where(and(live, lt(pendingSignIns.attempts, PENDING_SIGN_IN_ATTEMPTS)))
        .returning();
      if (!pending) {
        const [spent] = await db.select({ id: pendingSignIns.id }).from(pendingSignIns).where(live);
        throw spent
          ? badRequest(twoStepMessages.tooManyCodes, 'code')
          : badRequest(twoStepMessages.expired, 'pendingSignIn');
      }
      await withProof(pending.userId, code, async (tx) => {
        const claimed = await tx
          .update(pendingSignIns)
          .set({ usedAt: now() })
          .where(and(eq(pendingSignIns.id, pending.id), isNull(pendingSignIns.usedAt)))
          .returning({ id: pendingSignIns.id });
        if (claimed.length === 0) throw badRequest(twoStepMessages.expired, 'pendingSignIn');
      });
      return {
        userId: pending.userId,
        purpose: pending.purpose === 'registration' ? 'registration' : 'login',
      };
    },
  };
}
export type TwoStep = ReturnType<typeof createTwoStep>;
