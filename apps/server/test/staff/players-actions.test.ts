import { randomUUID } from 'node:crypto';
import { authServerMessages } from '@paws/contracts/auth';
import { type StaffBan, staffPlayerMessages } from '@paws/contracts/staff-players';
import { and, eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents } from '../../src/core/events/schema.ts';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { sessions, users } from '../../src/modules/identity/schema.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import {
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastLinkTo,
  PASSWORD,
  PLATFORM_HOST,
  signUpByEmail,
  tokenOf,
  userData,
} from '../identity/helpers.ts';
import { connected, openChannel, originOf } from '../notifications/helpers.ts';

const API = '/api/staff/players';
let ctx: IdentityTestApp;
let support: StaffSession;
let admin: StaffSession;
let finance: StaffSession;

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  [support, admin, finance] = await Promise.all([
    staffSession(ctx.app, ['support']),
    staffSession(ctx.app, ['admin']),
    staffSession(ctx.app, ['finance']),
  ]);
});
const sockets: Socket[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await ctx?.close();
});

const MINUTE = 60_000;

async function newPlayer() {
  const b = browser(ctx.app, PLATFORM_HOST);
  const { email } = await signUpByEmail(ctx.app, b);
  const [user] = await ctx.app.database.db.select().from(users).where(eq(users.email, email));
  return { b, email, userId: user!.id };
}

/** A second browser signed in to the same account (the e-mailed link), a minute after the last link. */
async function secondBrowser(email: string) {
  ctx.clock.advance(61_000);
  const b = browser(ctx.app, PLATFORM_HOST);
  const login = await b.post(`${ID}/auth/login`, {
    email,
    password: PASSWORD,
    callbackUrl: `${LANDING}/callback/login`,
  });
  expect(login.statusCode, login.body).toBe(201);
  const verify = await b.post(`${ID}/auth/login/verify`, {
    token: tokenOf(await lastLinkTo(ctx.app, email)),
  });
  expect(verify.statusCode, verify.body).toBe(201);
  return b;
}

const post = (staff: StaffSession, url: string, payload?: object) =>
  staff.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });
const ban = (staff: StaffSession, userId: string, body: { reason: string; endsAt: string | null }) =>
  post(staff, `${API}/${userId}/ban`, body);
const unban = (staff: StaffSession, userId: string, reason = 'Appeal accepted') =>
  post(staff, `${API}/${userId}/unban`, { reason });
const refresh = (b: ReturnType<typeof browser>) => b.post(`${ID}/auth/refresh-tokens`);

async function auditOf(userId: string, action: string) {
  return ctx.app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, action)));
}

