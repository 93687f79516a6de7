import { randomBytes } from 'node:crypto';
import {
  type AuthChannel,
  authMessages,
  authServerMessages,
  type LoginBody,
  type NewPasswordBody,
  normalizePhone,
  RESEND_CODE_SECONDS,
  type RegistrationBody,
  type RegistrationQuery,
  type ResetPasswordBody,
  type ResetPasswordVerifyBody,
  type VerifyBody,
} from '@paws/contracts/auth';
import type { DomainEventName, DomainEventPayload } from '@paws/contracts/events';
import {
  AVATAR_MAX_BYTES,
  type AvatarResponse,
  type ProfileEditField,
  profileFieldSchemas,
  profileMessages,
  type User,
  type VerificationType,
} from '@paws/contracts/profile';
import type { Env } from '../../config/env.ts';
import { recordEvent } from '../../core/events/record.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../lib/errors.ts';
import type { Messaging } from '../../plugins/messaging.ts';
import type { Storage } from '../../plugins/storage.ts';
import type { AuditService } from '../audit/index.ts';
import { renderAvatar, sniffImageType } from './avatar.ts';
import { liveBanOf, toBanInfo } from './bans.ts';
import { CODE_TTL_SECONDS, createCodeKeeper } from './codes.ts';
import { createSecrets, hashPassword, verifyPassword } from './crypto.ts';
import { type DeviceQuery, devicesOf } from './devices.ts';
import { mailTexts, smsTexts } from './messages.ts';
import { createReferralCodes, type PromoCheck } from './referral-codes.ts';
import { createIdentityRepository, type NewUser, uniqueViolation } from './repository.ts';
import type { UserRow } from './schema.ts';
import { type ClientInfo, createSessionKeeper } from './sessions.ts';
import { createSignInLog, type SignInListQuery } from './sign-ins.ts';
import { createStaffActions } from './staff-actions.ts';
import { createStaffReads } from './staff-reads.ts';

export const HANDOVER_TTL_SECONDS = 60;
const CODE_MINUTES = CODE_TTL_SECONDS / 60;

export interface IdentityServiceDeps {
  db: Db;
  env: Env;
  messaging: Messaging;
  storage: Storage;
  /** The service's clock; tests move it to expire codes and tokens. */
  now?: () => Date;
  refreshReuseGraceSeconds?: number;
  /** app.audit (registered after this service): staff actions on accounts write their audit rows with it. */
  audit?: () => AuditService;
}

export interface AccountSummary {
  userId: string;
  username: string | null;
  confirmed: boolean;
  role: UserRow['role'];
  banned: boolean;
  /** The promo code entered at sign-up (bonuses redeems it when the account is confirmed). */
  promoCode: string | null;
  /** The account whose referral code the player signed up with. */
  referredBy: string | null;
}

/** The account events identity publishes (see packages/contracts/src/events.ts). */
type AccountEvent = {
  [N in Extract<DomainEventName, `identity.${string}`>]: { name: N; payload: DomainEventPayload<N> };
}[Extract<DomainEventName, `identity.${string}`>];

/** An e-mail or phone as the client sent it, in its stored form. */
type Address = { channel: 'email'; email: string } | { channel: 'sms'; phone: string };
const addressOf = (body: { email?: string; phone?: string }): Address =>
  body.email !== undefined
    ? { channel: 'email', email: body.email }
    : { channel: 'sms', phone: normalizePhone(body.phone ?? '') };
const targetOf = (address: Address) => (address.channel === 'email' ? address.email : address.phone);

