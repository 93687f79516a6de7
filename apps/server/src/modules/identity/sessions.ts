import { randomUUID } from 'node:crypto';
import type { BanInfo } from '@paws/contracts/bans';
import type { UserRole } from '@paws/contracts/profile';
import { unauthorized } from '../../lib/errors.ts';
import { liveBanOf, toBanInfo } from './bans.ts';
import { randomToken, type Secrets } from './crypto.ts';
import type { IdentityRepository, ShownUser } from './repository.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/** Who a request is from, once its access token and session have been checked. */
export interface AuthUser {
  id: string;
  /** The spec's role (user data: the manager flag changes the avatar), derived from the staff roles; it grants nothing. */
  role: UserRole;
  sessionId: string;
  /** The sign-in the session belongs to (its refresh-token family): what the player's session list names. */
  familyId: string;
  /**
   * The live ban of a banned account. A banned player stays signed in and may read (app.authenticate lets
   * GET through); every other action is refused with 403 and this ban (see identity/authenticate.ts).
   */
  ban?: BanInfo;
}

/**
 * The account fields read with the session check of this user (the same query): what the user data shows,
 * so a signed-in read of it needs no second query. Only for users this process's check made.
 */
const shownWithSession = new WeakMap<AuthUser, ShownUser>();
export const shownUserOf = (user: AuthUser): ShownUser | undefined => shownWithSession.get(user);

export interface ClientInfo {
  ip?: string;
  userAgent?: string;
}

/** This process's session checks (session-cache.ts). */
export type SessionCheckCache = SessionCache<AuthUser, ShownUser>;
export const createSessionCheckCache = () => createSessionCache<AuthUser, ShownUser>();

function answer(user: AuthUser, shown: ShownUser): AccessCheck {
  shownWithSession.set(user, shown);
  return user.ban ? { user, banned: true } : { user };
}

/** What the routes put in cookies. */
export interface SessionTokens {
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken: string;
  refreshExpiresAt: Date;
  /** The sign-in the tokens belong to (the player's session list names it). */
  familyId: string;
}

export interface SessionKeeperDeps {
  repo: IdentityRepository;
  secrets: Secrets;
  now: () => Date;
  /** How long after a rotation the spent token may still be presented (parallel tabs or requests). */
  reuseGraceSeconds: number;
  /** This process's session checks, valid while the account feed is live (session-cache.ts). */
  cache: SessionCheckCache;
  /** Returns once every process has heard a committed revocation (core/changes.ts). */
  settle: () => Promise<void>;
}

/**
 * `expired`: a token we signed whose time is up (a refresh may bring the session back). A banned account's
 * user carries its `ban` (and `banned` is true).
 */
export type AccessCheck =
  | { user: AuthUser; banned?: boolean }
  | { user: undefined; banned: boolean; expired?: boolean };

/**
 * Sessions: a short access token (JWT naming its session row) and a rotating refresh token kept hashed.
 * A refresh token presented after it was rotated, past the grace period, revokes its whole family.
 */
