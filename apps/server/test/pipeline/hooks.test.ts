import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_HOST, createTestApp, PLATFORM_HOST } from '../helpers/test-app.ts';

/*
 * The global hooks decide without reading each route's options per request: the security headers are set
 * for every answer and taken off by the routes that opt out; the staff routes refuse the player faces in
 * their own first hook, also when the path names them only once decoded.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

describe('global hooks', () => {
  it('security headers on answers, on not-found answers too', async () => {
    for (const url of ['/healthz', '/api/platform/no-such-route']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { host: PLATFORM_HOST } });
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });

  it('none on the server-to-server wallet API, whatever it answers', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/wallet/no-such-provider/authenticate',
      headers: { host: PLATFORM_HOST },
      payload: {},
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
  });

  it('a staff route reached by a percent-encoded path is still 404 on the player faces', async () => {
    for (const url of ['/api/%73taff/auth/me', '/api/st%61ff/players']) {
      const there = await ctx.app.inject({ method: 'GET', url, headers: { host: PLATFORM_HOST } });
      expect(there.statusCode, url).toBe(404);
      const backOffice = await ctx.app.inject({ method: 'GET', url, headers: { host: BACKOFFICE_HOST } });
      expect(backOffice.statusCode, url).toBe(401);
    }
  });
});
