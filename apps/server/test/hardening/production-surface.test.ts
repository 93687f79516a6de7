import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServerPath } from '../../src/plugins/web.ts';
import { backOfficeInject, staffSession } from '../helpers/staff.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { PLATFORM_HOST } from '../identity/helpers.ts';

// What production shows a stranger: no map of the API, no switched-off sandbox page.
describe('production surface', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp({
      NODE_ENV: 'production',
      SECRET: 'a-private-production-secret-0123456789abcdef',
      STUDIO_WALLET_SECRET: 'a-private-studio-wallet-secret-0123456789abcdef',
    });
  });
  afterAll(() => ctx.close());

  const get = (url: string, host = PLATFORM_HOST) => ctx.app.inject({ url, headers: { host } });

  it('serves no API reference on the player faces', async () => {
    for (const url of ['/docs', '/docs/json', '/docs/static/index.html', '/api/staff/docs/json']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('openapi');
    }
  });

  it('serves it on the back office only to a signed-in staff member', async () => {
    const stranger = await backOfficeInject(ctx.app, { url: '/api/staff/docs/json' });
    expect(stranger.statusCode).toBe(404);
    const forged = await backOfficeInject(ctx.app, {
      url: '/api/staff/docs/json',
      cookie: 'paws_staff=not-a-session',
    });
    expect(forged.statusCode).toBe(404);

    const content = await staffSession(ctx.app, ['content']);
    const doc = await content.inject({ url: '/api/staff/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(Object.keys(doc.json().paths)).toContain('/api/staff/me');
    expect((await content.inject({ url: '/api/staff/docs' })).statusCode).toBeLessThan(400);
  });

  it('answers 404 for the KYC sandbox page when the sandbox is off, not the player app', async () => {
    for (const url of [
      '/kyc-sandbox/00000000-0000-4000-8000-000000000000',
      '/kyc-sandbox/',
      '/kyc-sandbox',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/json/);
    }
  });

  it("keeps every module's non-API pages and the server's own paths out of the app fallback", () => {
    // With a web build, an unknown page path gets the app's index.html; these never do.
    for (const path of [
      '/kyc-sandbox/abc',
      '/kyc-sandbox',
      '/studio/nothing',
      '/docs',
      '/api/x',
      '/uploads/x',
    ]) {
      expect(isServerPath(path), path).toBe(true);
    }
    for (const path of ['/', '/profile/support', '/news/some-post', '/games/wild-paws', '/documents']) {
      expect(isServerPath(path), path).toBe(false);
    }
  });
});
