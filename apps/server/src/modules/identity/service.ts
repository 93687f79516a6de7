import { RESEND_CODE_SECONDS } from '@paws/contracts/auth';
import type { BanInfo } from '@paws/contracts/bans';
import type { User, VerificationType } from '@paws/contracts/profile';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Env } from '../../config/env.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Storage } from '../../plugins/storage.ts';
import type { AuditService } from '../audit/index.ts';
import type { Messaging } from '../messaging/index.ts';
import { createAccountKeeping } from './account-keeping.ts';
import { bonusEligibility, liveBanOf, toBanInfo } from './bans.ts';
import { createCodeKeeper } from './codes.ts';
import { createSecrets } from './crypto.ts';
import { type DeviceQuery, devicesOf } from './devices.ts';
import { createPasskeys } from './passkeys.ts';
import { createPasswordReset } from './password-reset.ts';
import { createPlayerSecurity } from './player-security.ts';
import { createProfileEdits } from './profile-edits.ts';
import { createReferralCodes, type PromoCheck } from './referral-codes.ts';
import { createIdentityRepository, type ShownUser } from './repository.ts';
import { createSelfRestrictions } from './self-restrictions.ts';
import { createSessionList } from './session-list.ts';
import {
  type AuthUser,
  type ClientInfo,
  createSessionKeeper,
  type SessionCheckCache,
  shownUserOf,
} from './sessions.ts';
import {
  createSignInGateHolder,
  createSignUpChoicesHolder,
  type SignInGate,
  type SignUpChoicesHandler,
} from './sign-in-gate.ts';
import { createSignInLog, type SignInListQuery } from './sign-ins.ts';
import { createSignUpAndIn } from './sign-up-and-in.ts';
import { createStaffActions } from './staff-actions.ts';
import { createStaffReads } from './staff-reads.ts';
import { createStepUp } from './step-up.ts';
import { createTwoStep } from './two-step.ts';

export interface IdentityServiceDeps {
  db: Db;
  env: Env;
  messaging: Messaging;
  storage: Storage;
  /** The service's clock; tests move it to expire codes and tokens. */
  now?: () => Date;
  refreshReuseGraceSeconds?: number;
  /** Staff actions on accounts write their audit rows with it. */
  audit: AuditService;
  /** This process's session checks, valid while the account feed is live (session-cache.ts). */
  sessionCache: SessionCheckCache;
  /** Returns once every process has heard a committed revocation (core/changes.ts). */
  settle: () => Promise<void>;
}

export interface AccountSummary {
  userId: string;
  username: string | null;
  confirmed: boolean;
  role: ShownUser['role'];
  banned: boolean;
  /** The promo code entered at sign-up (bonuses redeems it when the account is confirmed). */
  promoCode: string | null;
  /** The account whose referral code the player signed up with. */
  referredBy: string | null;
}