export function createIdentityService({
  db,
  env,
  messaging,
  storage,
  now = () => new Date(),
  refreshReuseGraceSeconds = 10,
  audit = () => {
    throw new Error('identity: no audit log given for staff actions');
  },
}: IdentityServiceDeps) {
  const repo = createIdentityRepository(db);
  const secrets = createSecrets(env.SECRET);
  const codes = createCodeKeeper({ repo, secrets, now, resendSeconds: RESEND_CODE_SECONDS });
  const sessions = createSessionKeeper({ repo, secrets, now, reuseGraceSeconds: refreshReuseGraceSeconds });
  const origins = new Set([new URL(env.LANDING_URL).origin, new URL(env.PLATFORM_URL).origin]);
  const signIns = createSignInLog({ repo, now });
  const staffReads = createStaffReads({ db, now, storage });
  const staffActions = createStaffActions({ db, now, audit });
  const referrals = createReferralCodes({ db, repo });

  /** Updates the account and records its events in one transaction: told only if the change commits. */
  async function updateAndTell(userId: string, values: Partial<NewUser>, events: AccountEvent[]) {
    await db.transaction(async (tx) => {
      await repo.updateUser(userId, values, tx);
      for (const event of events) await recordEvent(tx, event.name, event.payload);
    });
  }

  const findUser = (address: Address) =>
    address.channel === 'email' ? repo.userByEmail(address.email) : repo.userByPhone(address.phone);

  /** The e-mailed link: the client's callback page on one of our two origins, with the token. */
  function linkFrom(callbackUrl: string | undefined, token: string, path?: string) {
    if (!callbackUrl) throw badRequest(authMessages.callbackUrlRequired, 'callbackUrl');
    const url = URL.canParse(callbackUrl) ? new URL(callbackUrl) : undefined;
    if (!url || !origins.has(url.origin)) throw badRequest(authMessages.callbackUrlInvalid, 'callbackUrl');
    if (path) url.pathname = path;
    url.searchParams.set('token', token);
    return url.toString();
  }
  function assertCallbackUrl(callbackUrl: string | undefined) {
    linkFrom(callbackUrl, '');
  }

  const isVerified = (user: UserRow, address: Address) =>
    address.channel === 'email' ? user.emailVerifiedAt !== null : user.phoneVerifiedAt !== null;

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

  /** The user a verified code or link was for, if the address it went to is still theirs. */
  async function ownerOf(userId: string, address: Address, field: string) {
    const user = await repo.userById(userId);
    const current = user && (address.channel === 'email' ? user.email : user.phone);
    if (!user || current !== targetOf(address)) {
      throw badRequest(
        field === 'token' ? authServerMessages.invalidLink : authServerMessages.wrongCode,
        field,
      );
    }
    return user;
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
    });
    return tokens;
  }

  function toUser(user: UserRow): User {
    return {
      userId: user.id,
      username: user.username,
      email: user.email,
      phone: user.phone,
      linkMinified: user.avatarSmall ? storage.url(user.avatarSmall) : null,
      linkFull: user.avatarFull ? storage.url(user.avatarFull) : null,
      verificationType: user.verificationType,
      isManager: user.role === 'manager' || user.role === 'admin',
      role: user.role,
      emailVerified: user.emailVerifiedAt !== null,
      phoneVerified: user.phoneVerifiedAt !== null,
      promoCode: user.promoCode,
      referralCode: user.referralCode,
      createdAt: user.createdAt.toISOString(),
    };
  }

  function parseField(field: ProfileEditField, value: string) {
    const result = profileFieldSchemas[field].safeParse(value);
    if (!result.success) throw badRequest(result.error.issues[0]?.message ?? 'Invalid value', 'value');
    return result.data;
  }

  return {
    now,
    sessions,

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
      await sendRegistration(user, address, body.callbackUrl);
      return { channel: address.channel };
    },

    /** POST /auth/registration/verify: the link's token or the SMS code confirms the account and signs in. */
    verifyRegistration: (body: VerifyBody, client: ClientInfo) => verifySignIn('registration', body, client),

    /** POST /auth/login: the password, then a link (e-mail) or a code (SMS) to finish signing in. */
    async login(body: LoginBody, client: ClientInfo = {}): Promise<{ channel: AuthChannel }> {
      assertCallbackUrl(body.callbackUrl);
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

    /** POST /auth/login/verify */
    verifyLogin: (body: VerifyBody, client: ClientInfo) => verifySignIn('login', body, client),

    /**
     * POST /auth/reset-password: the same answer, wait and stored row whether or not the account exists;
     * only an existing account is sent a code.
     */
    async requestPasswordReset(body: ResetPasswordBody): Promise<{ channel: AuthChannel }> {
      const address = addressOf(body);
      const target = targetOf(address);
      await codes.assertCanSend('reset_password', target);
      const user = await findUser(address);
      const code = await codes.issueCode('reset_password', target, user?.id ?? null);
      if (user) {
        if (address.channel === 'email') {
          const mail = mailTexts.resetCode(code, CODE_MINUTES);
          await messaging.email(address.email, mail.subject, mail.text);
        } else {
          await messaging.sms(address.phone, smsTexts.resetCode(code, CODE_MINUTES));
        }
      }
      return { channel: address.channel };
    },

    /** POST /auth/reset-password/verify: checks the code without using it up. */
    async verifyPasswordReset(body: ResetPasswordVerifyBody) {
      await codes.checkCode('reset_password', targetOf(addressOf(body)), body.otpEmail, 'otpEmail', {
        consume: false,
      });
    },

    /** POST /auth/reset-password/new-password: uses the code, sets the password, ends every session. */
    async setNewPassword(body: NewPasswordBody) {
      const address = addressOf(body);
      const row = await codes.checkCode('reset_password', targetOf(address), body.otpEmail, 'otpEmail', {
        consume: true,
      });
      const user = await ownerOf(row.userId, address, 'otpEmail');
      const at = now();
      const confirms: AccountEvent[] = [];
      if (address.channel === 'email' && !user.emailVerifiedAt)
        confirms.push({ name: 'identity.email_confirmed', payload: { userId: user.id } });
      if (address.channel === 'sms' && !user.phoneVerifiedAt)
        confirms.push({ name: 'identity.phone_confirmed', payload: { userId: user.id } });
      await updateAndTell(
        user.id,
        {
          passwordHash: await hashPassword(body.newPassword),
          // The code reached this address, which proves it is the player's.
          ...(address.channel === 'email' ? { emailVerifiedAt: user.emailVerifiedAt ?? at } : {}),
          ...(address.channel === 'sms' ? { phoneVerifiedAt: user.phoneVerifiedAt ?? at } : {}),
        },
        [...confirms, { name: 'identity.password_changed', payload: { userId: user.id } }],
      );
      await sessions.revokeAllOf(user.id);
    },

    /** POST /auth/refresh-tokens */
    refresh(refreshToken: string | undefined, client: ClientInfo) {
      if (!refreshToken) throw unauthorized();
      return sessions.rotate(refreshToken, client);
    },

    /** POST /auth/logout */
    logout: (tokens: { refreshToken?: string; accessToken?: string }) => sessions.revoke(tokens),

    /** GET /auth/auth-token: a single-use token that opens a session on the other origin within 60 s. */
    issueHandoverToken: (userId: string) =>
      codes.issueLink('handover', userId, userId, { ttlSeconds: HANDOVER_TTL_SECONDS, supersede: false }),

    /** POST /auth/auth-token/activate */
    async activateHandoverToken(authToken: string, client: ClientInfo) {
      const row = await codes.takeLink('handover', authToken, 'authToken');
      const user = await repo.userById(row.userId);
      if (!user) throw badRequest(authServerMessages.invalidLink, 'authToken');
      return sessions.start(user.id, client);
    },

    /**
     * What other modules may know of an account (their public read): whether it exists, its username,
     * whether an address is confirmed, its role and ban. Undefined for an unknown id.
     */
    async accountOf(userId: string): Promise<AccountSummary | undefined> {
      const user = await repo.userById(userId);
      if (!user) return undefined;
      return {
        userId: user.id,
        username: user.username,
        confirmed: user.emailVerifiedAt !== null || user.phoneVerifiedAt !== null,
        role: user.role,
        banned: (await liveBanOf(db, user.id, now())) !== undefined,
        promoCode: user.promoCode,
        referredBy: user.referredBy,
      };
    },

    /** Whether the account has a live ban now (one indexed read): the wallet refuses its bets. */
    isBanned: async (userId: string) => (await liveBanOf(db, userId, now())) !== undefined,

    /** Every player account not banned (staff left out): the audience of a broadcast. */
    activePlayerIds: () => repo.activePlayerIds(now()),

    // Back office (the staff module's Players area): reads of any account and staff actions on it.
    /** Accounts by id (exact), e-mail, phone or username (any part, any case), paged and sorted. */
    searchPlayers: staffReads.searchPlayers,
    /** The player page's profile with every ban; undefined for an unknown id. */
    playerProfile: staffReads.playerProfile,
    bansOf: (userId: string) => staffReads.bansOf(userId),
    /** The account's sessions (one per sign-in) with their browser, address and state. */
    sessionsOf: staffReads.sessionsOf,
    /** The sign-in log of the account, newest first by default. */
    signInsOf: (userId: string, query: SignInListQuery) => signIns.list(userId, query),
    /**
     * The browsers the player signed in with as of `at` (default now), each flagged `isNew` when first
     * seen within 24 hours before `at` and not the account's first (the withdrawals queue's risk badge).
     */
    recentDevices: (userId: string, query: DeviceQuery = {}) =>
      devicesOf(db, userId, { at: now(), ...query }),
    /** Whether any browser of the player is new as of `at` (see recentDevices). */
    async hasNewDevice(userId: string, at: Date = now()): Promise<boolean> {
      return (await devicesOf(db, userId, { at })).some((device) => device.isNew);
    },
    /** Whether the browser with this user agent (a withdrawal's, say) is new for the player as of `at`. */
    async isNewDevice(userId: string, userAgent: string | null, at: Date = now()): Promise<boolean> {
      const agent = userAgent?.slice(0, 512) ?? null;
      return (await devicesOf(db, userId, { at })).some(
        (device) => device.isNew && device.userAgent === agent,
      );
    },
    banPlayer: staffActions.banPlayer,
    unbanPlayer: staffActions.unbanPlayer,
    signOutEverywhere: staffActions.signOutEverywhere,

    /** The signed-in user's data (GET /api/platform/profile/user-data), with the live ban of a banned one. */
    async userData(userId: string): Promise<User> {
      const user = await repo.userById(userId);
      if (!user) throw notFound('User not found');
      const ban = await liveBanOf(db, user.id, now());
      return ban ? { ...toUser(user), ban: toBanInfo(ban) } : toUser(user);
    },

    /** The player's own referral code (GET /profile/referral), made the first time it is asked for. */
    ownReferralCode: referrals.ownCodeOf,
    /**
     * Installs the sign-up form's promo-code check (the bonuses module's validatePromoCode): it answers or
     * throws a 4xx on `promo`. Without one, a well-formed code is kept and redeemed later.
     */
    setPromoCheck: (check: PromoCheck) => referrals.setPromoCheck(check),

    /** POST /profile/edit/{field} */
    async editProfile(
      userId: string,
      field: ProfileEditField,
      rawValue: string,
      callbackUrl: string | undefined,
    ): Promise<{ message: string }> {
      const value = parseField(field, rawValue);
      const user = await repo.userById(userId);
      if (!user) throw unauthorized();
      try {
        if (field === 'username') {
          const holder = await repo.userByUsername(value);
          if (holder && holder.id !== user.id) throw conflict(profileMessages.usernameTaken, 'value');
          await updateAndTell(user.id, { username: value }, [
            { name: 'identity.username_set', payload: { userId: user.id, username: value } },
          ]);
          return { message: profileMessages.usernameUpdated };
        }
        if (field === 'phone') {
          const phone = normalizePhone(value);
          if (phone === user.phone) return { message: profileMessages.phoneUpdated };
          const holder = await repo.userByPhone(phone);
          if (holder) throw conflict(authServerMessages.phoneTaken, 'value');
          await repo.updateUser(user.id, { phone, phoneVerifiedAt: null });
          return { message: profileMessages.phoneUpdated };
        }
        assertCallbackUrl(callbackUrl);
        const unchanged = value === user.email;
        // Sending the same address again only makes sense to get a new link for it.
        if (unchanged && user.emailVerifiedAt) throw badRequest(profileMessages.sameEmail, 'value');
        if (!unchanged && (await repo.userByEmail(value)))
          throw conflict(authServerMessages.emailTaken, 'value');
        await codes.assertCanSend('email_change', value);
        if (!unchanged) await repo.updateUser(user.id, { email: value, emailVerifiedAt: null });
        const token = await codes.issueLink('email_change', value, user.id);
        const mail = mailTexts.emailChangeLink(linkFrom(callbackUrl, token), CODE_MINUTES);
        await messaging.email(value, mail.subject, mail.text);
        if (!unchanged && user.email && user.emailVerifiedAt) {
          const notice = mailTexts.emailChangedNotice(value);
          await messaging.email(user.email, notice.subject, notice.text);
        }
        return { message: profileMessages.emailUpdated };
      } catch (error) {
        const constraint = uniqueViolation(error);
        if (constraint === undefined) throw error;
        const message =
          field === 'username'
            ? profileMessages.usernameTaken
            : field === 'phone'
              ? authServerMessages.phoneTaken
              : authServerMessages.emailTaken;
        throw conflict(message, 'value');
      }
    },

    /** POST /profile/verify-email: the link sent to a new address confirms it. */
    async verifyEmailChange(token: string): Promise<{ message: string }> {
      const row = await codes.takeLink('email_change', token);
      const user = await ownerOf(row.userId, { channel: 'email', email: row.target }, 'token');
      await updateAndTell(user.id, { emailVerifiedAt: now() }, [
        { name: 'identity.email_confirmed', payload: { userId: user.id } },
      ]);
      return { message: profileMessages.emailVerified };
    },

    /** POST /profile/avatar: `data` is the upload, `truncated` when it went past the multipart limit. */
    async setAvatar(userId: string, data: Buffer | undefined, truncated: boolean): Promise<AvatarResponse> {
      const type = data && sniffImageType(data);
      if (!data || !type) throw badRequest(profileMessages.avatarType, 'avatar');
      if (truncated || data.length > AVATAR_MAX_BYTES) throw badRequest(profileMessages.avatarSize, 'avatar');
      const user = await repo.userById(userId);
      if (!user) throw unauthorized();
      let images: Awaited<ReturnType<typeof renderAvatar>>;
      try {
        images = await renderAvatar(data, type);
      } catch {
        throw badRequest(profileMessages.avatarType, 'avatar');
      }
      const base = `avatars/${user.id}/${randomBytes(12).toString('base64url')}`;
      const fullKey = `${base}-full.${images.extension}`;
      const smallKey = `${base}-small.${images.extension}`;
      await storage.put(fullKey, images.full);
      await storage.put(smallKey, images.small);
      await repo.updateUser(user.id, { avatarFull: fullKey, avatarSmall: smallKey });
      await removeFiles(user);
      return { linkFull: storage.url(fullKey), linkMinified: storage.url(smallKey) };
    },

    /** DELETE /profile/avatar */
    async deleteAvatar(userId: string) {
      const user = await repo.userById(userId);
      if (!user) throw unauthorized();
      await repo.updateUser(user.id, { avatarFull: null, avatarSmall: null });
      await removeFiles(user);
    },

    /**
     * Moves verificationType to `to` when it is one of `from` (the KYC module's provider results); true
     * when it moved.
     */
    moveVerificationType(
      userId: string,
      from: readonly VerificationType[],
      to: VerificationType,
      tx?: DbOrTx,
    ) {
      return repo.moveVerificationType(userId, from, to, tx);
    },
  };

  async function removeFiles(user: UserRow) {
    for (const key of [user.avatarFull, user.avatarSmall]) if (key) await storage.delete(key);
  }
}

export type IdentityService = ReturnType<typeof createIdentityService>;
