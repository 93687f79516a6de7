import { SESSION_HINT_COOKIE } from '@paws/contracts/session-hint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  browser,
  CookieJar,
  createIdentityTestApp,
  ID,
  type IdentityTestApp,
  LANDING,
  LANDING_HOST,
  lastLinkTo,
  PASSWORD,
  PLATFORM_HOST,
  signUpByEmail,
  tokenOf,
  userData,
} from './helpers.ts';

describe('sessions', () => {
  let ctx: IdentityTestApp;
  beforeAll(async () => {
    ctx = await createIdentityTestApp();
  });
  afterAll(() => ctx.close());

  const signedIn = async () => {
    const b = browser(ctx.app);
    await signUpByEmail(ctx.app, b);
    return b;
  };
  const refresh = (b: ReturnType<typeof browser>) => b.post(`${ID}/auth/refresh-tokens`);

  it('the auth probe: 401 signed out, 201 signed in', async () => {
    const out = await refresh(browser(ctx.app));
    expect([out.statusCode, out.json()]).toEqual([401, { statusCode: 401, message: 'Unauthorized' }]);
    const b = await signedIn();
    const res = await refresh(b);
    expect([res.statusCode, res.json()]).toEqual([201, { success: true }]);
  });

  it('accepts the empty JSON body the client sends to refresh and logout', async () => {
    const b = await signedIn();
    const headers = { 'content-type': 'application/json' };
    expect(
      (await b.send({ method: 'POST', url: `${ID}/auth/refresh-tokens`, headers, payload: '' })).statusCode,
    ).toBe(201);
    expect(
      (await b.send({ method: 'POST', url: `${ID}/auth/logout`, headers, payload: '' })).statusCode,
    ).toBe(201);
  });

  it('refresh rotates both tokens; the refresh cookie is only sent to the auth calls', async () => {
    const b = await signedIn();
    const before = { access: b.jar.get('access_token'), refresh: b.jar.get('refresh_token') };
    expect(b.jar.header('/api/platform/profile/user-data')).not.toContain('refresh_token');
    expect(b.jar.header(`${ID}/auth/refresh-tokens`)).toContain('refresh_token');
    ctx.clock.advance(1_000);
    expect((await refresh(b)).statusCode).toBe(201);
    expect(b.jar.get('refresh_token')).not.toBe(before.refresh);
    expect(b.jar.get('access_token')).not.toBe(before.access);
    expect((await userData(b)).statusCode).toBe(200);
  });

  it('an expired access token answers 401 until a refresh', async () => {
    const b = await signedIn();
    // Used once first: a token remembered as verified still expires on time.
    expect((await userData(b)).statusCode).toBe(200);
    ctx.clock.advance(15 * 60_000 + 1_000);
    const expired = await userData(b);
    expect([expired.statusCode, expired.json()]).toEqual([401, { statusCode: 401, message: 'Unauthorized' }]);
    expect((await refresh(b)).statusCode).toBe(201);
    expect((await userData(b)).statusCode).toBe(200);
  });

  it('replaying a spent refresh token revokes the whole family', async () => {
    const b = await signedIn();
    const spent = b.jar.get('refresh_token')!;
    expect((await refresh(b)).statusCode).toBe(201);
    ctx.clock.advance(11_000);
    expect((await refresh(b)).statusCode).toBe(201);
    const newest = b.jar.clone();

    const thief = browser(ctx.app);
    thief.jar.set('refresh_token', spent, '/api/identity/auth');
    const replay = await refresh(thief);
    expect(replay.statusCode).toBe(401);

    // The legitimate holder's newest tokens are dead too, at once.
    const holder = browser(ctx.app, LANDING_HOST, newest);
    expect((await userData(holder)).statusCode).toBe(401);
    expect((await refresh(holder)).statusCode).toBe(401);
  });

  it('two requests refreshing with the same token at once both succeed (reuse grace)', async () => {
    const b = await signedIn();
    const tabA = browser(ctx.app, LANDING_HOST, b.jar.clone());
    const tabB = browser(ctx.app, LANDING_HOST, b.jar.clone());
    expect((await refresh(tabA)).statusCode).toBe(201);
    ctx.clock.advance(2_000);
    expect((await refresh(tabB)).statusCode).toBe(201);
    expect((await userData(tabA)).statusCode).toBe(200);
    expect((await userData(tabB)).statusCode).toBe(200);
  });

  it('a session ends 30 days after sign-in, however often it was refreshed', async () => {
    const b = await signedIn();
    for (let day = 0; day < 29; day++) {
      ctx.clock.advance(24 * 3600_000);
      expect((await refresh(b)).statusCode).toBe(201);
    }
    ctx.clock.advance(24 * 3600_000 + 1_000);
    expect((await refresh(b)).statusCode).toBe(401);
  });

  it('a refresh probe without cookies answers 401 and clears nothing', async () => {
    const res = await browser(ctx.app).post(`${ID}/auth/refresh-tokens`);
    expect(res.statusCode).toBe(401);
    expect(res.cookies).toEqual([]);
  });

  it('logout revokes the session: the access token stops working at once', async () => {
    const b = await signedIn();
    const copy = browser(ctx.app, LANDING_HOST, b.jar.clone());
    const res = await b.post(`${ID}/auth/logout`);
    expect([res.statusCode, res.json()]).toEqual([201, { success: true }]);
    const cleared = res.cookies.filter((c) => c.value === '').map((c) => `${c.name} ${c.path}`);
    expect(cleared.sort()).toEqual(['access_token /', 'refresh_token /api/identity/auth', 'signed_in /']);
    expect(b.jar.get('access_token')).toBeUndefined();
    expect((await userData(copy)).statusCode).toBe(401);
    expect((await refresh(copy)).statusCode).toBe(401);
    // Logging out when signed out is harmless.
    expect((await browser(ctx.app).post(`${ID}/auth/logout`)).statusCode).toBe(201);
  });

  it('logout with only the access token (its cookie path) still ends the session', async () => {
    const b = await signedIn();
    const accessOnly = new CookieJar();
    accessOnly.set('access_token', b.jar.get('access_token')!);
    expect((await browser(ctx.app, LANDING_HOST, accessOnly).post(`${ID}/auth/logout`)).statusCode).toBe(201);
    expect((await userData(b)).statusCode).toBe(401);
  });

  it('refuses a forged or tampered access token', async () => {
    const b = await signedIn();
    const token = b.jar.get('access_token')!;
    const [header, payload] = token.split('.');
    const forged = new CookieJar();
    forged.set('access_token', `${header}.${payload}.${'A'.repeat(43)}`);
    expect((await userData(browser(ctx.app, LANDING_HOST, forged))).statusCode).toBe(401);
    const none = new CookieJar();
    none.set('access_token', `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`);
    expect((await userData(browser(ctx.app, LANDING_HOST, none))).statusCode).toBe(401);
  });

  it('resolves the user of a raw Cookie header (for socket handshakes)', async () => {
    const b = await signedIn();
    const user = await ctx.app.resolveUser(b.jar.header('/'));
    const { userId } = (await userData(b)).json().user;
    expect(user).toMatchObject({ id: userId, role: 'player', sessionId: expect.any(String) });
    expect(await ctx.app.resolveUser(undefined)).toBeNull();
    expect(await ctx.app.resolveUser('access_token=nonsense')).toBeNull();
    await b.post(`${ID}/auth/logout`);
    expect(await ctx.app.resolveUser(`access_token=${user ? b.jar.get('access_token') : ''}`)).toBeNull();
  });

  describe('handover from the landing origin to the platform origin', () => {
    it('a single-use auth token opens a session on the other origin', async () => {
      const landing = await signedIn();
      const res = await landing.get(`${ID}/auth/auth-token`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const { authToken } = res.json();
      expect(authToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);

      const platform = browser(ctx.app, PLATFORM_HOST);
      expect((await userData(platform)).statusCode).toBe(401);
      const activate = await platform.post(`${ID}/auth/auth-token/activate`, { authToken });
      expect([activate.statusCode, activate.json()]).toEqual([201, { success: true }]);
      expect((await userData(platform)).json().user.userId).toBe(
        (await userData(landing)).json().user.userId,
      );
      // A separate session: logging out on the platform leaves the landing signed in.
      await platform.post(`${ID}/auth/logout`);
      expect((await userData(landing)).statusCode).toBe(200);

      const again = await browser(ctx.app, PLATFORM_HOST).post(`${ID}/auth/auth-token/activate`, {
        authToken,
      });
      expect(again.json()).toEqual({
        statusCode: 400,
        message: 'This link is invalid or has expired',
        field: 'authToken',
      });
    });

    it('the auth token expires after 60 seconds', async () => {
      const landing = await signedIn();
      const early = (await landing.get(`${ID}/auth/auth-token`)).json().authToken;
      const late = (await landing.get(`${ID}/auth/auth-token`)).json().authToken;
      ctx.clock.advance(59_000);
      expect(
        (await browser(ctx.app, PLATFORM_HOST).post(`${ID}/auth/auth-token/activate`, { authToken: early }))
          .statusCode,
      ).toBe(201);
      ctx.clock.advance(2_000);
      expect(
        (await browser(ctx.app, PLATFORM_HOST).post(`${ID}/auth/auth-token/activate`, { authToken: late }))
          .statusCode,
      ).toBe(400);
    });

    it('needs a signed-in caller', async () => {
      expect((await browser(ctx.app).get(`${ID}/auth/auth-token`)).statusCode).toBe(401);
    });
  });
});

describe('cookies in production', () => {
  it('are Secure', async () => {
    const ctx = await createIdentityTestApp({
      env: { NODE_ENV: 'production', SECRET: 'p'.repeat(40), STUDIO_WALLET_SECRET: 'w'.repeat(40) },
    });
    try {
      const b = browser(ctx.app);
      const email = 'prod@example.com';
      await b.post(`${ID}/auth/registration`, {
        email,
        password: PASSWORD,
        ageConfirmed: true,
        callbackUrl: `${LANDING}/callback/register`,
      });
      const token = tokenOf(await lastLinkTo(ctx.app, email));
      const res = await b.post(`${ID}/auth/registration/verify`, { token });
      expect(res.statusCode).toBe(201);
      for (const cookie of res.cookies) {
        // The session hint is readable by the page on purpose (it holds no secret): see session-hint.test.ts.
        expect(cookie).toMatchObject({ secure: true, sameSite: 'Lax' });
        expect(cookie.httpOnly === true).toBe(cookie.name !== SESSION_HINT_COOKIE);
      }
    } finally {
      await ctx.close();
    }
  });
});
