import {
  type AuthChannel,
  authServerMessages,
  type LoginBody,
  normalizePhone,
  type RegistrationBody,
  type RegistrationQuery,
  type VerifyBody,
} from '@paws/contracts/auth';
import { twoStepMessages } from '@paws/contracts/two-step';
import { recordEvent } from '../../core/events/record.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, unauthorized } from '../../lib/errors.ts';
import type { Messaging } from '../messaging/index.ts';
import { type AccountKeeping, type Address, addressOf, CODE_MINUTES, targetOf } from './account-keeping.ts';
import { liveSelfRestrictionOf, restrictedSignInError } from './bans.ts';
import type { CodeKeeper } from './codes.ts';
import { hashPassword, verifyPassword } from './crypto.ts';
import { mailTexts, smsTexts } from './messages.ts';
import type { ReferralCodes } from './referral-codes.ts';
import { type IdentityRepository, uniqueViolation } from './repository.ts';
import type { UserRow } from './schema.ts';
import type { createSelfRestrictions } from './self-restrictions.ts';
import type { ClientInfo, SessionKeeper } from './sessions.ts';
import type { SignInGate, SignUpChoicesHandler } from './sign-in-gate.ts';
import type { SignInFailure, SignInLog } from './sign-ins.ts';
import { type SignInPurpose, type TwoStep, twoStepRequiredError } from './two-step.ts';

export const HANDOVER_TTL_SECONDS = 60;

export interface SignUpAndInDeps {
  db: Db;
  repo: IdentityRepository;
  codes: CodeKeeper;
  sessions: SessionKeeper;
  signIns: SignInLog;
  referrals: ReferralCodes;
  messaging: Messaging;
  accounts: AccountKeeping;
  selfRestrictions: ReturnType<typeof createSelfRestrictions>;
  /** The installed sign-up and sign-in check (responsible gaming's national register). */
  signInGate: SignInGate;
  /** What is done with the sign-up form's choices (responsible gaming sets the deposit limit). */
  signUpChoices: SignUpChoicesHandler;
  now: () => Date;
  /** The authenticator app's second step, asked for by every sign-in while it is on. */
  twoStep: TwoStep;
  /** The e-mail that tells the player of a sign-in from a new device, with a link that ends it. */
  newDeviceMail: (familyId: string, client: ClientInfo) => { subject: string; text: string };
}