describe('banning a player', () => {
  it("a ban answers the player's very next request with 403 and the ban; unbanning restores it without a new sign-in", async () => {
    const player = await newPlayer();
    expect((await userData(player.b)).statusCode).toBe(200);

    const res = await ban(support, player.userId, { reason: 'Chargeback fraud', endsAt: null });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as StaffBan;
    expect(created).toMatchObject({
      reason: 'Chargeback fraud',
      endsAt: null,
      active: true,
      createdBy: support.userId,
    });

    // The player still browses: the user data carries the ban (the banned modal); an action answers 403.
    const banInfo = { reason: 'Chargeback fraud', startedAt: created.startsAt, endsAt: null };
    const read = await userData(player.b);
    expect(read.statusCode).toBe(200);
    expect(read.json().user.ban).toEqual(banInfo);
    const refused = await player.b.post(`${ID}/profile/edit/username`, { value: 'banned_player' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ statusCode: 403, message: authServerMessages.banned, ban: banInfo });
    // The refresh keeps the session: for browsing, and for when the ban is lifted.
    expect((await refresh(player.b)).statusCode).toBe(201);

    const profile = await support.inject({ method: 'GET', url: `${API}/${player.userId}` });
    expect(profile.json()).toMatchObject({
      ban: { id: created.id, active: true },
      bans: [{ id: created.id }],
    });

    const lifted = await unban(support, player.userId, 'Mistaken identity');
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().lifted).toEqual([
      expect.objectContaining({
        id: created.id,
        active: false,
        liftReason: 'Mistaken identity',
        liftedBy: support.userId,
      }),
    ]);
    expect((await userData(player.b)).statusCode).toBe(200);
    // Past the access token's 15 minutes, the refresh token still works: the session was never ended.
    ctx.clock.advance(16 * MINUTE);
    expect((await userData(player.b)).statusCode).toBe(401);
    expect((await refresh(player.b)).statusCode).toBe(201);
    expect((await userData(player.b)).statusCode).toBe(200);

    const [banRow] = await auditOf(player.userId, 'players.ban');
    expect(banRow).toMatchObject({ actorId: support.userId, actorRoles: ['support'], targetType: 'user' });
    expect(banRow?.after).toMatchObject({ ban: { id: created.id, reason: 'Chargeback fraud' } });
    const [unbanRow] = await auditOf(player.userId, 'players.unban');
    expect(unbanRow).toMatchObject({
      actorId: support.userId,
      after: { lifted: [created.id], reason: 'Mistaken identity' },
    });
  });

  it('a timed ban stops blocking once it has ended', async () => {
    const player = await newPlayer();
    const endsAt = new Date(ctx.clock.now().getTime() + 60 * MINUTE).toISOString();
    const res = await ban(support, player.userId, { reason: 'Cooling off', endsAt });
    expect(res.statusCode, res.body).toBe(201);
    expect((await userData(player.b)).json()).toMatchObject({
      user: { ban: { reason: 'Cooling off', endsAt } },
    });

    ctx.clock.advance(61 * MINUTE);
    // The access token lapsed meanwhile; the refresh brings the session back, no sign-in needed.
    expect((await refresh(player.b)).statusCode).toBe(201);
    expect((await userData(player.b)).statusCode).toBe(200);
    const profile = await support.inject({ method: 'GET', url: `${API}/${player.userId}` });
    expect(profile.json()).toMatchObject({ ban: null, bans: [{ reason: 'Cooling off', active: false }] });
    // Nothing left to lift.
    const again = await unban(support, player.userId);
    expect([again.statusCode, again.json().message]).toEqual([409, staffPlayerMessages.notBanned]);
  });

  it('a banned account may still sign in: it browses and is shown the ban', async () => {
    const player = await newPlayer();
    expect((await ban(support, player.userId, { reason: 'Abuse of chat', endsAt: null })).statusCode).toBe(
      201,
    );
    const login = await browser(ctx.app, PLATFORM_HOST).post(`${ID}/auth/login`, {
      email: player.email,
      password: PASSWORD,
      callbackUrl: `${LANDING}/callback/login`,
    });
    expect(login.statusCode, login.body).toBe(201);
    const b = browser(ctx.app, PLATFORM_HOST);
    const verify = await b.post(`${ID}/auth/login/verify`, {
      token: tokenOf(await lastLinkTo(ctx.app, player.email)),
    });
    expect(verify.statusCode, verify.body).toBe(201);
    expect((await userData(b)).json()).toMatchObject({ user: { ban: { reason: 'Abuse of chat' } } });
  });

  it('a new ban replaces the one in force', async () => {
    const player = await newPlayer();
    const first = (
      await ban(support, player.userId, { reason: 'First warning', endsAt: null })
    ).json() as StaffBan;
    const endsAt = new Date(ctx.clock.now().getTime() + 24 * 60 * MINUTE).toISOString();
    const second = await ban(support, player.userId, { reason: 'Reduced on review', endsAt });
    expect(second.statusCode).toBe(201);
    const { bans, ban: inForce } = (
      await support.inject({ method: 'GET', url: `${API}/${player.userId}` })
    ).json();
    expect(inForce).toMatchObject({ reason: 'Reduced on review', endsAt });
    expect(bans).toHaveLength(2);
    expect(bans.find((b: StaffBan) => b.id === first.id)).toMatchObject({
      active: false,
      liftReason: `Replaced by ban ${second.json().id}`,
    });
    expect((await userData(player.b)).json()).toMatchObject({
      user: { ban: { reason: 'Reduced on review' } },
    });
  });

  it('nobody bans themselves; banning or unbanning a staff account needs an admin', async () => {
    const self = await ban(support, support.userId, { reason: 'Testing myself', endsAt: null });
    expect([self.statusCode, self.json().message]).toEqual([403, staffPlayerMessages.selfBan]);

    const bySupport = await ban(support, finance.userId, { reason: 'Colleague dispute', endsAt: null });
    expect([bySupport.statusCode, bySupport.json().message]).toEqual([403, staffPlayerMessages.staffTarget]);
    const signOut = await post(support, `${API}/${finance.userId}/sign-out`, { reason: 'Colleague dispute' });
    expect(signOut.statusCode).toBe(403);
    expect(await auditOf(finance.userId, 'players.ban')).toHaveLength(0);

    const target = await staffSession(ctx.app, ['content']);
    const byAdmin = await ban(admin, target.userId, { reason: 'Left the company', endsAt: null });
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect((await unban(support, target.userId)).statusCode).toBe(403);
    expect((await unban(admin, target.userId)).statusCode).toBe(200);
  });

  it('names the field of every bad ban and unban input, and answers 404 for an unknown player', async () => {
    const player = await newPlayer();
    const past = new Date(ctx.clock.now().getTime() - MINUTE).toISOString();
    const cases: Array<[object, string, string]> = [
      [{ reason: 'no', endsAt: null }, 'reason', staffPlayerMessages.reason],
      [{ reason: 'x'.repeat(501), endsAt: null }, 'reason', staffPlayerMessages.reason],
      [{ endsAt: null }, 'reason', staffPlayerMessages.reason],
      [{ reason: 'Long enough' }, 'endsAt', staffPlayerMessages.endsAt],
      [{ reason: 'Long enough', endsAt: 'tomorrow' }, 'endsAt', staffPlayerMessages.endsAt],
      [{ reason: 'Long enough', endsAt: past }, 'endsAt', staffPlayerMessages.endsAtPast],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(support, `${API}/${player.userId}/ban`, body);
      expect([res.statusCode, res.json()], JSON.stringify(body)).toEqual([
        400,
        { statusCode: 400, field, message },
      ]);
    }
    const noReason = await post(support, `${API}/${player.userId}/unban`, {});
    expect([noReason.statusCode, noReason.json().field]).toEqual([400, 'reason']);
    const badId = await ban(support, 'not-a-uuid', { reason: 'Long enough', endsAt: null });
    expect([badId.statusCode, badId.json().field]).toEqual([400, 'id']);

    const unknown = randomUUID();
    for (const url of [`${API}/${unknown}/ban`, `${API}/${unknown}/unban`, `${API}/${unknown}/sign-out`]) {
      const res = await post(support, url, { reason: 'Long enough', endsAt: null });
      expect([res.statusCode, res.json().message], url).toEqual([404, staffPlayerMessages.notFound]);
    }
    expect((await userData(player.b)).statusCode).toBe(200);
  });
});

