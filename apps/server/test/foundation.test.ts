import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../src/config/env.ts';
import { createTestApp, LANDING_HOST, PLATFORM_HOST } from './helpers/test-app.ts';

describe('environment', () => {
  it('names the variable in one line when a value is bad', () => {
    expect(() => parseEnv({ LANDING_PORT: 'abc' })).toThrow(EnvError);
    expect(() => parseEnv({ LANDING_PORT: 'abc' })).toThrow(/^Invalid environment variable LANDING_PORT: /);
    expect(() => parseEnv({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
  });

  it('refuses the development secret in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SECRET/);
  });

  it('derives both public URLs from the ports', () => {
    const env = parseEnv({ LANDING_PORT: '4000', PLATFORM_PORT: '4001' });
    expect(env.LANDING_URL).toBe('http://localhost:4000');
    expect(env.PLATFORM_URL).toBe('http://localhost:4001');
  });
});

describe('server foundation', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('answers health and readiness', async () => {
    expect((await ctx.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await ctx.app.inject({ url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it('serves a runtime configuration per origin', async () => {
    const landing = (await ctx.app.inject({ url: '/config.json', headers: { host: LANDING_HOST } })).json();
    const platform = (await ctx.app.inject({ url: '/config.json', headers: { host: PLATFORM_HOST } })).json();
    expect(landing.isPlatform).toBe(false);
    expect(platform.isPlatform).toBe(true);
    for (const config of [landing, platform]) {
      expect(config).toMatchObject({
        identityApiUrl: '/api/identity',
        platformApiUrl: '/api/platform',
        notificationsApiUrl: '/api/notifications',
        ticketsApiUrl: '/api/tickets',
        bonusesApiUrl: '/api/bonuses',
        newsApiUrl: '/api/news',
        platformUrl: 'http://platform.test',
        spaceUrl: 'http://landing.test',
      });
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ url: '/api/platform/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({
      statusCode: 404,
      message: 'Route GET:/api/platform/nothing-here not found',
    });
  });

  it('publishes an OpenAPI document and its browser', async () => {
    const doc = (await ctx.app.inject({ url: '/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/healthz');
    expect((await ctx.app.inject({ url: '/docs' })).statusCode).toBeLessThan(400);
  });

  it('lists the development outbox newest first', async () => {
    await ctx.app.mailbox.enqueue({
      channel: 'email',
      recipient: 'a@example.com',
      subject: 'First',
      body: '1',
    });
    await ctx.app.mailbox.enqueue({ channel: 'sms', recipient: '+447700900123', body: '2' });
    const res = await ctx.app.inject({ url: '/api/dev/outbox' });
    expect(res.statusCode).toBe(200);
    const bodies = res.json().messages.map((m: { body: string }) => m.body);
    expect(bodies.slice(0, 2)).toEqual(['2', '1']);
  });

  it('sends security headers', async () => {
    const res = await ctx.app.inject({ url: '/healthz' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('allows credentialed CORS between the two origins only', async () => {
    const ok = await ctx.app.inject({ url: '/healthz', headers: { origin: 'http://landing.test' } });
    expect(ok.headers['access-control-allow-origin']).toBe('http://landing.test');
    expect(ok.headers['access-control-allow-credentials']).toBe('true');
    const other = await ctx.app.inject({ url: '/healthz', headers: { origin: 'http://evil.test' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('production', () => {
  it('does not expose the development outbox', async () => {
    const ctx = await createTestApp({
      NODE_ENV: 'production',
      SECRET: 'x'.repeat(40),
      STUDIO_WALLET_SECRET: 'w'.repeat(40),
    });
    try {
      const res = await ctx.app.inject({ url: '/api/dev/outbox' });
      expect(res.statusCode).toBe(404);
    } finally {
      await ctx.close();
    }
  });
});
