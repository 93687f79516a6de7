import { STAFF_SESSION_COOKIE } from '@paws/contracts/staff-auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKOFFICE,
  backOfficeInject,
  STAFF_API,
  STAFF_PASSWORD,
  staffSession,
  totpOf,
} from '../helpers/staff.ts';
import { createTestApp, PLATFORM_HOST } from '../helpers/test-app.ts';
import { lastLinkTo, PASSWORD, tokenOf } from '../identity/helpers.ts';
import { signedInNewPlayer } from './helpers.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_IP_SCALE: '20' });
});
afterAll(() => t.close());

const post = (url: string, payload: object, cookie?: string) =>
  backOfficeInject(t.app, { method: 'POST', url: `${STAFF_API}${url}`, payload, cookie });
const me = (cookie?: string) =>
  backOfficeInject(t.app, { method: 'GET', url: `${STAFF_API}/auth/me`, cookie });

describe('back-office sign-in', () => {
  it('enrols TOTP at the first sign-in, answers ten recovery codes once, and signs in with its own cookie', async () => {
    const staff = await staffSession(t.app, ['finance']);
    expect(staff.recoveryCodes).toHaveLength(10);
    expect(staff.cookie.startsWith(`${STAFF_SESSION_COOKIE}=`)).toBe(true);
    const answer = await me(staff.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ userId: staff.userId, roles: ['finance'] });
    expect(answer.json().permissions).toContain('withdrawals.review');
    expect(answer.json().permissions).not.toContain('staff.manage');
  });

  it('refuses a wrong password, and a player account, with the same answer on the password field', async () => {
    const staff = await staffSession(t.app, ['support']);
    const wrong = await post('/auth/login', { email: staff.email, password: 'Nope#12345' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ field: 'password', message: 'Invalid email or password' });

    const player = await signedInNewPlayer(t.app);
    const asPlayer = await post('/auth/login', { email: player.email, password: PASSWORD });
    expect(asPlayer.statusCode).toBe(401);
    expect(asPlayer.json()).toMatchObject({ field: 'password', message: 'Invalid email or password' });
  });

  it('asks an enrolled member for a code; a wrong one is refused, a used one is not good twice', async () => {
    const staff = await staffSession(t.app, ['content']);
    const start = async () => {
      const login = await post('/auth/login', { email: staff.email, password: STAFF_PASSWORD });
      expect(login.statusCode).toBe(201);
      expect(login.json().step).toBe('verify');
      expect(login.json().enrolment).toBeUndefined();
      return login.json().challengeId as string;
    };
    const challengeId = await start();
    const wrong = await post('/auth/verify', { challengeId, code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().field).toBe('code');

    // The enrolment spent its time step's code: that code is refused, the next step's is good.
    const reused = await post('/auth/verify', {
      challengeId,
      code: await totpOf(staff.secret, staff.enrolledAt),
    });
    expect(reused.statusCode).toBe(401);
    const next = await post('/auth/verify', {
      challengeId,
      code: await totpOf(staff.secret, staff.enrolledAt + 30_000),
    });
    expect(next.statusCode).toBe(201);
  });

  it('takes a recovery code once', async () => {
    const staff = await staffSession(t.app, ['support']);
    const code = staff.recoveryCodes[0]!;
    const first = await post('/auth/login', { email: staff.email, password: STAFF_PASSWORD });
    const ok = await post('/auth/verify', { challengeId: first.json().challengeId, code });
    expect(ok.statusCode).toBe(201);
    const second = await post('/auth/login', { email: staff.email, password: STAFF_PASSWORD });
    const again = await post('/auth/verify', { challengeId: second.json().challengeId, code });
    expect(again.statusCode).toBe(401);
  });

  it('locks a challenge after five wrong codes', async () => {
    const staff = await staffSession(t.app, ['support']);
    const login = await post('/auth/login', { email: staff.email, password: STAFF_PASSWORD });
    const challengeId = login.json().challengeId;
    for (let i = 0; i < 5; i++) await post('/auth/verify', { challengeId, code: '111111' });
    const right = await post('/auth/verify', {
      challengeId,
      code: await totpOf(staff.secret, Date.now() + 60_000),
    });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toMatchObject({
      field: 'code',
      message: 'Too many wrong codes, please sign in again',
    });
  });

  it('names the field of bad input', async () => {
    const noEmail = await post('/auth/login', { password: 'x' });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().field).toBe('email');
    const badCode = await post('/auth/verify', { challengeId: crypto.randomUUID(), code: 'abc' });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().field).toBe('code');
  });

  it('signs out: the cookie is good for nothing after', async () => {
    const staff = await staffSession(t.app, ['support']);
    expect((await post('/auth/logout', {}, staff.cookie)).statusCode).toBe(201);
    expect((await me(staff.cookie)).statusCode).toBe(401);
  });

  it('answers the session with 200 either way: the member, or { me: null } without one (no 401 on a cold load)', async () => {
    const session = (cookie?: string) =>
      backOfficeInject(t.app, { method: 'GET', url: `${STAFF_API}/auth/session`, cookie });
    const none = await session();
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ me: null });
    const player = await signedInNewPlayer(t.app);
    const asPlayer = await session(player.b.jar.header('/api/staff/auth/session') ?? '');
    expect(asPlayer.json()).toEqual({ me: null });

    const staff = await staffSession(t.app, ['support']);
    const signedIn = await session(staff.cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().me).toEqual((await me(staff.cookie)).json());
    await post('/auth/logout', {}, staff.cookie);
    expect((await session(staff.cookie)).json()).toEqual({ me: null });
  });

  it('loses access at once when the last role is revoked', async () => {
    const admin = await staffSession(t.app, ['admin']);
    const staff = await staffSession(t.app, ['support']);
    const revoke = await admin.inject({
      method: 'DELETE',
      url: `${STAFF_API}/roles/${staff.userId}/support`,
    });
    expect(revoke.statusCode).toBe(200);
    expect((await me(staff.cookie)).statusCode).toBe(401);
  });
});