describe('signing a player out everywhere', () => {
  it("takes a reason, ends every session as the security tab's end-all does (audited, event), and closes sockets", async () => {
    const player = await newPlayer();
    const other = await secondBrowser(player.email);
    expect((await userData(other)).statusCode).toBe(200);
    const before = await support.inject({ method: 'GET', url: `${API}/${player.userId}/sessions` });
    expect(before.json()).toMatchObject({ total: 2, items: [{ active: true }, { active: true }] });
    const origin = await originOf(ctx.app);
    const socket = openChannel(origin, other, player.userId, sockets);
    await connected(socket);
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    for (const body of [{}, { reason: '' }, { reason: 'no' }]) {
      const bad = await post(support, `${API}/${player.userId}/sign-out`, body);
      expect([bad.statusCode, bad.json().field], JSON.stringify(body)).toEqual([400, 'reason']);
    }
    // No body at all (as before the reason was asked for) is refused too.
    const bare = await post(support, `${API}/${player.userId}/sign-out`);
    expect(bare.statusCode, bare.body).toBe(400);
    expect((await userData(other)).statusCode).toBe(200);

    const res = await post(support, `${API}/${player.userId}/sign-out`, {
      reason: 'Account takeover suspected',
    });
    expect([res.statusCode, res.json()]).toEqual([200, { ended: 2 }]);
    expect(await dropped).toBe('io server disconnect');
    for (const b of [player.b, other]) {
      expect((await userData(b)).statusCode).toBe(401);
      expect((await refresh(b)).statusCode).toBe(401);
    }
    const after = await support.inject({ method: 'GET', url: `${API}/${player.userId}/sessions` });
    expect(after.json().items).toEqual([
      expect.objectContaining({ active: false, revokedAt: expect.any(String) }),
      expect.objectContaining({ active: false, revokedAt: expect.any(String) }),
    ]);
    const [row] = await auditOf(player.userId, 'players.sessions_end_all');
    expect(row).toMatchObject({
      actorId: support.userId,
      before: { liveSessions: expect.any(Array) },
      after: { ended: 2, reason: 'Account takeover suspected' },
    });
    expect((row!.before as { liveSessions: string[] }).liveSessions).toHaveLength(2);
    const ended = (
      await ctx.app.database.db
        .select()
        .from(domainEvents)
        .where(eq(domainEvents.name, 'identity.sessions_ended'))
    )
      .map((e) => e.payload as { userId: string; sessionIds: string[] })
      .filter((p) => p.userId === player.userId);
    expect(ended).toHaveLength(1);
    expect(ended[0]!.sessionIds).toHaveLength(2);
  });

  it("a staff account's back-office sessions end too, when an admin signs it out", async () => {
    const target = await staffSession(ctx.app, ['support']);
    expect((await target.inject({ method: 'GET', url: '/api/staff/players' })).statusCode).toBe(200);
    const bySupport = await post(support, `${API}/${target.userId}/sign-out`, { reason: 'Left the company' });
    expect(bySupport.statusCode).toBe(403);
    expect((await target.inject({ method: 'GET', url: '/api/staff/players' })).statusCode).toBe(200);
    const res = await post(admin, `${API}/${target.userId}/sign-out`, { reason: 'Left the company' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await target.inject({ method: 'GET', url: '/api/staff/players' })).statusCode).toBe(401);
  });
});