export function createSessionKeeper({
  repo,
  secrets,
  now,
  reuseGraceSeconds,
  cache,
  settle,
}: SessionKeeperDeps) {
  async function issue(
    userId: string,
    client: ClientInfo,
    family?: { familyId: string; expiresAt: Date },
    id: string = randomUUID(),
    provedAt: Date | null = null,
  ): Promise<SessionTokens> {
    const at = now();
    const refreshToken = randomToken();
    const refreshExpiresAt = family?.expiresAt ?? new Date(at.getTime() + SESSION_TTL_SECONDS * 1000);
    const familyId = family?.familyId ?? randomUUID();
    await repo.insertSession({
      id,
      familyId,
      userId,
      tokenHash: secrets.hash(`refresh:${refreshToken}`),
      createdAt: at,
      expiresAt: refreshExpiresAt,
      userAgent: client.userAgent?.slice(0, 512) ?? null,
      ip: client.ip ?? null,
      provedAt,
    });
    const accessToken = await secrets.signAccessToken(
      { userId, sessionId: id },
      at,
      ACCESS_TOKEN_TTL_SECONDS,
    );
    return {
      accessToken,
      accessExpiresAt: new Date(at.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
      refreshToken,
      refreshExpiresAt,
      familyId,
    };
  }

  return {
    /**
     * A new session family (a sign-in). A sign-in proves presence (step-up.ts) as of now, unless `provedAt`
     * says otherwise (a handover carries the proof of the session it came from, or none).
     */
    start: (userId: string, client: ClientInfo, { provedAt }: { provedAt?: Date | null } = {}) =>
      issue(userId, client, undefined, undefined, provedAt === undefined ? now() : provedAt),

    async rotate(refreshToken: string, client: ClientInfo): Promise<SessionTokens> {
      const row = await repo.sessionByTokenHash(secrets.hash(`refresh:${refreshToken}`));
      const at = now();
      if (!row || row.revokedAt || row.expiresAt.getTime() <= at.getTime()) throw unauthorized();
      const user = await repo.userById(row.userId);
      if (!user) throw unauthorized();
      // A banned player keeps the session (they may browse; app.authenticate refuses their actions), and
      // carries on without signing in again when the ban ends or is lifted.
      const family = { familyId: row.familyId, expiresAt: row.expiresAt };
      let spent = row;
      if (!row.replacedBy) {
        const nextId = randomUUID();
        if (await repo.markSessionReplaced(row.id, nextId, at))
          return issue(row.userId, client, family, nextId);
        spent = (await repo.sessionByTokenHash(row.tokenHash)) ?? row;
        if (spent.revokedAt) throw unauthorized();
      }
      // Already rotated: by a parallel request a moment ago (allowed), or a copied token being replayed.
      const rotatedAt = spent.lastUsedAt?.getTime() ?? 0;
      if (at.getTime() - rotatedAt <= reuseGraceSeconds * 1000) return issue(row.userId, client, family);
      await repo.revokeFamily(row.familyId, at);
      await settle();
      throw unauthorized();
    },

    /** Ends the session a refresh token or an access token belongs to (logout). */
    async revoke({ refreshToken, accessToken }: { refreshToken?: string; accessToken?: string }) {
      const at = now();
      if (refreshToken) {
        const row = await repo.sessionByTokenHash(secrets.hash(`refresh:${refreshToken}`));
        if (row) {
          await repo.revokeFamily(row.familyId, at);
          return settle();
        }
      }
      const claims = accessToken ? await secrets.readAccessToken(accessToken) : undefined;
      if (claims) {
        const row = await repo.sessionWithUser(claims.sessionId, at);
        if (row && row.userId === claims.userId) {
          await repo.revokeFamily(row.familyId, at);
          await settle();
        }
      }
    },

    /** The user behind an access token, checked against its session so that a logout takes effect at once. */
    async check(accessToken: string | undefined): Promise<AccessCheck> {
      if (!accessToken) return { user: undefined, banned: false };
      const at = now();
      const claims = await secrets.verifyAccessToken(accessToken, at);
      if (!claims) {
        const expired = (await secrets.readAccessToken(accessToken)) !== undefined;
        return { user: undefined, banned: false, expired };
      }
      const cached = cache.get(claims.sessionId, at.getTime());
      if (cached && cached.user.id === claims.userId) return answer({ ...cached.user }, cached.shown);
      const ticket = cache.ticket();
      const row = await repo.sessionWithUser(claims.sessionId, at);
      if (!row || row.userId !== claims.userId || row.revokedAt || row.expiresAt.getTime() <= at.getTime()) {
        return { user: undefined, banned: false };
      }
      const user: AuthUser = {
        id: row.userId,
        role: row.role,
        sessionId: row.sessionId,
        familyId: row.familyId,
      };
      const ban = row.banned ? await liveBanOf(repo.db, row.userId, at) : undefined;
      // Only a banned account pays the second read, for what the player is shown.
      const checked: AuthUser = ban ? { ...user, ban: toBanInfo(ban) } : user;
      const validUntil = Math.min(row.expiresAt.getTime(), row.banChangesAt?.getTime() ?? Infinity);
      cache.keep(ticket, row.sessionId, { user: { ...checked }, shown: row.user, validUntil }, at.getTime());
      return answer(checked, row.user);
    },

    async revokeAllOf(userId: string) {
      await repo.revokeUserSessions(userId, now());
      await settle();
    },
  };
}
export type SessionKeeper = ReturnType<typeof createSessionKeeper>;
