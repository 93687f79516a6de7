import {
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEYS_PER_ACCOUNT,
  type Passkey,
  passkeyMessages,
} from '@paws/contracts/passkeys';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON, isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, asc, count, eq, gt, isNull, lt } from 'drizzle-orm';
import { recordEvent } from '../../core/events/record.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Messaging } from '../messaging/index.ts';
import { mailTexts } from './messages.ts';
import { type PasskeyRow, passkeyChallenges, playerPasskeys } from './passkeys-schema.ts';
import { users } from './schema.ts';
import { utcMinute } from './session-list.ts';
import type { ClientInfo } from './sessions.ts';
import type { SignInFailure, SignInLog } from './sign-ins.ts';

export const PASSKEY_RP_NAME = 'PAWS';
const CEREMONY_MS = PASSKEY_CHALLENGE_MINUTES * 60_000;

type Purpose = 'registration' | 'authentication';

export interface PasskeysDeps {
  db: Db;
  /** The player site: its host is the relying party id, its origin the one the browser must report. */
  platformUrl: string;
  /** The landing site: also accepted when it is on the platform's host or one of its subdomains. */
  landingUrl?: string;
  now: () => Date;
  /** A refused answer for a registered passkey is a failure row in its account's sign-in log. */
  signIns: SignInLog;
  /** The e-mail telling the player a passkey was blocked as a copy. */
  messaging: Messaging;
}

const refused = (message: string, field = 'response') => new AppError(401, message, field);

