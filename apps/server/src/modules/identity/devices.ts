import { and, asc, count, eq, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from './schema.ts';

/** How long a device counts as new after its first sign-in. */
export const NEW_DEVICE_HOURS = 24;

/**
 * A browser the player signed in with, told apart by its user agent (as the "new device" sign-in notice
 * does): when it was first and last seen, from where, and in how many sign-ins (session families).
 */
export interface PlayerDevice {
  userAgent: string | null;
  firstSeenAt: Date;
  lastSeenAt: Date;
  lastIp: string | null;
  signIns: number;
  /**
   * First seen within NEW_DEVICE_HOURS before `at`, and not the account's first device (a new account's
   * only browser is not a change of device: the "first withdrawal" risk covers new accounts).
   */
  isNew: boolean;
}

export interface DeviceQuery {
  /** The moment the question is about (a withdrawal's request time); default now. */
  at?: Date;
  withinHours?: number;
}

/**
 * The player's devices as of `at` (sessions started later are left out), most recently used first. Sessions
 * are read from every state (revoked and expired too): a device stays known once it signed in.
 */
export async function devicesOf(
  db: DbOrTx,
  userId: string,
  { at = new Date(), withinHours = NEW_DEVICE_HOURS }: DeviceQuery = {},
): Promise<PlayerDevice[]> {
  const rows = await db
    .select({
      userAgent: sessions.userAgent,
      firstSeenAt: sql<Date>`min(${sessions.createdAt})`.mapWith(sessions.createdAt),
      lastSeenAt: sql<Date>`max(coalesce(${sessions.lastUsedAt}, ${sessions.createdAt}))`.mapWith(
        sessions.createdAt,
      ),
      lastIp: sql<string | null>`(array_agg(${sessions.ip} order by ${sessions.createdAt} desc))[1]`,
      signIns: count(sql`distinct ${sessions.familyId}`),
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), lte(sessions.createdAt, at)))
    .groupBy(sessions.userAgent)
    .orderBy(asc(sql`min(${sessions.createdAt})`));
  const since = at.getTime() - withinHours * 3600_000;
  return rows
    .map((row, i) => ({ ...row, isNew: i > 0 && row.firstSeenAt.getTime() > since }))
    .sort((a, b) => b.lastSeenAt.getTime() - a.lastSeenAt.getTime());
}
