import { randomUUID } from 'node:crypto';
import { authServerMessages } from '@paws/contracts/auth';
import { AppError, badRequest } from '../../lib/errors.ts';
import { randomCode, randomToken, type Secrets } from './crypto.ts';
import type { CodePurpose, IdentityRepository } from './repository.ts';
import type { VerificationCodeRow } from './schema.ts';

export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_CODE_ATTEMPTS = 5;
/**
 * Wrong codes an account may type in a day, across codes: with five per code and a new code a minute, an
 * attacker would otherwise get 7,200 tries a day at a six-digit code (0.7%); twenty make it 0.002%.
 */
export const MAX_WRONG_CODES_PER_DAY = 20;

export interface CodeKeeperDeps {
  repo: IdentityRepository;
  secrets: Secrets;
  now: () => Date;
  resendSeconds: number;
}

/**
 * The code or link sent less than the resend wait ago is still the one to use: the answer says how long the
 * wait still lasts (`resendInSeconds`), so the client can go on to the code entry with that time shown.
 */
export const waitBeforeResend = (seconds: number) =>
  new AppError(
    429,
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new code`,
    undefined,
    { resendInSeconds: seconds },
  );

/**
 * Six-digit codes and link tokens: stored as keyed hashes, expiring, single use, a new one superseding the
 * last, at most five wrong tries per code, and no new one within the resend wait.
 */
export function createCodeKeeper({ repo, secrets, now, resendSeconds }: CodeKeeperDeps) {
  const codeHash = (id: string, code: string) => secrets.hash(`code:${id}:${code}`);
  const linkHash = (token: string) => secrets.hash(`link:${token}`);

  async function store(
    purpose: CodePurpose,
    target: string,
    userId: string | null,
    ttlSeconds: number,
    hashOf: (id: string) => string,
    supersede: boolean,
  ) {
    const at = now();
    const id = randomUUID();
    if (supersede) await repo.supersedeCodes(purpose, target, at);
    await repo.insertCode({
      id,
      purpose,
      target,
      userId,
      secretHash: hashOf(id),
      createdAt: at,
      expiresAt: new Date(at.getTime() + ttlSeconds * 1000),
    });
  }

  /** Seconds left before a new code or link may go to this purpose and target (0: now). */
  async function secondsUntilResend(purpose: CodePurpose, target: string) {
    const last = await repo.latestCode(purpose, target);
    const waitMs = last ? last.createdAt.getTime() + resendSeconds * 1000 - now().getTime() : 0;
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  return {
    secondsUntilResend,

    /** Throws 429 when the last code or link for this purpose and target is younger than the resend wait. */
    async assertCanSend(purpose: CodePurpose, target: string) {
      const seconds = await secondsUntilResend(purpose, target);
      if (seconds > 0) throw waitBeforeResend(seconds);
    },

    /** A new code; with no user it is a stand-in that can never be entered right (unknown accounts). */
    async issueCode(
      purpose: CodePurpose,
      target: string,
      userId: string | null,
      ttlSeconds = CODE_TTL_SECONDS,
    ) {
      const code = randomCode();
      await store(
        purpose,
        target,
        userId,
        ttlSeconds,
        (id) => codeHash(id, userId ? code : randomToken()),
        true,
      );
      return code;
    },

    async issueLink(
      purpose: CodePurpose,
      target: string,
      userId: string,
      { ttlSeconds = CODE_TTL_SECONDS, supersede = true } = {},
    ) {
      const token = randomToken();
      await store(purpose, target, userId, ttlSeconds, () => linkHash(token), supersede);
      return token;
    },

    /**
     * Checks the code typed for a purpose and target; a wrong one uses up a try. `consume` makes it single
     * use here; without it (the reset's check step) the same code still works for the next step.
     */
    async checkCode(
      purpose: CodePurpose,
      target: string,
      code: string,
      field: string,
      { consume }: { consume: boolean },
    ): Promise<VerificationCodeRow & { userId: string }> {
      const row = await repo.latestCode(purpose, target);
      if (!row || row.consumedAt) throw badRequest(authServerMessages.wrongCode, field);
      if (row.expiresAt.getTime() <= now().getTime()) throw badRequest(authServerMessages.expiredCode, field);
      // The try is taken, against both the code's and the day's limit at once, before comparing, so
      // parallel guesses (on one code or several of the target's) cannot exceed either limit.
      const dayAgo = new Date(now().getTime() - 24 * 60 * 60 * 1000);
      const reserved = await repo.reserveAttemptWithinDay(row, dayAgo, {
        maxPerCode: MAX_CODE_ATTEMPTS,
        maxPerDay: MAX_WRONG_CODES_PER_DAY,
      });
      if (reserved === 'day') throw new AppError(429, authServerMessages.tooManyCodesToday, field);
      if (reserved === 'code') throw badRequest(authServerMessages.tooManyCodeAttempts, field);
      const { userId } = row;
      if (!userId || !secrets.equalHashes(codeHash(row.id, code), row.secretHash)) {
        throw badRequest(authServerMessages.wrongCode, field);
      }
      await repo.refundAttempt(row.id);
      if (consume && !(await repo.consumeCode(row.id, now()))) {
        throw badRequest(authServerMessages.wrongCode, field);
      }
      return { ...row, userId };
    },

    /** Uses up a link token of a purpose; anything but a live one is the same 'invalid or expired'. */
    async takeLink(purpose: CodePurpose, token: string, field = 'token') {
      const row = await repo.codeBySecretHash(linkHash(token));
      const invalid = () => badRequest(authServerMessages.invalidLink, field);
      if (!row || row.purpose !== purpose || !row.userId || row.consumedAt) throw invalid();
      if (row.expiresAt.getTime() <= now().getTime()) throw invalid();
      if (!(await repo.consumeCode(row.id, now()))) throw invalid();
      return { ...row, userId: row.userId };
    },
  };
}
export type CodeKeeper = ReturnType<typeof createCodeKeeper>;
