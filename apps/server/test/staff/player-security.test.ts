import { randomUUID } from 'node:crypto';
import { type FactorRemoval, staffFactorMessages } from '@paws/contracts/staff-factors';
import { TWO_STEP_REQUIRED } from '@paws/contracts/two-step';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/audit/schema.ts';
import { playerRecoveryCodes, playerTwoStep, users } from '../../src/modules/identity/schema.ts';
import { BACKOFFICE, type StaffSession, staffSession } from '../helpers/staff.ts';
import {
  browser,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  lastLinkTo,
  lastMessageTo,
  PASSWORD,
  PLATFORM_HOST,
  signUpByEmail,
  tokenOf,
  userData,
} from '../identity/helpers.ts';
import { connected, listOf as notificationsOf, openChannel, originOf } from '../notifications/helpers.ts';
import { eventually } from '../payments/helpers.ts';

const API = '/api/staff/players';
const REMOVALS = '/api/staff/factor-removals';
const TWO_STEP = `${ID}/profile/two-step`;
let ctx: IdentityTestApp;
let support: StaffSession;
let support2: StaffSession;
let admin: StaffSession;
let finance: StaffSession;
let content: StaffSession;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await createIdentityTestApp({ env: { BACKOFFICE_URL: BACKOFFICE } });
  [support, support2, admin, finance, content] = await Promise.all([
    staffSession(ctx.app, ['support']),
    staffSession(ctx.app, ['support']),
    staffSession(ctx.app, ['admin']),
    staffSession(ctx.app, ['finance']),
    staffSession(ctx.app, ['content']),
  ]);
  // Five staff sign-ins (each enrols a TOTP factor and hashes ten recovery codes) on a busy machine.
}, 120_000);
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await ctx?.close();
});

async function newPlayer() {
  const b = browser(ctx.app, PLATFORM_HOST);
  const { email } = await signUpByEmail(ctx.app, b);
  const [user] = await ctx.app.database.db.select().from(users).where(eq(users.email, email));
  return { b, email, userId: user!.id };
}

/** Password, then the e-mailed link, from a new browser, a minute after the last link: the verify answer. */
async function signInAgain(email: string) {
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
  return { b, verify };
}

const codeOf = (secret: string) => generate({ secret, epoch: Math.floor(ctx.clock.now().getTime() / 1000) });

/** A player with the authenticator app on: the browser, secret and recovery codes. */
async function playerWithTwoStep() {
  const player = await newPlayer();
  const { secret } = (await player.b.post(`${TWO_STEP}/enrolment`)).json();
  const confirm = await player.b.post(`${TWO_STEP}/confirm`, { code: await codeOf(secret) });
  expect(confirm.statusCode, confirm.body).toBe(201);
  ctx.clock.advance(30_000);
  return { ...player, secret: secret as string, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

const post = (staff: StaffSession, url: string, payload?: object) =>
  staff.inject({ method: 'POST', url, ...(payload ? { payload } : {}) });
const get = (staff: StaffSession, url: string) => staff.inject({ method: 'GET', url });

const auditOf = (userId: string, action: string) =>
  ctx.app.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, action)));