export function createIdentityService({
  db,
  env,
  messaging,
  storage,
  now = () => new Date(),
  refreshReuseGraceSeconds = 10,
  audit,
  sessionCache,
  settle,
}: IdentityServiceDeps) {
  /** A revoking call answers only once every process has heard its revocation. */
  const settled =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await call(...args);
      await settle();
      return result;
    };
  const repo = createIdentityRepository(db);
  const secrets = createSecrets(env.SECRET);
  const codes = createCodeKeeper({ repo, secrets, now, resendSeconds: RESEND_CODE_SECONDS });
  const sessions = createSessionKeeper({
    repo,
    secrets,
    now,
    reuseGraceSeconds: refreshReuseGraceSeconds,
    cache: sessionCache,
    settle,
  });
  const signIns = createSignInLog({ repo, now });
  const staffReads = createStaffReads({ db, now, storage });
  const staffActions = createStaffActions({ db, now, audit });
  const referrals = createReferralCodes({ db, repo });

  const accounts = createAccountKeeping({ db, env, repo, settle });
  const mySessions = createSessionList({ db, secrets, now, siteUrl: env.PLATFORM_URL, settle });
  const selfRestrictions = createSelfRestrictions({ db, now });
  const twoStep = createTwoStep({ db, secret: env.SECRET, secrets, now });
  const securityOfPlayers = createPlayerSecurity({ db, now, audit, messaging, mySessions, twoStep });
  const playerSecurity = { ...securityOfPlayers, endSessions: settled(securityOfPlayers.endSessions) };
  const passkeys = createPasskeys({
    db,
    platformUrl: env.PLATFORM_URL,
    landingUrl: env.LANDING_URL,
    now,
    signIns,
    messaging,
  });
  const signInGate = createSignInGateHolder();
  const signUpChoices = createSignUpChoicesHolder();
  // signInProven starts a session for an account id: only the passkey check below may reach it.
  const { signInProven, ...signUpAndIn } = createSignUpAndIn({
    db,
    repo,
    codes,
    sessions,
    signIns,
    referrals,
    messaging,
    accounts,
    selfRestrictions,
    signInGate: signInGate.check,
    signUpChoices: signUpChoices.apply,
    now,
    twoStep,
    newDeviceMail: mySessions.newDeviceMail,
  });
  const passwordReset = createPasswordReset({ codes, sessions, messaging, accounts, now });
  const edits = createProfileEdits({ repo, codes, storage, messaging, accounts, now });
  // The edits that write the account outside updateAndTell (which settles) show at once in every process too.
  const profileEdits = {
    ...edits,
    editProfile: settled(edits.editProfile),
    setAvatar: settled(edits.setAvatar),
    deleteAvatar: settled(edits.deleteAvatar),
  };
  const stepUp = createStepUp({ db, repo, codes, messaging, twoStep, now });

  function toUser(user: ShownUser): User {
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

  return {
    now,
    sessions,
    ...signUpAndIn,
    ...passwordReset,
    ...profileEdits,
    /** The player's own sessions and devices: list them, end one of the others or all of them. */
    mySessions,
    /** The player's authenticator app: status, enrolment, recovery codes, turning it off. */
    twoStep,
    /** The player's passkeys: list, add, rename, remove, and the sign-in ceremony's options and check. */
    passkeys,
    /** POST /auth/passkey: the passkey's answer checked, then the session (a passkey is both steps). */
    signInWithPasskey: async (response: AuthenticationResponseJSON, client: ClientInfo) =>
      signInProven(await passkeys.authenticate(response, client), client),
    /** Proofs of presence in a session (issue 29 point 5): status, codes, the proof itself. */
    stepUp,
    /**
     * preHandler (after app.authenticate) of money and account-security calls: 403 STEP_UP_REQUIRED unless
     * this session proved presence in the last STEP_UP_WINDOW_MINUTES (step-up.ts).
     */
    requireStepUp: stepUp.guard,

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

    /** Whether an account has this id (one primary-key read), in the caller's transaction when given. */
    hasAccount: async (userId: string, q?: DbOrTx) => (await repo.userById(userId, q)) !== undefined,

    /** Whether bonuses may be credited to the account now (in `q` when given): see bans.ts. */
    bonusEligibility: (userId: string, q: DbOrTx = db) => bonusEligibility(q, userId, now()),

    /** Whether the account has a live ban now (one indexed read): the wallet refuses its bets. */
    isBanned: async (userId: string) => (await liveBanOf(db, userId, now())) !== undefined,

    /** Account ids after `after` (null: from the first) in id order, `limit` at a time. */
    userIdsAfter: (after: string | null, limit: number) => repo.userIdsAfter(after, limit),

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
    /** The player's own time-out or self-exclusion (responsible gaming): see self-restrictions.ts. */
    restrictSelf: settled(selfRestrictions.restrictSelf),
    selfRestrictionOf: selfRestrictions.currentOf,
    /** Every time-out and self-exclusion of the player (rows of bans), newest first: the back office's history. */
    selfRestrictionHistory: selfRestrictions.historyOf,
    banPlayer: settled(staffActions.banPlayer),
    unbanPlayer: settled(staffActions.unbanPlayer),
    /** The player page's live sessions and factors; four-eyes factor removal (issue 29 point 6). */
    playerSecurity,

    /**
     * The signed-in user's data (GET /api/platform/profile/user-data), with the live ban of a banned one.
     * `knownBan`: the ban the session check just found (undefined: none), which spares the ban read.
     */
    async userData(userId: string, knownBan?: { ban: BanInfo | undefined }): Promise<User> {
      const user = await repo.userById(userId);
      if (!user) throw notFound('User not found');
      if (knownBan) return knownBan.ban ? { ...toUser(user), ban: knownBan.ban } : toUser(user);
      const ban = await liveBanOf(db, user.id, now());
      return ban ? { ...toUser(user), ban: toBanInfo(ban) } : toUser(user);
    },
    /**
     * The same for the user app.authenticate has just signed in: the account fields and the ban the session
     * check read with the session (one query for both), read again only for a user checked elsewhere.
     */
    async signedInUserData(signedIn: AuthUser): Promise<User> {
      const user = shownUserOf(signedIn) ?? (await repo.userById(signedIn.id));
      if (!user) throw notFound('User not found');
      return signedIn.ban ? { ...toUser(user), ban: signedIn.ban } : toUser(user);
    },

    /** The player's own referral code (GET /profile/referral), made the first time it is asked for. */
    ownReferralCode: referrals.ownCodeOf,
    /**
     * Installs the sign-up form's promo-code check (the bonuses module's validatePromoCode): it answers or
     * throws a 4xx on `promo`. Without one, a well-formed code is kept and redeemed later.
     */
    setPromoCheck: (check: PromoCheck) => referrals.setPromoCheck(check),
    /**
     * Installs the check asked at sign-up and before each sign-in (responsible gaming's national
     * self-exclusion register): see sign-in-gate.ts.
     */
    setSignInGate: (gate: SignInGate) => signInGate.set(gate),
    setSignUpChoicesHandler: (handler: SignUpChoicesHandler) => signUpChoices.set(handler),

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
      if (!tx) return settled(repo.moveVerificationType)(userId, from, to);
      // The caller commits later: this process reads the account from the database until it is heard.
      sessionCache.hold(userId);
      return repo.moveVerificationType(userId, from, to, tx);
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
