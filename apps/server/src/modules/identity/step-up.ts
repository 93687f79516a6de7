import {
  STEP_UP_REQUIRED,
  STEP_UP_WINDOW_MINUTES,
  type StepUpChannel,
  type StepUpMethod,
  type StepUpStatus,
  stepUpMessages,
} from '@paws/contracts/step-up';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import type { Messaging } from '../messaging/index.ts';
import { CODE_MINUTES } from './account-keeping.ts';
import type { CodeKeeper } from './codes.ts';
import type { IdentityRepository } from './repository.ts';
import { sessions } from './schema.ts';
import type { AuthUser } from './sessions.ts';
import type { TwoStep } from './two-step.ts';

/** How long a proof of presence counts for the guarded calls (ASVS 5.0 V7.5, NIST SP 800-63B §7.2). */
export const STEP_UP_WINDOW_MS = STEP_UP_WINDOW_MINUTES * 60_000;

/** The 403 of a guarded call whose session has no fresh proof: the client asks for one and retries. */
export const stepUpRequiredError = () =>
  new AppError(403, stepUpMessages.required, undefined, { code: STEP_UP_REQUIRED });

/** 'j•••@example.com': enough for the player to know which address, not enough to learn it. */
export function maskEmail(email: string) {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}

/** '+44•••••••23': the country prefix and the last two digits. */
export function maskPhone(phone: string) {
  if (phone.length <= 5) return '•••';
  return `${phone.slice(0, 3)}${'•'.repeat(phone.length - 5)}${phone.slice(-2)}`;
}

export const stepUpTexts = {
  mail: (code: string, minutes: number) => ({
    subject: 'Your PAWS confirmation code',
    text: `Your code to confirm it is you is ${code}\n\nSomeone signed in to your account, hopefully you, asked for it to withdraw money or change the account's security. It is valid for ${minutes} minutes.\n\nIf this was not you, do not share the code: change your password and sign out your other sessions.`,
  }),
  sms: (code: string, minutes: number) =>
    `PAWS: your code to confirm it is you is ${code}. Valid for ${minutes} minutes. Do not share it.`,
};

export interface StepUpDeps {
  db: Db;
  repo: IdentityRepository;
  codes: CodeKeeper;
  messaging: Messaging;
  twoStep: TwoStep;
  now: () => Date;
}

/** A preHandler (after app.authenticate) that answers 403 STEP_UP_REQUIRED without a fresh proof. */
export type StepUpGuard = (request: FastifyRequest) => Promise<void>;

/**
 * Step-up (issue 29 point 5): each sign-in (session family) keeps when the player last proved presence —
 * the sign-in itself, then each step-up with the authenticator app, a recovery code or a code sent to the
 * confirmed e-mail or phone. Money and account-security calls go through `guard`, which wants that proof
 * younger than STEP_UP_WINDOW_MINUTES in the very session making the call (another session's does not
 * count). Wrong codes are counted by the machinery each method already has: two-step.ts's per-account
 * window for TOTP and recovery codes, codes.ts's five per code and twenty a day for the sent codes.
 */
export function createStepUp({ db, repo, codes, messaging, twoStep, now }: StepUpDeps) {
  const freshUntilOf = (provedAt: Date | null) =>
    provedAt ? new Date(provedAt.getTime() + STEP_UP_WINDOW_MS) : null;
  const isFresh = (provedAt: Date | null) => {
    const until = freshUntilOf(provedAt);
    return until !== null && until.getTime() > now().getTime();
  };

  const markProved = (user: AuthUser, q: DbOrTx = db) =>
    q.update(sessions).set({ provedAt: now() }).where(eq(sessions.id, user.sessionId));

  async function accountOf(user: AuthUser) {
    const row = await repo.userById(user.id);
    if (!row) throw unauthorized();
    return row;
  }

  /** The confirmed address of a channel, or a 400 naming `field`. */
  async function addressOf(user: AuthUser, channel: StepUpChannel, field: string) {
    const row = await accountOf(user);
    const address = channel === 'email' ? row.emailVerifiedAt && row.email : row.phoneVerifiedAt && row.phone;
    if (!address) throw badRequest(stepUpMessages.noChannel, field);
    return address;
  }

  async function status(user: AuthUser): Promise<StepUpStatus> {
    const [row, provedAt, totp] = await Promise.all([
      accountOf(user),
      repo.familyProvedAt(user.familyId),
      twoStep.isOn(user.id),
    ]);
    const fresh = isFresh(provedAt);
    return {
      fresh,
      freshUntil: fresh ? (freshUntilOf(provedAt)?.toISOString() ?? null) : null,
      methods: {
        totp,
        email: row.emailVerifiedAt && row.email ? maskEmail(row.email) : null,
        phone: row.phoneVerifiedAt && row.phone ? maskPhone(row.phone) : null,
      },
    };
  }

  const guard: StepUpGuard = async (request) => {
    // request.user is app.authenticate's (read here, not through authenticate.ts, which reads this service).
    const user = request.user;
    if (!user) throw unauthorized();
    if (!isFresh(await repo.familyProvedAt(user.familyId))) throw stepUpRequiredError();
  };

  return {
    /** GET /auth/step-up */
    status,

    /** Whether the session's last proof is still fresh. */
    isFresh: async (user: AuthUser) => isFresh(await repo.familyProvedAt(user.familyId)),

    /** POST /auth/step-up/code: a 6-digit code to the confirmed e-mail or phone (the resend wait applies). */
    async sendCode(user: AuthUser, channel: StepUpChannel): Promise<{ sentTo: string }> {
      const address = await addressOf(user, channel, 'channel');
      await codes.assertCanSend('step_up', address);
      const code = await codes.issueCode('step_up', address, user.id);
      if (channel === 'email') {
        const mail = stepUpTexts.mail(code, CODE_MINUTES);
        await messaging.email(address, mail.subject, mail.text);
        return { sentTo: maskEmail(address) };
      }
      await messaging.sms(address, stepUpTexts.sms(code, CODE_MINUTES));
      return { sentTo: maskPhone(address) };
    },

    /**
     * POST /auth/step-up: a right code makes this session's proof fresh. A TOTP code is good once (its time
     * step is recorded, two-step.ts), a recovery code is used up, a sent code is consumed.
     */
    async prove(user: AuthUser, method: StepUpMethod, code: string): Promise<StepUpStatus> {
      if (method === 'totp' || method === 'recovery') {
        if (!(await twoStep.isOn(user.id))) throw badRequest(stepUpMessages.noApp, 'method');
        await twoStep.proveWith(user.id, code, (tx) => markProved(user, tx));
      } else {
        const address = await addressOf(user, method, 'method');
        const row = await codes.checkCode('step_up', address, code, 'code', { consume: true });
        if (row.userId !== user.id) throw badRequest(stepUpMessages.wrongCode, 'code');
        await markProved(user);
      }
      return status(user);
    },

    /** The preHandler of the guarded calls (after app.authenticate). */
    guard,

    /** The guard for the calls of a route where `when` holds (a profile edit of the e-mail or phone). */
    guardWhen:
      (when: (request: FastifyRequest) => boolean): StepUpGuard =>
      async (request) => {
        if (when(request)) await guard(request);
      },
  };
}
export type StepUp = ReturnType<typeof createStepUp>;