describe('live sessions on the player page', () => {
  it('lists the live sessions in words, and support ends one with a reason: refused at once, socket closed, audited', async () => {
    const player = await newPlayer();
    const other = await signInAgain(player.email);
    expect(other.verify.statusCode).toBe(201);
    const list = await get(support, `${API}/${player.userId}/live-sessions`);
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { sessionId: string; ip: string; signedInAt: string }[];
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ ip: '127.0.0.1', signedInAt: expect.any(String) });
    expect(items[0]).not.toHaveProperty('current');

    // The other browser's socket on the notifications channel.
    const origin = await originOf(ctx.app);
    const socket = openChannel(origin, other.b, player.userId, sockets);
    const mine = openChannel(origin, player.b, player.userId, sockets);
    await Promise.all([connected(socket), connected(mine)]);
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    expect((await userData(other.b)).statusCode).toBe(200);

    // The other browser's session: the one the first browser's list does not mark current.
    const own = (await player.b.get(`${ID}/profile/sessions`)).json().items as {
      sessionId: string;
      current: boolean;
    }[];
    const target = own.find((s) => !s.current)!.sessionId;
    const res = await post(support, `${API}/${player.userId}/live-sessions/${target}/end`, {
      reason: 'Player called: phone stolen',
    });
    expect([res.statusCode, res.json()]).toEqual([200, { ended: 1 }]);
    expect(await dropped).toBe('io server disconnect');
    expect((await userData(other.b)).statusCode).toBe(401);
    expect((await other.b.post(`${ID}/auth/refresh-tokens`)).statusCode).toBe(401);
    expect((await userData(player.b)).statusCode).toBe(200);
    expect(mine.connected).toBe(true);
    const [row] = await auditOf(player.userId, 'players.session_end');
    expect(row).toMatchObject({
      actorId: support.userId,
      before: { liveSessions: [target] },
      after: { ended: 1, reason: 'Player called: phone stolen' },
    });
    // Ended already: not found.
    const again = await post(support, `${API}/${player.userId}/live-sessions/${target}/end`, {
      reason: 'Again',
    });
    expect([again.statusCode, again.json().message]).toEqual([404, staffFactorMessages.sessionNotFound]);
  });

  it('ends all sessions with a reason, audited; without a reason the field is named', async () => {
    const player = await newPlayer();
    const other = await signInAgain(player.email);
    const bad = await post(support, `${API}/${player.userId}/live-sessions/end-all`, { reason: '' });
    expect([bad.statusCode, bad.json().field]).toEqual([400, 'reason']);
    const res = await post(support, `${API}/${player.userId}/live-sessions/end-all`, {
      reason: 'Account takeover suspected',
    });
    expect([res.statusCode, res.json()]).toEqual([200, { ended: 2 }]);
    for (const b of [player.b, other.b]) expect((await userData(b)).statusCode).toBe(401);
    expect((await get(support, `${API}/${player.userId}/live-sessions`)).json().items).toEqual([]);
    const [row] = await auditOf(player.userId, 'players.sessions_end_all');
    expect(row).toMatchObject({
      actorId: support.userId,
      after: { ended: 2, reason: 'Account takeover suspected' },
    });
  });

  it('is refused to a role without the power, and another player’s session is not found', async () => {
    const player = await newPlayer();
    const someone = await newPlayer();
    const [theirs] = (await get(support, `${API}/${someone.userId}/live-sessions`)).json().items;
    for (const staff of [finance, content]) {
      const res = await post(staff, `${API}/${player.userId}/live-sessions/end-all`, { reason: 'No power' });
      expect(res.statusCode).toBe(403);
    }
    expect((await get(content, `${API}/${player.userId}/live-sessions`)).statusCode).toBe(403);
    const cross = await post(support, `${API}/${player.userId}/live-sessions/${theirs.sessionId}/end`, {
      reason: 'Wrong player',
    });
    expect(cross.statusCode).toBe(404);
    expect((await userData(someone.b)).statusCode).toBe(200);
    expect((await userData(player.b)).statusCode).toBe(200);
    expect(await auditOf(player.userId, 'players.sessions_end_all')).toHaveLength(0);
    const badId = await post(support, `${API}/${player.userId}/live-sessions/nope/end`, { reason: 'Bad id' });
    expect([badId.statusCode, badId.json().field]).toEqual([400, 'sessionId']);
    const unknown = await get(support, `${API}/${randomUUID()}/live-sessions`);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('four-eyes factor removal', () => {
  it('shows the factors without secrets; support requests, a second request is 409, self-approval 403', async () => {
    const player = await playerWithTwoStep();
    const factors = await get(support, `${API}/${player.userId}/factors`);
    expect(factors.statusCode).toBe(200);
    expect(factors.json()).toMatchObject({
      password: true,
      totp: { enabled: true, recoveryCodesLeft: 10, enabledAt: expect.any(String) },
      removals: [],
    });
    expect(factors.body).not.toContain(player.secret);

    const badFactor = await post(support, `${API}/${player.userId}/factor-removals`, {
      factor: 'sms',
      reason: 'Lost phone',
    });
    expect([badFactor.statusCode, badFactor.json().field]).toEqual([400, 'factor']);
    const requested = await post(support, `${API}/${player.userId}/factor-removals`, {
      factor: 'totp',
      reason: 'Lost phone, identity checked on a call',
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const request = requested.json() as FactorRemoval;
    expect(request).toMatchObject({
      status: 'PENDING',
      factor: 'totp',
      playerId: player.userId,
      playerEmail: player.email,
      requestedBy: support.userId,
      requestedByEmail: support.email,
    });
    const second = await post(support2, `${API}/${player.userId}/factor-removals`, {
      factor: 'totp',
      reason: 'Asked again',
    });
    expect([second.statusCode, second.json().message]).toEqual([409, staffFactorMessages.pendingExists]);

    // Support may not approve at all; finance neither.
    for (const staff of [support, support2, finance]) {
      expect((await post(staff, `${REMOVALS}/${request.id}/approve`, { reason: 'OK' })).statusCode).toBe(403);
    }
    // An admin who asked cannot approve their own request.
    const other = await playerWithTwoStep();
    const own = (
      await post(admin, `${API}/${other.userId}/factor-removals`, { factor: 'totp', reason: 'Lost phone' })
    ).json() as FactorRemoval;
    const self = await post(admin, `${REMOVALS}/${own.id}/approve`, { reason: 'Mine' });
    expect([self.statusCode, self.json().message]).toEqual([403, staffFactorMessages.ownRequest]);
    expect((await post(admin, `${REMOVALS}/${own.id}/reject`, { reason: 'Mine' })).statusCode).toBe(403);
    expect((await get(support, `${API}/${other.userId}/factors`)).json().totp.enabled).toBe(true);

    // The queue lists both, oldest first.
    const queue = await get(admin, REMOVALS);
    const ids = (queue.json().items as FactorRemoval[]).map((r) => r.id);
    expect(ids.indexOf(request.id)).toBeLessThan(ids.indexOf(own.id));
    expect((await get(content, REMOVALS)).statusCode).toBe(403);
    const [row] = await auditOf(player.userId, 'players.factor_removal_request');
    expect(row).toMatchObject({
      actorId: support.userId,
      after: { requestId: request.id, factor: 'totp', reason: 'Lost phone, identity checked on a call' },
    });
  });

  it('approval by another turns it off, e-mails and notifies the player, audited; signing in needs no second step', async () => {
    const player = await playerWithTwoStep();
    const before = await signInAgain(player.email);
    expect([before.verify.statusCode, before.verify.json().code]).toEqual([403, TWO_STEP_REQUIRED]);
    const { id } = (
      await post(support, `${API}/${player.userId}/factor-removals`, { factor: 'totp', reason: 'Lost phone' })
    ).json() as FactorRemoval;
    const noReason = await post(admin, `${REMOVALS}/${id}/approve`, {});
    expect([noReason.statusCode, noReason.json().field]).toEqual([400, 'reason']);
    const approved = await post(admin, `${REMOVALS}/${id}/approve`, { reason: 'Checked the call recording' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      status: 'APPROVED',
      decidedBy: admin.userId,
      decidedByEmail: admin.email,
      decisionReason: 'Checked the call recording',
    });
    const db = ctx.app.database.db;
    expect(await db.select().from(playerTwoStep).where(eq(playerTwoStep.userId, player.userId))).toEqual([]);
    expect(
      await db.select().from(playerRecoveryCodes).where(eq(playerRecoveryCodes.userId, player.userId)),
    ).toEqual([]);
    expect((await player.b.get(TWO_STEP)).json()).toEqual({ enabled: false, recoveryCodesLeft: 0 });
    // The pending sign-in of before is gone with the factor.
    const late = await before.b.post(`${ID}/auth/login/two-step`, {
      pendingSignIn: before.verify.json().pendingSignIn,
      code: await codeOf(player.secret),
    });
    expect(late.statusCode).toBe(400);

    const mail = await lastMessageTo(ctx.app, player.email);
    expect(mail.subject).toBe('Two-step sign-in was turned off on your PAWS account');
    expect(mail.body).toContain('If you did not ask for this, contact support at once');
    const notice = await eventually(async () => {
      const list = await notificationsOf(player.b);
      const found = list.notifications.find((n) => n.messageKey === 'security.twoStepRemovedBySupport');
      expect(found).toBeDefined();
      return found!;
    });
    expect(notice.category).toBe('SECURITY');

    const after = await signInAgain(player.email);
    expect(after.verify.statusCode).toBe(201);
    expect((await userData(after.b)).statusCode).toBe(200);

    const [row] = await auditOf(player.userId, 'players.factor_removal_approve');
    expect(row).toMatchObject({
      actorId: admin.userId,
      before: { requestId: id, factor: 'totp', enabled: true },
      after: { requestId: id, enabled: false, reason: 'Checked the call recording' },
    });
    // Decided: neither approved again nor rejected; the factor is off, so no new request.
    expect((await post(admin, `${REMOVALS}/${id}/approve`, { reason: 'Again' })).statusCode).toBe(409);
    expect((await post(admin, `${REMOVALS}/${id}/reject`, { reason: 'Again' })).statusCode).toBe(409);
    const off = await post(support, `${API}/${player.userId}/factor-removals`, {
      factor: 'totp',
      reason: 'Again',
    });
    expect([off.statusCode, off.json().message]).toEqual([409, staffFactorMessages.factorOff]);
    expect(
      (await get(admin, `${REMOVALS}?status=APPROVED`)).json().items.map((r: FactorRemoval) => r.id),
    ).toContain(id);
  });

  it('rejection leaves the factor on, audited; a new request may follow', async () => {
    const player = await playerWithTwoStep();
    const { id } = (
      await post(support, `${API}/${player.userId}/factor-removals`, { factor: 'totp', reason: 'Lost phone' })
    ).json() as FactorRemoval;
    const rejected = await post(admin, `${REMOVALS}/${id}/reject`, { reason: 'Caller failed the checks' });
    expect([rejected.statusCode, rejected.json().status]).toEqual([200, 'REJECTED']);
    expect((await player.b.get(TWO_STEP)).json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
    const after = await signInAgain(player.email);
    expect(after.verify.statusCode).toBe(403);
    const [row] = await auditOf(player.userId, 'players.factor_removal_reject');
    expect(row).toMatchObject({
      actorId: admin.userId,
      after: { status: 'REJECTED', reason: 'Caller failed the checks' },
    });
    const factors = (await get(support, `${API}/${player.userId}/factors`)).json();
    expect(factors.removals).toMatchObject([{ id, status: 'REJECTED' }]);
    const again = await post(support, `${API}/${player.userId}/factor-removals`, {
      factor: 'totp',
      reason: 'Retry',
    });
    expect(again.statusCode).toBe(201);
    expect((await post(admin, `${REMOVALS}/${randomUUID()}/approve`, { reason: 'None' })).statusCode).toBe(
      404,
    );
  });
});