/** Sign-up, sign-in (password, then a link or a code), the session's refresh and end, the origin handover. */
export function createSignUpAndIn({
  db,
  repo,
  codes,
  sessions,
  signIns,
  referrals,
  messaging,
  accounts,
  selfRestrictions,
  signInGate,
  signUpChoices,
  now,
  twoStep,
  newDeviceMail,
}: SignUpAndInDeps) {
  /** A player on a time-out or self-excluded is not signed in: 403 saying until when. */
  async function refuseIfRestricted(user: UserRow, client: ClientInfo, failure: SignInFailure = 'banned') {
    await signInGate({ userId: user.id, email: user.email, phone: user.phone }, 'sign-in');
    const restriction = await liveSelfRestrictionOf(db, user.id, now());
    if (!restriction) return;
    await signIns.record(user.id, client, { success: false, failure });
    throw restrictedSignInError(restriction);
  }

  /** The account an e-mail or phone and its password name; 401 otherwise, as the log-in says. */
  async function withPassword(body: LoginBody, client: ClientInfo) {
    const address = addressOf(body);
    const user = await findUser(address);
    if (!(await verifyPassword(user?.passwordHash, body.password)) || !user) {
      if (user) await signIns.record(user.id, client, { success: false, failure: 'wrong_password' });
      const message =
        address.channel === 'email'
          ? authServerMessages.invalidEmailCredentials
          : authServerMessages.invalidPhoneCredentials;
      throw new AppError(401, message, 'password');
    }
    return { address, user };
  }

  const { updateAndTell, findUser, linkFrom, assertCallbackUrl, isVerified, ownerOf } = accounts;

  async function sendRegistration(user: UserRow, address: Address, callbackUrl: string, path?: string) {
    if (address.channel === 'email') {
      const token = await codes.issueLink('registration', address.email, user.id);
      const mail = mailTexts.registrationLink(linkFrom(callbackUrl, token, path), CODE_MINUTES);
      await messaging.email(address.email, mail.subject, mail.text);
    } else {
      const code = await codes.issueCode('registration', address.phone, user.id);
      await messaging.sms(address.phone, smsTexts.registrationCode(code, CODE_MINUTES));
    }
  }

  async function tellOwnerOfSignUpAttempt(address: Address, callbackUrl: string) {
    if (address.channel === 'email') {
      const mail = mailTexts.signUpAttempt(new URL(callbackUrl).origin);
      await messaging.email(address.email, mail.subject, mail.text);
    } else await messaging.sms(address.phone, smsTexts.signUpAttempt());
  }

  async function verifySignIn(purpose: 'registration' | 'login', body: VerifyBody, client: ClientInfo) {
    let user: UserRow;
    if (body.token !== undefined) {
      const row = await codes.takeLink(purpose, body.token);
      user = await ownerOf(row.userId, { channel: 'email', email: row.target }, 'token');
      if (!user.emailVerifiedAt) {
        await updateAndTell(user.id, { emailVerifiedAt: now() }, [
          { name: 'identity.email_confirmed', payload: { userId: user.id } },
        ]);
      }
    } else {
      const phone = normalizePhone(body.phone ?? '');
      const row = await codes.checkCode(purpose, phone, body.otpPhone ?? '', 'otpPhone', { consume: true });
      user = await ownerOf(row.userId, { channel: 'sms', phone }, 'otpPhone');
      // The code reached the phone, which proves it is the player's.
      if (!user.phoneVerifiedAt) {
        await updateAndTell(user.id, { phoneVerifiedAt: now() }, [
          { name: 'identity.phone_confirmed', payload: { userId: user.id } },
        ]);
      }
    }
    await refuseIfRestricted(user, client);
    // With an authenticator app on, the first step's proof is spent and no session starts: the answer
    // carries a pending sign-in that a TOTP or recovery code finishes.
    if (await twoStep.isOn(user.id)) throw twoStepRequiredError(await twoStep.startPending(user.id, purpose));
    return startSignedIn(user, purpose, client);
  }

  /** The session of a finished sign-in, its log row and event, and the new-device e-mail. */
  async function startSignedIn(user: UserRow, purpose: SignInPurpose, client: ClientInfo) {
    // A first sign-in (registration) is no news; a sign-in from a browser this player never used is.
    const knownDevice = purpose === 'registration' || (await repo.hasSignedInWith(user.id, client.userAgent));
    const newBrowser = purpose === 'registration' || !knownDevice;
    const tokens = await sessions.start(user.id, client);
    await db.transaction(async (tx) => {
      await signIns.record(user.id, client, { success: true, newDevice: newBrowser }, tx);
      await recordEvent(tx, 'identity.signed_in', {
        userId: user.id,
        newDevice: !knownDevice,
        ...(client.userAgent ? { userAgent: client.userAgent } : {}),
      });
      if (!knownDevice && user.email) {
        const mail = newDeviceMail(tokens.familyId, client);
        await messaging.email(user.email, mail.subject, mail.text, tx);
      }
    });
    return tokens;
  }

  return {
    /** Sign-ins from a new device and password changes, after they happened (the notifications module). */

    /** POST /auth/registration: a new unconfirmed account, then a link (e-mail) or a code (SMS). */
    async register(body: RegistrationBody, query: RegistrationQuery): Promise<{ channel: AuthChannel }> {
      assertCallbackUrl(body.callbackUrl);
      const address = addressOf(body);
      // The promo code is checked before anything is created: a refusal names the `promo` field.
      const promoCode = query.promo ? await referrals.checkPromo(query.promo) : null;
      const referrer = query.referralCode ? await referrals.referrerOf(query.referralCode) : undefined;
      const existing = await findUser(address);
      if (existing) {
        // A sign-up that was never confirmed may be sent again by whoever knows its password.
        const owner = await verifyPassword(existing.passwordHash, body.password);
        // Only the account's owner (the password) hears that the code is their own.
        if (owner) referrals.assertNotSelf(existing.id, referrer);
        if (!isVerified(existing, address) && owner) {
          await codes.assertCanSend('registration', targetOf(address));
          await sendRegistration(existing, address, body.callbackUrl);
          return { channel: address.channel };
        }
        // Answered exactly as a new sign-up, so the form tells nobody which addresses have accounts; the
        // owner hears of the attempt instead.
        await tellOwnerOfSignUpAttempt(address, body.callbackUrl);
        return { channel: address.channel };
      }
      const passwordHash = await hashPassword(body.password);
      let user: UserRow;
      try {
        user = await repo.insertUser({
          ...(address.channel === 'email' ? { email: address.email } : { phone: address.phone }),
          passwordHash,
          promoCode,
          referralCode: query.referralCode ?? null,
          referredBy: referrer?.id ?? null,
          createdAt: now(),
        });
      } catch (error) {
        // A parallel sign-up with the same address won; its owner got the link.
        if (uniqueViolation(error) !== undefined) return { channel: address.channel };
        throw error;
      }
      const account = { userId: user.id, email: user.email, phone: user.phone };
      await signInGate(account, 'sign-up');
      await signUpChoices(account, { depositLimit: body.depositLimit });
      await sendRegistration(user, address, body.callbackUrl);
      return { channel: address.channel };
    },

    /** POST /auth/registration/verify: the link's token or the SMS code confirms the account and signs in. */
    verifyRegistration: (body: VerifyBody, client: ClientInfo) => verifySignIn('registration', body, client),

    /** POST /auth/login: the password, then a link (e-mail) or a code (SMS) to finish signing in. */
    async login(body: LoginBody, client: ClientInfo = {}): Promise<{ channel: AuthChannel }> {
      assertCallbackUrl(body.callbackUrl);
      const { address, user } = await withPassword(body, client);
      await refuseIfRestricted(user, client);
      if (address.channel === 'email' && !user.emailVerifiedAt) {
        await signIns.record(user.id, client, { success: false, failure: 'unconfirmed' });
        // The registration link is what confirms an e-mail; send it again (unless one just went out).
        if ((await codes.secondsUntilResend('registration', address.email)) === 0)
          await sendRegistration(user, address, body.callbackUrl, '/callback/register');
        throw new AppError(403, authServerMessages.confirmEmailFirst, 'email');
      }
      await codes.assertCanSend('login', targetOf(address));
      if (address.channel === 'email') {
        const token = await codes.issueLink('login', address.email, user.id);
        const mail = mailTexts.loginLink(linkFrom(body.callbackUrl, token), CODE_MINUTES);
        await messaging.email(address.email, mail.subject, mail.text);
      } else {
        const code = await codes.issueCode('login', address.phone, user.id);
        await messaging.sms(address.phone, smsTexts.loginCode(code, CODE_MINUTES));
      }
      return { channel: address.channel };
    },

    /**
     * POST /auth/self-exclusion/return: a self-excluded player (who cannot sign in) asks, with their password,
     * to return once the earliest end has come; they can play 24 hours later.
     */
    async askToReturn(body: LoginBody, client: ClientInfo = {}) {
      const { user } = await withPassword(body, client);
      return selfRestrictions.askToReturn(user.id);
    },

    /** POST /auth/login/verify */
    verifyLogin: (body: VerifyBody, client: ClientInfo) => verifySignIn('login', body, client),

    /** POST /auth/login/two-step: the pending sign-in's second step (a TOTP or recovery code). */
    async finishTwoStep(pendingSignIn: string, code: string, client: ClientInfo) {
      const { userId, purpose } = await twoStep.finishPending(pendingSignIn, code);
      const user = await repo.userById(userId);
      if (!user) throw badRequest(twoStepMessages.expired, 'pendingSignIn');
      await refuseIfRestricted(user, client);
      return startSignedIn(user, purpose, client);
    },

    /**
     * A sign-in whose proof covered both steps (a passkey with the user verified): the same gate, session,
     * log row, event and new-device e-mail as the others, and no second step asked.
     */
    async signInProven(userId: string, client: ClientInfo) {
      const user = await repo.userById(userId);
      if (!user) throw unauthorized();
      await refuseIfRestricted(user, client, 'passkey_restricted');
      return startSignedIn(user, 'login', client);
    },

    /** POST /auth/refresh-tokens */
    refresh(refreshToken: string | undefined, client: ClientInfo) {
      if (!refreshToken) throw unauthorized();
      return sessions.rotate(refreshToken, client);
    },

    /** POST /auth/logout */
    logout: (tokens: { refreshToken?: string; accessToken?: string }) => sessions.revoke(tokens),

    /** GET /auth/auth-token: a single-use token that opens a session on the other origin within 60 s. */
    issueHandoverToken: (userId: string, fromFamilyId?: string) =>
      // The target names the session it came from, whose proof of presence the new one carries on.
      codes.issueLink('handover', fromFamilyId ?? userId, userId, {
        ttlSeconds: HANDOVER_TTL_SECONDS,
        supersede: false,
      }),

    /** POST /auth/auth-token/activate */
    async activateHandoverToken(authToken: string, client: ClientInfo) {
      const row = await codes.takeLink('handover', authToken, 'authToken');
      const user = await repo.userById(row.userId);
      if (!user) throw badRequest(authServerMessages.invalidLink, 'authToken');
      // A handover is no new proof of presence: the session keeps the one of the session that asked.
      const provedAt = row.target === row.userId ? null : await repo.familyProvedAt(row.target);
      return sessions.start(user.id, client, { provedAt });
    },
  };
}
