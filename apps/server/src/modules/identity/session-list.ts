import { END_SESSION_PATH } from '@paws/contracts/session-links';
import { type MySession, sessionListMessages } from '@paws/contracts/sessions';
import Bowser from 'bowser';
import { and, desc, eq, gt, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { recordEvent } from '../../core/events/record.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Secrets } from './crypto.ts';
import { mailTexts } from './messages.ts';
import { sessions } from './schema.ts';
import type { AuthUser, ClientInfo } from './sessions.ts';

/** The room every socket of a sign-in joins (app.socketAuth), so ending the sign-in can drop them at once. */
export const sessionRoom = (familyId: string) => `identity-session:${familyId}`;

/** '2026-11-27 14:05 UTC': a moment in words for e-mails and the back office, which say their times are UTC. */
export const utcMinute = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** "Chrome 131" and "Windows 10" from a user agent (bowser); null for what it does not tell. */
export function deviceInWords(userAgent: string | null): { browser: string | null; system: string | null } {
  if (!userAgent) return { browser: null, system: null };
  const { browser, os } = Bowser.parse(userAgent);
  const major = browser.version?.split('.')[0];
  return {
    browser: browser.name ? [browser.name, major].filter(Boolean).join(' ') : null,
    system: os.name ? [os.name, os.versionName ?? os.version].filter(Boolean).join(' ') : null,
  };
}

/**
 * The player's own sessions (spec issue 29: sessions and devices in /profile). A session is a sign-in (a
 * refresh-token family); it is live while its tokens are neither revoked nor past the family's expiry.
 * Ending one revokes every row of its family: the per-request check reads the row its access token names,
 * so that device is refused on its next request, and the recorded event drops its sockets.
 */
export interface SessionListDeps {
  db: Db;
  secrets: Secrets;
  now: () => Date;
  /** The player site's origin, which the new-device e-mail's link opens. */
  siteUrl: string;
  /** Returns once every process has heard a committed revocation (core/changes.ts). */
  settle: () => Promise<void>;
}

export function createSessionList({ db, secrets, now, siteUrl, settle }: SessionListDeps) {
  // The link's token is the family id and its keyed hash: nothing is stored, and it only ever ends that one sign-in.
  const linkHash = (familyId: string) => secrets.hash(`end-session:${familyId}`);
  const liveOf = (userId: string, at: Date) =>
    and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, at));

  /** The live sessions of an account, newest activity first; `currentFamilyId` marks "This device". */
  async function listFor(userId: string, currentFamilyId: string | null): Promise<MySession[]> {
    const latest = (column: typeof sessions.ip | typeof sessions.userAgent) =>
      sql<string | null>`(array_agg(${column} order by ${sessions.createdAt} desc))[1]`;
    const lastAt = sql`max(coalesce(${sessions.lastUsedAt}, ${sessions.createdAt}))`;
    const rows = await db
      .select({
        familyId: sessions.familyId,
        signedInAt: sql<Date>`min(${sessions.createdAt})`.mapWith(sessions.createdAt),
        lastActiveAt: sql<Date>`${lastAt}`.mapWith(sessions.createdAt),
        ip: latest(sessions.ip),
        userAgent: latest(sessions.userAgent),
      })
      .from(sessions)
      .where(liveOf(userId, now()))
      .groupBy(sessions.familyId)
      .orderBy(desc(lastAt));
    return rows.map((row) => ({
      sessionId: row.familyId,
      ...deviceInWords(row.userAgent),
      ip: row.ip,
      signedInAt: row.signedInAt.toISOString(),
      lastActiveAt: row.lastActiveAt.toISOString(),
      current: row.familyId === currentFamilyId,
    }));
  }
  const list = (user: AuthUser) => listFor(user.id, user.familyId);

  /** Revokes the live families matching `which`, and announces them in the same transaction. */
  async function endWhere(which: SQL) {
    const ended = await db.transaction((tx) => endWhereIn(tx, which).then((ids) => ids.length));
    if (ended > 0) await settle();
    return ended;
  }
  /** endWhere in the caller's transaction: the ended sessions' ids. */
  async function endWhereIn(tx: DbOrTx, which: SQL) {
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now() })
      .where(and(isNull(sessions.revokedAt), gt(sessions.expiresAt, now()), which))
      .returning({ familyId: sessions.familyId, userId: sessions.userId });
    const sessionIds = [...new Set(ended.map((row) => row.familyId))];
    const userId = ended[0]?.userId;
    if (userId) await recordEvent(tx, 'identity.sessions_ended', { userId, sessionIds });
    return sessionIds;
  }

  return {
    list,
    listFor,
    /**
     * Ends the account's live sessions, one (`sessionId`) or all, in the caller's transaction (staff's
     * audited actions): the same revocation and event as the player's own, so sockets drop at once.
     */
    endForAccount: (tx: DbOrTx, userId: string, sessionId: string | null) =>
      endWhereIn(
        tx,
        sessionId === null
          ? eq(sessions.userId, userId)
          : and(eq(sessions.userId, userId), eq(sessions.familyId, sessionId))!,
      ),
    /** Ends one of the player's other sessions; another player's (or an ended one) is not found. */
    async end(user: AuthUser, sessionId: string): Promise<void> {
      if (sessionId === user.familyId) throw badRequest(sessionListMessages.current, 'sessionId');
      const ended = await endWhere(and(eq(sessions.userId, user.id), eq(sessions.familyId, sessionId))!);
      if (ended === 0) throw notFound(sessionListMessages.notFound);
    },
    /** Ends every session of the player but the one in use; how many ended. */
    endOthers: (user: AuthUser) =>
      endWhere(and(eq(sessions.userId, user.id), ne(sessions.familyId, user.familyId))!),

    /** The e-mail of a sign-in from a new device: the device, the time (UTC) and a link that ends it. */
    newDeviceMail(familyId: string, client: ClientInfo) {
      const { browser, system } = deviceInWords(client.userAgent ?? null);
      const device = [
        browser ?? 'an unknown browser',
        system ? `on ${system}` : undefined,
        client.ip && `(${client.ip})`,
      ]
        .filter(Boolean)
        .join(' ');
      const at = utcMinute(now());
      const link = `${siteUrl}${END_SESSION_PATH}?token=${familyId}.${linkHash(familyId)}`;
      return mailTexts.newDeviceSignIn(device, at, link);
    },

    /** Ends the sign-in a new-device e-mail's link names (already ended: nothing to do); a forged link is 400. */
    async endByLink(token: string): Promise<void> {
      const [familyId = '', hash = ''] = token.split('.');
      if (!/^[0-9a-f-]{36}$/.test(familyId) || !secrets.equalHashes(hash, linkHash(familyId)))
        throw badRequest(sessionListMessages.badLink, 'token');
      await endWhere(eq(sessions.familyId, familyId));
    },
  };
}
export type SessionList = ReturnType<typeof createSessionList>;
