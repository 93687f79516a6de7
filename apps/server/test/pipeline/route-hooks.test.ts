import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_HOST, createTestApp, PLATFORM_HOST } from '../helpers/test-app.ts';

/*
 * Each hook only on the routes that need it: the body check on the routes that take a body (Fastify parses
 * none for GET and HEAD), so a read such as /healthz runs no preValidation hook at all.
 */

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());

/** The hooks Fastify lists for one route of one method ("• (onRequest) [...]" lines under the route). */
function hooksOf(method: string, path: string): Record<string, string[]> {
  const lines = ctx.app.printRoutes({ includeHooks: true, commonPrefix: false, method }).split('\n');
  const at = lines.findIndex((line) => line.includes(`── ${path} (`) && line.includes(method));
  expect(at, `${method} ${path} is listed`).toBeGreaterThanOrEqual(0);
  const hooks: Record<string, string[]> = {};
  for (const line of lines.slice(at + 1)) {
    const match = /• \((\w+)\) (\[.*\])$/.exec(line);
    if (!match?.[1] || !match[2]) break;
    hooks[match[1]] = JSON.parse(match[2]);
  }
  return hooks;
}

describe('hooks per route', () => {
  it('no body check on the routes that only read', () => {
    expect(hooksOf('GET', '/healthz').preValidation).toBeUndefined();
    expect(hooksOf('GET', '/api/platform/catalog').preValidation).toBeUndefined();
  });

  it('the body check stays on the routes that take a body, and still refuses', async () => {
    expect(hooksOf('POST', '/api/identity/auth/login').preValidation).toContain('checkBody()');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/identity/auth/login',
      headers: { host: 'landing.test' },
      payload: { email: 'a\u0000@example.com', password: 'Secret#123' },
    });
    expect(res.json()).toMatchObject({
      statusCode: 400,
      field: 'email',
      message: 'must not contain a NUL character',
    });
  });

  it('the back office still answers its own health and 400 for a malformed path, the player faces pass', async () => {
    const health = await ctx.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { host: BACKOFFICE_HOST },
    });
    expect(health.json()).toEqual({ status: 'ok' });
    const malformed = await ctx.app.inject({
      method: 'GET',
      url: '/%E0%A4%A',
      headers: { host: BACKOFFICE_HOST },
    });
    expect(malformed.statusCode).toBe(400);
    const player = await ctx.app.inject({ method: 'GET', url: '/healthz', headers: { host: PLATFORM_HOST } });
    expect(player.json()).toEqual({ status: 'ok' });
  });
});
