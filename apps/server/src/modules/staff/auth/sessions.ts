import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { AuditService } from '../../audit/index.ts';
import type { StaffAccount, StaffCredentials } from '../../identity/index.ts';
import type { StaffActor } from '../access.ts';
import { staffSessions } from '../schema.ts';
import { newSessionToken, type StaffCrypto } from './crypto.ts';

/** A back-office session ends after 30 minutes without a request, and after 12 hours whatever happens. */
export const STAFF_SESSION_IDLE_MS = 30 * 60_000;
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60_000;
/** last_seen_at is written at most once a minute per session. */
const TOUCH_MS = 60_000;

export interface ClientInfo {
  ip: string;
  userAgent?: string;
}

export interface StaffSessionsDeps {
  db: Db;
  crypto: StaffCrypto;
  credentials: StaffCredentials;
  audit: AuditService;
  isBanned(userId: string): Promise<boolean>;
  now: () => Date;
}

/** Back-office sessions: started by a finished sign-in, checked on every request, ended. */
export function createStaffSessions({ db, crypto, credentials, audit, isBanned, now }: StaffSessionsDeps) {
  return {
    /** A new session for the account, audited in the sign-in's transaction; answers its token. */
    async start(account: StaffAccount, client: ClientInfo, tx: DbOrTx) {
      const token = newSessionToken();
      const start = now();
      const [session] = await tx
        .insert(staffSessions)
        .values({
          userId: account.userId,
          tokenHash: crypto.hashToken(token),
          ip: client.ip,
          userAgent: client.userAgent?.slice(0, 500) ?? null,
          createdAt: start,
          lastSeenAt: start,
          expiresAt: new Date(start.getTime() + STAFF_SESSION_MAX_MS),
        })
        .returning({ id: staffSessions.id });
      await audit.record(
        {
          actorId: account.userId,
          actorRoles: account.roles,
          action: 'staff.sign_in',
          targetType: 'staff_session',
          targetId: session!.id,
          ip: client.ip,
        },
        tx,
      );
      return token;
    },

    /** The staff member a session token signs in, or null (expired, idle, revoked, banned, no role left). */
    async actorFor(token: string | undefined, ip: string): Promise<StaffActor | null> {
      if (!token) return null;
      const moment = now();
      const [session] = await db
        .select()
        .from(staffSessions)
        .where(
          and(
            eq(staffSessions.tokenHash, crypto.hashToken(token)),
            isNull(staffSessions.revokedAt),
            gt(staffSessions.expiresAt, moment),
          ),
        );
      if (!session || moment.getTime() - session.lastSeenAt.getTime() > STAFF_SESSION_IDLE_MS) return null;
      const account = await credentials.account(session.userId);
      if (!account || account.roles.length === 0 || (await isBanned(session.userId))) return null;
      if (moment.getTime() - session.lastSeenAt.getTime() > TOUCH_MS) {
        await db.update(staffSessions).set({ lastSeenAt: moment }).where(eq(staffSessions.id, session.id));
      }
      return { id: account.userId, email: account.email, roles: account.roles, sessionId: session.id, ip };
    },

    async signOut(actor: StaffActor) {
      await db.transaction(async (tx) => {
        await tx.update(staffSessions).set({ revokedAt: now() }).where(eq(staffSessions.id, actor.sessionId));
        await audit.record(
          {
            actorId: actor.id,
            actorRoles: actor.roles,
            action: 'staff.sign_out',
            targetType: 'staff_session',
            targetId: actor.sessionId,
            ip: actor.ip,
          },
          tx,
        );
      });
    },

    /** Ends every back-office session of an account (its roles were revoked, or it was banned). */
    async endSessionsOf(userId: string, tx: DbOrTx = db) {
      await tx
        .update(staffSessions)
        .set({ revokedAt: now() })
        .where(and(eq(staffSessions.userId, userId), isNull(staffSessions.revokedAt)));
    },
  };
}

export type StaffSessions = ReturnType<typeof createStaffSessions>;
