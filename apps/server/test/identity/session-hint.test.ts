import { SESSION_HINT_COOKIE } from '@paws/contracts/session-hint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createIdentityTestApp, ID, type IdentityTestApp, signUpByEmail } from './helpers.ts';

/** The readable cookie that lets the client skip the auth probe when it has no session (issue 18 §11). */
describe('session hint cookie', () => {
  let ctx: IdentityTestApp;
  beforeAll(async () => {
    ctx = await createIdentityTestApp();
  });
  afterAll(() => ctx.close());

  const hintOf = (res: { cookies: Array<{ name: string }> }) =>
    (
      res.cookies as Array<{
        name: string;
        value: string;
        httpOnly?: boolean;
        path?: string;
        maxAge?: number;
      }>
    ).find((cookie) => cookie.name === SESSION_HINT_COOKIE);

  it('comes with every session, readable by the page, for as long as the refresh token', async () => {
    const b = browser(ctx.app);
    await signUpByEmail(ctx.app, b);
    expect(b.jar.get(SESSION_HINT_COOKIE)).toBe('1');
    const res = await b.post(`${ID}/auth/refresh-tokens`);
    expect(res.statusCode).toBe(201);
    const hint = hintOf(res);
    const refresh = (res.cookies as Array<{ name: string; maxAge?: number }>).find(
      (cookie) => cookie.name === 'refresh_token',
    );
    expect(hint).toMatchObject({ value: '1', path: '/' });
    expect(hint?.httpOnly).not.toBe(true);
    expect(hint?.maxAge).toBe(refresh?.maxAge);
  });

  it('goes with logout', async () => {
    const b = browser(ctx.app);
    await signUpByEmail(ctx.app, b);
    await b.post(`${ID}/auth/logout`);
    expect(b.jar.get(SESSION_HINT_COOKIE)).toBeUndefined();
  });

  it('goes when the session behind it is gone, so the next page load does not probe again', async () => {
    const b = browser(ctx.app);
    await signUpByEmail(ctx.app, b);
    // The refresh token lost (expired, cleared), the hint left behind.
    const stale = browser(ctx.app);
    stale.jar.set(SESSION_HINT_COOKIE, '1');
    const res = await stale.post(`${ID}/auth/refresh-tokens`);
    expect(res.statusCode).toBe(401);
    expect(hintOf(res)?.value).toBe('');
    expect(stale.jar.get(SESSION_HINT_COOKIE)).toBeUndefined();

    // A revoked session: the refresh token answers 401 and every session cookie goes, the hint too.
    const copy = browser(ctx.app, undefined, b.jar.clone());
    await b.post(`${ID}/auth/logout`);
    expect((await copy.post(`${ID}/auth/refresh-tokens`)).statusCode).toBe(401);
    expect(copy.jar.get(SESSION_HINT_COOKIE)).toBeUndefined();
  });
});