describe('devices (the withdrawals queue reads them)', () => {
  it('flags a browser first seen within 24 hours as new, but not the account’s first one', async () => {
    const [user] = await ctx.app.database.db
      .insert(users)
      .values({ email: `devices-${randomUUID()}@players.test`, passwordHash: 'x' })
      .returning();
    const now = ctx.clock.now().getTime();
    const session = (userAgent: string, hoursAgo: number) => ({
      familyId: randomUUID(),
      userId: user!.id,
      tokenHash: randomUUID(),
      createdAt: new Date(now - hoursAgo * 3600_000),
      expiresAt: new Date(now + 3600_000),
      userAgent,
      ip: '198.51.100.4',
    });
    await ctx.app.database.db.insert(sessions).values([session('Old browser', 240)]);
    expect(await ctx.app.identity.hasNewDevice(user!.id)).toBe(false);
    await ctx.app.database.db.insert(sessions).values([session('New browser', 2), session('New browser', 1)]);

    const devices = await ctx.app.identity.recentDevices(user!.id);
    expect(devices).toEqual([
      expect.objectContaining({ userAgent: 'New browser', isNew: true, signIns: 2, lastIp: '198.51.100.4' }),
      expect.objectContaining({ userAgent: 'Old browser', isNew: false, signIns: 1 }),
    ]);
    expect(await ctx.app.identity.hasNewDevice(user!.id)).toBe(true);
    expect(await ctx.app.identity.isNewDevice(user!.id, 'New browser')).toBe(true);
    expect(await ctx.app.identity.isNewDevice(user!.id, 'Old browser')).toBe(false);
    expect(await ctx.app.identity.isNewDevice(user!.id, 'Never seen')).toBe(false);
    // Asked about a moment before the new browser appeared (a withdrawal made then): nothing new.
    expect(await ctx.app.identity.hasNewDevice(user!.id, new Date(now - 3 * 3600_000))).toBe(false);
    // A day and more later it is not new any more.
    expect(await ctx.app.identity.hasNewDevice(user!.id, new Date(now + 25 * 3600_000))).toBe(false);
  });
});