/** The WebAuthn user handle is the account id's 16 bytes: no e-mail or name goes to the authenticator. */
const userHandleOf = (userId: string) => isoUint8Array.fromHex(userId.replace(/-/g, ''));
const userIdOfHandle = (handle: string) => {
  const hex = isoUint8Array.toHex(isoBase64URL.toBuffer(handle));
  return hex.length === 32
    ? `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
    : undefined;
};

/** The challenge the browser signed, read from the client data (checked again by the library). */
function challengeOf(clientDataJSON: string) {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    if (typeof challenge === 'string' && challenge.length > 0) return challenge;
  } catch {
    // falls through to the refusal
  }
  throw badRequest(passkeyMessages.response, 'response');
}

/**
 * Passkeys (WebAuthn, issue 29 point 1) with @simplewebauthn/server: registration from the profile (a
 * discoverable credential, the user verified), sign-in with a passkey alone, and the player's list. Each
 * ceremony's challenge is stored for five minutes and claimed once before its answer is checked, so an
 * answer cannot be replayed and each challenge gives one try.
 */
export function createPasskeys({ db, platformUrl, landingUrl, now, signIns, messaging }: PasskeysDeps) {
  const rpID = new URL(platformUrl).hostname;
  const origins = [new URL(platformUrl).origin];
  if (landingUrl) {
    const landing = new URL(landingUrl);
    if (landing.hostname === rpID || landing.hostname.endsWith(`.${rpID}`)) origins.push(landing.origin);
  }

  async function storeChallenge(challenge: string, purpose: Purpose, userId: string | null) {
    const at = now();
    // Expired challenges go when new ones come: the table holds at most five minutes of ceremonies.
    await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, at));
    await db.insert(passkeyChallenges).values({
      challenge,
      purpose,
      userId,
      expiresAt: new Date(at.getTime() + CEREMONY_MS),
    });
  }

  /** Uses the challenge up: only a live, unused one of this purpose (and player) passes, once. */
  async function claimChallenge(challenge: string, purpose: Purpose, userId: string | null) {
    const claimed = await db
      .update(passkeyChallenges)
      .set({ usedAt: now() })
      .where(
        and(
          eq(passkeyChallenges.challenge, challenge),
          eq(passkeyChallenges.purpose, purpose),
          userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId),
          isNull(passkeyChallenges.usedAt),
          gt(passkeyChallenges.expiresAt, now()),
        ),
      )
      .returning({ id: passkeyChallenges.id });
    if (claimed.length === 0) throw badRequest(passkeyMessages.expired, 'response');
  }

  const countOf = async (userId: string) =>
    (await db.select({ n: count() }).from(playerPasskeys).where(eq(playerPasskeys.userId, userId)))[0]?.n ??
    0;

  return {
    rpID,
    origins,

    /** GET /profile/passkeys: oldest first. */
    async list(userId: string): Promise<Passkey[]> {
      const rows = await db
        .select()
        .from(playerPasskeys)
        .where(eq(playerPasskeys.userId, userId))
        .orderBy(asc(playerPasskeys.createdAt), asc(playerPasskeys.id));
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
        blocked: row.blockedAt !== null,
      }));
    },

    /** How many passkeys the account has (the back office's player page). */
    countOf,

    /** POST /profile/passkeys/options: what navigator.credentials.create needs, its challenge stored. */
    async registrationOptions(userId: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const [user] = await db
        .select({ email: users.email, phone: users.phone, username: users.username })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw notFound('User not found');
      if ((await countOf(userId)) >= PASSKEYS_PER_ACCOUNT) throw conflict(passkeyMessages.tooMany);
      const existing = await db
        .select({ id: playerPasskeys.credentialId, transports: playerPasskeys.transports })
        .from(playerPasskeys)
        .where(eq(playerPasskeys.userId, userId));
      // The name the device lists the passkey under.
      const label = user.email ?? user.phone ?? user.username ?? 'player';
      const options = await generateRegistrationOptions({
        rpName: PASSKEY_RP_NAME,
        rpID,
        userName: label,
        userDisplayName: user.username ?? label,
        userID: userHandleOf(userId),
        timeout: CEREMONY_MS,
        attestationType: 'none',
        // The same authenticator is not added twice.
        excludeCredentials: existing.map((row) => ({ id: row.id, transports: row.transports })),
        authenticatorSelection: {
          residentKey: 'required',
          requireResidentKey: true,
          userVerification: 'required',
        },
      });
      await storeChallenge(options.challenge, 'registration', userId);
      return options;
    },

    /** POST /profile/passkeys: the authenticator's answer, checked against the stored challenge, kept. */
    async add(userId: string, name: string, response: RegistrationResponseJSON): Promise<Passkey> {
      const challenge = challengeOf(response.response.clientDataJSON);
      await claimChallenge(challenge, 'registration', userId);
      const verification = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origins,
        expectedRPID: rpID,
        requireUserVerification: true,
      }).catch(() => undefined);
      if (!verification?.verified) throw badRequest(passkeyMessages.response, 'response');
      const { credential } = verification.registrationInfo;
      if ((await countOf(userId)) >= PASSKEYS_PER_ACCOUNT) throw conflict(passkeyMessages.tooMany);
      const [row] = await db
        .insert(playerPasskeys)
        .values({
          userId,
          credentialId: credential.id,
          publicKey: isoBase64URL.fromBuffer(credential.publicKey),
          counter: credential.counter,
          transports: (credential.transports ?? response.response.transports ?? []).slice(0, 10),
          name,
          createdAt: now(),
        })
        .onConflictDoNothing({ target: playerPasskeys.credentialId })
        .returning();
      if (!row) throw conflict(passkeyMessages.alreadyAdded, 'response');
      return {
        id: row.id,
        name: row.name,
        createdAt: row.createdAt.toISOString(),
        lastUsedAt: null,
        blocked: false,
      };
    },

    /** PATCH /profile/passkeys/:id: only the owner's. */
    async rename(userId: string, id: string, name: string) {
      const renamed = await db
        .update(playerPasskeys)
        .set({ name })
        .where(and(eq(playerPasskeys.id, id), eq(playerPasskeys.userId, userId)))
        .returning({ id: playerPasskeys.id });
      if (renamed.length === 0) throw notFound(passkeyMessages.notFound);
    },

    /** DELETE /profile/passkeys/:id: only the owner's; it signs nobody in from then on. */
    async remove(userId: string, id: string) {
      const removed = await db
        .delete(playerPasskeys)
        .where(and(eq(playerPasskeys.id, id), eq(playerPasskeys.userId, userId)))
        .returning({ id: playerPasskeys.id });
      if (removed.length === 0) throw notFound(passkeyMessages.notFound);
    },

    /**
     * POST /auth/passkey/options: a challenge for any discoverable passkey of this site (no account named:
     * the browser offers the player's own), user verification required.
     */
    async signInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        timeout: CEREMONY_MS,
      });
      await storeChallenge(options.challenge, 'authentication', null);
      return options;
    },

    /**
     * POST /auth/passkey: checks the answer and answers the account it signs in. The challenge is used up
     * first; an unknown credential, one whose user handle names another account, a blocked one or a bad
     * signature is refused with 401. A counter that does not go up (when either is non-zero) marks the
     * credential blocked: a copy of the authenticator may exist, so it signs nobody in any more. Each refusal
     * of a registered passkey writes a failure row in its account's sign-in log (an unknown one names no
     * account: nothing to write).
     */
    async authenticate(response: AuthenticationResponseJSON, client: ClientInfo = {}): Promise<string> {
      const challenge = challengeOf(response.response.clientDataJSON);
      await claimChallenge(challenge, 'authentication', null);
      const [row] = await db
        .select()
        .from(playerPasskeys)
        .where(eq(playerPasskeys.credentialId, response.id));
      if (!row) throw refused(passkeyMessages.unknown);
      const refuse = async (failure: SignInFailure, message: string) => {
        await signIns.record(row.userId, client, { success: false, failure });
        return refused(message);
      };
      const handle = response.response.userHandle;
      // The account's credential presented under another account's handle: a forged answer to its owner.
      if (handle !== undefined && userIdOfHandle(handle) !== row.userId)
        throw await refuse('passkey_invalid', passkeyMessages.unknown);
      if (row.blockedAt) throw await refuse('passkey_blocked', passkeyMessages.cloned);
      let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
      try {
        verification = await verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: origins,
          expectedRPID: rpID,
          credential: {
            id: row.credentialId,
            publicKey: isoBase64URL.toBuffer(row.publicKey),
            counter: row.counter,
            transports: row.transports as AuthenticatorTransport[],
          },
          requireUserVerification: true,
        });
      } catch (error) {
        const message = error instanceof Error ? error.message : '';
        if (message.startsWith('Response counter value')) throw await block(row, client);
        if (/user verification/i.test(message))
          throw await refuse('passkey_unverified', passkeyMessages.notVerified);
        throw await refuse('passkey_invalid', passkeyMessages.response);
      }
      if (!verification.verified) throw await refuse('passkey_invalid', passkeyMessages.response);
      const { newCounter } = verification.authenticationInfo;
      // The counter moves forward in the same statement that checks it: of two answers racing with one
      // counter value, the second finds it already there and is treated as a copy.
      const used = await db
        .update(playerPasskeys)
        .set({ counter: newCounter, lastUsedAt: now() })
        .where(
          and(
            eq(playerPasskeys.id, row.id),
            isNull(playerPasskeys.blockedAt),
            // A counter of zero both times: the authenticator keeps none (WebAuthn L3 §6.1.1).
            newCounter === 0 ? eq(playerPasskeys.counter, 0) : lt(playerPasskeys.counter, newCounter),
          ),
        )
        .returning({ userId: playerPasskeys.userId });
      if (used.length === 0) throw await block(row, client);
      return row.userId;
    },
  };

  /**
   * Blocks a passkey that looks copied and answers the refusal. The first to block it, in one transaction:
   * the failure row, the `identity.passkey_blocked` event (the player's notice) and the e-mail; a racing
   * answer that finds it blocked already writes only its failure row.
   */
  async function block(row: PasskeyRow, client: ClientInfo) {
    await db.transaction(async (tx) => {
      const [blocked] = await tx
        .update(playerPasskeys)
        .set({ blockedAt: now() })
        .where(and(eq(playerPasskeys.id, row.id), isNull(playerPasskeys.blockedAt)))
        .returning({ id: playerPasskeys.id, name: playerPasskeys.name });
      await signIns.record(row.userId, client, { success: false, failure: 'passkey_copied' }, tx);
      if (!blocked) return;
      await recordEvent(tx, 'identity.passkey_blocked', {
        userId: row.userId,
        passkeyId: blocked.id,
        name: blocked.name,
      });
      const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
      if (owner?.email) {
        const mail = mailTexts.passkeyBlocked(blocked.name, utcMinute(now()));
        await messaging.email(owner.email, mail.subject, mail.text, tx);
      }
    });
    return refused(passkeyMessages.cloned);
  }
}
export type Passkeys = ReturnType<typeof createPasskeys>;