describe('the back office is its own origin', () => {
  it('answers its API only on the back-office host', async () => {
    const staff = await staffSession(t.app, ['admin']);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: `${STAFF_API}/auth/me`,
      headers: { host: PLATFORM_HOST, cookie: staff.cookie },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it("gives a player's cookies nothing", async () => {
    const player = await signedInNewPlayer(t.app);
    const cookie = player.b.jar.header('/api/staff/auth/me') ?? '';
    expect(cookie).toContain('access_token');
    const answer = await backOfficeInject(t.app, { method: 'GET', url: `${STAFF_API}/auth/me`, cookie });
    expect(answer.statusCode).toBe(401);
  });

  it('refuses changes sent from another origin, even with a staff cookie', async () => {
    const staff = await staffSession(t.app, ['admin']);
    const forged = await backOfficeInject(t.app, {
      method: 'POST',
      url: `${STAFF_API}/members`,
      payload: { email: 'x@example.com', roles: ['support'] },
      cookie: staff.cookie,
      headers: { origin: 'http://platform.test' },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('serves its own /config.json', async () => {
    const config = await backOfficeInject(t.app, { method: 'GET', url: '/config.json' });
    expect(config.json()).toMatchObject({ face: 'backoffice', staffApiUrl: STAFF_API });
  });
});

describe('staff management', () => {
  it('invites a new address: the link sets a password, and the first sign-in enrols TOTP', async () => {
    const admin = await staffSession(t.app, ['admin']);
    const email = `invitee-${crypto.randomUUID()}@staff.test`;
    const invite = await admin.inject({
      method: 'POST',
      url: `${STAFF_API}/members`,
      payload: { email, roles: ['content'] },
    });
    expect(invite.statusCode).toBe(201);
    expect(invite.json()).toMatchObject({ outcome: 'invited', email, roles: ['content'] });
    const link = await lastLinkTo(t.app, email);
    expect(link.origin).toBe(BACKOFFICE);

    const accept = await post('/auth/invite/accept', { token: tokenOf(link), password: 'Invited#2026' });
    expect(accept.statusCode).toBe(201);
    const again = await post('/auth/invite/accept', { token: tokenOf(link), password: 'Invited#2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json().field).toBe('token');

    const login = await post('/auth/login', { email, password: 'Invited#2026' });
    expect(login.json().step).toBe('enrol');
    const verify = await post('/auth/verify', {
      challengeId: login.json().challengeId,
      code: await totpOf(login.json().enrolment.secret),
    });
    expect(verify.statusCode).toBe(201);
    expect(verify.json().me.roles).toEqual(['content']);

    const audit = await admin.inject({
      method: 'GET',
      url: `${STAFF_API}/members?q=${encodeURIComponent(email)}`,
    });
    expect(audit.json().items[0]).toMatchObject({ email, roles: ['content'], hasSecondFactor: true });
  });

  it('gives an existing account the roles at once', async () => {
    const admin = await staffSession(t.app, ['admin']);
    const player = await signedInNewPlayer(t.app);
    const invite = await admin.inject({
      method: 'POST',
      url: `${STAFF_API}/members`,
      payload: { email: player.email, roles: ['support'] },
    });
    expect(invite.json()).toMatchObject({ outcome: 'granted' });
    const login = await post('/auth/login', { email: player.email, password: PASSWORD });
    expect(login.statusCode).toBe(201);
  });

  it('refuses an invitation without roles, naming the field', async () => {
    const admin = await staffSession(t.app, ['admin']);
    const bad = await admin.inject({
      method: 'POST',
      url: `${STAFF_API}/members`,
      payload: { email: 'a@b.co', roles: [] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('roles');
    const badEmail = await admin.inject({
      method: 'POST',
      url: `${STAFF_API}/members`,
      payload: { email: 'nope', roles: ['support'] },
    });
    expect(badEmail.json().field).toBe('email');
  });

  it("resets a member's second factor: their sessions end and the next sign-in enrols again", async () => {
    const admin = await staffSession(t.app, ['admin']);
    const staff = await staffSession(t.app, ['finance']);
    const reset = await admin.inject({
      method: 'DELETE',
      url: `${STAFF_API}/members/${staff.userId}/second-factor`,
    });
    expect(reset.statusCode).toBe(200);
    expect((await me(staff.cookie)).statusCode).toBe(401);
    const login = await post('/auth/login', { email: staff.email, password: STAFF_PASSWORD });
    expect(login.json().step).toBe('enrol');
    const own = await admin.inject({
      method: 'DELETE',
      url: `${STAFF_API}/members/${admin.userId}/second-factor`,
    });
    expect(own.statusCode).toBe(400);
  });

  it('lists members with paging and CSV', async () => {
    const admin = await staffSession(t.app, ['admin']);
    const page = await admin.inject({
      method: 'GET',
      url: `${STAFF_API}/members?limit=2&sort=email&order=asc`,
    });
    expect(page.json().items).toHaveLength(2);
    expect(page.json().total).toBeGreaterThan(2);
    const csv = await admin.inject({ method: 'GET', url: `${STAFF_API}/members?format=csv` });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('userId,email,username,roles,secondFactor');
  });
});
