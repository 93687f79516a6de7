import type { StaffRole } from '@paws/contracts/staff';
import type {
  PlayerListItem,
  PlayerProfile,
  PlayerSession,
  PlayersQuery,
  StaffBan,
} from '@paws/contracts/staff-players';
import { and, asc, count, desc, eq, gt, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import type { Storage } from '../../plugins/storage.ts';
import { isBannedSql } from './bans.ts';
import { devicesOf } from './devices.ts';
import { playerPasskeys } from './passkeys-schema.ts';
import { type BanRow, bans, playerTwoStep, sessions, signIns, staffRoles, users } from './schema.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A LIKE pattern that matches `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export interface PageQuery {
  page: number;
  limit: number;
  order: 'asc' | 'desc';
}

const creator = alias(users, 'ban_creator');
const lifter = alias(users, 'ban_lifter');

/** Back-office reads of accounts: search, the player page's profile, bans and sessions. */
export function createStaffReads({ db, now, storage }: { db: DbOrTx; now: () => Date; storage: Storage }) {
  function searchCondition(q: string | undefined): SQL | undefined {
    if (!q) return undefined;
    if (UUID.test(q)) return eq(users.id, q.toLowerCase());
    const digits = q.replace(/\D/g, '');
    // A phone is stored as '+' and digits: '+44 7700', '07700…' and '7700' all find '+447700…'.
    const phone =
      digits.length >= 3 && /^[\d\s()+.-]+$/.test(q) ? ilike(users.phone, containing(digits)) : undefined;
    return or(ilike(users.email, containing(q)), ilike(users.username, containing(q)), phone);
  }

  /** Players only: staff accounts have the staff page (a staff member who also plays has a player account). */
  async function searchPlayers(query: Pick<PlayersQuery, 'q' | 'page' | 'limit' | 'sort' | 'order'>) {
    const where = and(eq(users.role, 'player'), searchCondition(query.q));
    const column = {
      createdAt: users.createdAt,
      email: users.email,
      username: sql`lower(${users.username})`,
    }[query.sort];
    const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: users.id,
          email: users.email,
          phone: users.phone,
          username: users.username,
          role: users.role,
          verificationType: users.verificationType,
          emailVerifiedAt: users.emailVerifiedAt,
          phoneVerifiedAt: users.phoneVerifiedAt,
          createdAt: users.createdAt,
          banned: isBannedSql(users.id, now()),
        })
        .from(users)
        .where(where)
        .orderBy(sql`${column} ${direction} nulls last`, sql`${users.id} ${direction}`)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db.select({ count: count() }).from(users).where(where),
    ]);
    const items: PlayerListItem[] = rows.map(({ emailVerifiedAt, phoneVerifiedAt, createdAt, ...row }) => ({
      ...row,
      emailVerified: emailVerifiedAt !== null,
      phoneVerified: phoneVerifiedAt !== null,
      createdAt: createdAt.toISOString(),
    }));
    return { items, total: total?.count ?? 0 };
  }

  /** Every ban of the account, newest first, with who set and lifted it. */
  async function bansOf(userId: string, tx: DbOrTx = db): Promise<StaffBan[]> {
    const at = now();
    const rows = await tx
      .select({ ban: bans, createdByEmail: creator.email, liftedByEmail: lifter.email })
      .from(bans)
      .leftJoin(creator, eq(creator.id, bans.createdBy))
      .leftJoin(lifter, eq(lifter.id, bans.liftedBy))
      .where(eq(bans.userId, userId))
      .orderBy(desc(bans.createdAt), desc(bans.id));
    return rows.map((r) => toStaffBan(r.ban, at, r));
  }

  async function playerProfile(userId: string): Promise<Omit<PlayerProfile, 'balances'> | undefined> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) return undefined;
    const [roles, history, [lastSignIn], [twoStep], [passkeys]] = await Promise.all([
      db.select({ role: staffRoles.role }).from(staffRoles).where(eq(staffRoles.userId, userId)),
      bansOf(userId),
      db
        .select({ at: signIns.at })
        .from(signIns)
        .where(and(eq(signIns.userId, userId), eq(signIns.success, true)))
        .orderBy(desc(signIns.at))
        .limit(1),
      db
        .select({ enabledAt: playerTwoStep.enabledAt })
        .from(playerTwoStep)
        .where(eq(playerTwoStep.userId, userId)),
      db.select({ n: count() }).from(playerPasskeys).where(eq(playerPasskeys.userId, userId)),
    ]);
    const active = history.filter((b) => b.active);
    // The one the player is shown: the longest (a permanent one first).
    const shown = active.sort((a, b) => (b.endsAt ?? '9999').localeCompare(a.endsAt ?? '9999'))[0] ?? null;
    return {
      id: user.id,
      email: user.email,
      phone: user.phone,
      username: user.username,
      role: user.role,
      staffRoles: roles.map((r) => r.role as StaffRole).sort(),
      verificationType: user.verificationType,
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      phoneVerifiedAt: user.phoneVerifiedAt?.toISOString() ?? null,
      promoCode: user.promoCode,
      referralCode: user.referralCode,
      avatarUrl: user.avatarSmall ? storage.url(user.avatarSmall) : null,
      createdAt: user.createdAt.toISOString(),
      updatedAt: user.updatedAt.toISOString(),
      lastSignInAt: lastSignIn?.at.toISOString() ?? null,
      twoStepOn: Boolean(twoStep?.enabledAt),
      passkeyCount: passkeys?.n ?? 0,
      ban: shown,
      bans: history,
    };
  }

  /**
   * The account's sessions, one per sign-in (a refresh-token family from its sign-in to its last
   * rotation): where from, which browser, whether still live, and whether the browser is new.
   */
  async function sessionsOf(userId: string, query: PageQuery & { sort: 'lastUsedAt' | 'createdAt' }) {
    const at = now();
    const firstAt = sql`min(${sessions.createdAt})`;
    const lastAt = sql`max(coalesce(${sessions.lastUsedAt}, ${sessions.createdAt}))`;
    const live = and(isNull(sessions.revokedAt), isNull(sessions.replacedBy), gt(sessions.expiresAt, at));
    const latest = (column: typeof sessions.ip | typeof sessions.userAgent) =>
      sql<string | null>`(array_agg(${column} order by ${sessions.createdAt} desc))[1]`;
    const direction = query.order === 'asc' ? asc : desc;
    const [rows, [total], devices] = await Promise.all([
      db
        .select({
          id: sessions.familyId,
          createdAt: sql<Date>`${firstAt}`.mapWith(sessions.createdAt),
          lastUsedAt: sql<Date>`${lastAt}`.mapWith(sessions.createdAt),
          expiresAt: sql<Date>`max(${sessions.expiresAt})`.mapWith(sessions.expiresAt),
          revokedAt: sql<Date | null>`max(${sessions.revokedAt})`.mapWith(sessions.revokedAt),
          active: sql<boolean>`bool_or(${live})`,
          ip: latest(sessions.ip),
          userAgent: latest(sessions.userAgent),
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .groupBy(sessions.familyId)
        .orderBy(direction(query.sort === 'createdAt' ? firstAt : lastAt), direction(sessions.familyId))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      db
        .select({ count: sql<number>`count(distinct ${sessions.familyId})`.mapWith(Number) })
        .from(sessions)
        .where(eq(sessions.userId, userId)),
      devicesOf(db, userId, { at }),
    ]);
    const newDevices = new Set(devices.filter((d) => d.isNew).map((d) => d.userAgent));
    const items: PlayerSession[] = rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      revokedAt: row.active ? null : (row.revokedAt?.toISOString() ?? null),
      active: row.active,
      ip: row.ip,
      userAgent: row.userAgent,
      newDevice: newDevices.has(row.userAgent),
    }));
    return { items, total: total?.count ?? 0 };
  }

  return { searchPlayers, playerProfile, bansOf, sessionsOf };
}
export type StaffReads = ReturnType<typeof createStaffReads>;

export function toStaffBan(
  row: BanRow,
  at: Date,
  emails: { createdByEmail?: string | null; liftedByEmail?: string | null } = {},
): StaffBan {
  return {
    id: row.id,
    reason: row.reason,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdByEmail: emails.createdByEmail ?? null,
    createdAt: row.createdAt.toISOString(),
    liftedAt: row.liftedAt?.toISOString() ?? null,
    liftedBy: row.liftedBy,
    liftedByEmail: emails.liftedByEmail ?? null,
    liftReason: row.liftReason,
    active:
      row.liftedAt === null &&
      row.startsAt.getTime() <= at.getTime() &&
      (row.endsAt === null || row.endsAt.getTime() > at.getTime()),
  };
}
