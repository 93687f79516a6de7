import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STAFF_SOCKET_PATH } from '@paws/contracts/staff-tickets';
import type { InjectOptions } from 'fastify';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../backbone/processes.ts';
import { BACKOFFICE_HOST, createTestApp, createTestDatabase, PLATFORM_HOST } from '../helpers/test-app.ts';

/**
 * Each face serves only its own API and sockets: the back office nothing of the player's API, sockets, API
 * reference or dev outbox; the landing and platform nothing of the staff API or the desk socket.
 */

const playerRoutes: InjectOptions[] = [
  { method: 'GET', url: '/api/platform/catalog' },
  { method: 'GET', url: '/api/platform/catalog/recommended' },
  { method: 'GET', url: '/api/platform/profile/user-data' },
  { method: 'POST', url: '/api/platform/users/deposit', payload: { amount: 10, paymentMethod: 'CARD' } },
  {
    method: 'POST',
    url: '/api/identity/auth/login',
    payload: {
      email: 'nobody@example.com',
      password: 'Wrong#Pass1',
      callbackUrl: 'http://platform.test/callback/login',
    },
  },
  { method: 'GET', url: '/api/news/posts' },
  { method: 'GET', url: '/api/notifications/notifications' },
  { method: 'GET', url: '/api/tickets/tickets' },
  { method: 'GET', url: '/api/bonuses/user-bonuses' },
  { method: 'GET', url: '/api/dev/outbox' },
  { method: 'GET', url: '/docs' },
  { method: 'GET', url: '/docs/json' },
  { method: 'GET', url: '/api/identity/no-such-route' },
];

const staffRoutes: InjectOptions[] = [
  {
    method: 'POST',
    url: '/api/staff/auth/login',
    payload: { email: 'x@staff.test', password: 'whatever#1' },
  },
  { method: 'GET', url: '/api/staff/auth/me' },
  { method: 'GET', url: '/api/staff/players' },
  { method: 'GET', url: '/api/staff/tickets' },
  { method: 'GET', url: '/api/staff/no-such-route' },
];

describe('face walls, by Host (inject)', () => {
  let ctx: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const send = (host: string, route: InjectOptions) =>
    ctx.app.inject({ ...route, headers: { host, ...route.headers } } as InjectOptions);

  it('the back office answers no player route (404), which the platform answers', async () => {
    for (const route of playerRoutes) {
      const there = await send(BACKOFFICE_HOST, route);
      expect(there.statusCode, `${route.method} ${route.url} on the back office`).toBe(404);
      expect(there.json()).toEqual({
        statusCode: 404,
        message: `Route ${route.method}:${String(route.url).split('?')[0]} not found`,
      });
    }
    // The same routes are there on the platform (the wall, not a missing route, made the 404s).
    expect((await send(PLATFORM_HOST, { method: 'GET', url: '/api/platform/catalog' })).statusCode).toBe(200);
    expect((await send(PLATFORM_HOST, { method: 'GET', url: '/api/news/posts' })).statusCode).toBe(200);
    expect((await send(PLATFORM_HOST, playerRoutes[4] as InjectOptions)).statusCode).toBe(401);
    expect((await send(PLATFORM_HOST, { method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
    expect(
      (await send(PLATFORM_HOST, { method: 'GET', url: '/api/platform/profile/user-data' })).statusCode,
    ).toBe(401);
  });

  it('the platform and the landing answer no staff route (404), which the back office answers', async () => {
    for (const host of [PLATFORM_HOST, 'landing.test']) {
      for (const route of staffRoutes) {
        const there = await send(host, route);
        expect(there.statusCode, `${route.method} ${route.url} on ${host}`).toBe(404);
      }
    }
    expect((await send(BACKOFFICE_HOST, { method: 'GET', url: '/api/staff/auth/me' })).statusCode).toBe(401);
    expect((await send(BACKOFFICE_HOST, { method: 'GET', url: '/api/staff/players' })).statusCode).toBe(401);
  });

  it('the back office keeps its health routes and its own /config.json', async () => {
    // Answered by the health routes, not by the back office's page (its build is served for any other GET).
    for (const url of ['/healthz', '/readyz']) {
      const health = await send(BACKOFFICE_HOST, { method: 'GET', url });
      expect(health.statusCode).toBe(200);
      expect(health.headers['content-type']).toMatch(/^application\/json/);
    }
    const config = await send(BACKOFFICE_HOST, { method: 'GET', url: '/config.json' });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toMatchObject({ face: 'backoffice' });
  });
});

/** Opens a socket on the root namespace of a socket.io server; resolves 'connected' or the refusal. */
function attempt(url: string, path: string, origin: string, sockets: Socket[]) {
  const socket = connect(`${url}/`, {
    path,
    transports: ['websocket'],
    reconnection: false,
    timeout: 5000,
    extraHeaders: { origin },
  });
  sockets.push(socket);
  return new Promise<string>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(`refused: ${err.message}`));
  });
}

describe('face walls on the real ports (a server process)', () => {
  let server: ServerProcess;
  let dataDir: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const env: Record<string, string> = {};
    if (process.env.DATABASE_URL) {
      const testDb = await createTestDatabase();
      await testDb.database.close();
      env.DATABASE_URL = testDb.url as string;
      drop = testDb.drop;
    } else {
      dataDir = await mkdtemp(join(tmpdir(), 'paws-face-walls-'));
      env.DATA_DIR = dataDir;
    }
    server = await startServer(env);
  }, 90_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await server?.stop();
    await drop?.();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('the player socket connects on the platform and landing ports, and is refused on the back office', async () => {
    expect(await attempt(server.url, '/socket.io', server.url, sockets)).toBe('connected');
    expect(await attempt(server.landingUrl, '/socket.io', server.landingUrl, sockets)).toBe('connected');
    expect(await attempt(server.backOfficeUrl, '/socket.io', server.backOfficeUrl, sockets)).toMatch(
      /^refused/,
    );
  });

  it('the desk socket connects on the back-office port, and is refused on the platform and landing', async () => {
    expect(await attempt(server.backOfficeUrl, STAFF_SOCKET_PATH, server.backOfficeUrl, sockets)).toBe(
      'connected',
    );
    expect(await attempt(server.url, STAFF_SOCKET_PATH, server.backOfficeUrl, sockets)).toMatch(/^refused/);
    expect(await attempt(server.landingUrl, STAFF_SOCKET_PATH, server.backOfficeUrl, sockets)).toMatch(
      /^refused/,
    );
  });

  it('each port answers its own API only', async () => {
    const status = async (url: string) => (await fetch(url)).status;
    expect(await status(`${server.url}/api/platform/catalog`)).toBe(200);
    expect(await status(`${server.backOfficeUrl}/api/platform/catalog`)).toBe(404);
    expect(await status(`${server.backOfficeUrl}/api/staff/auth/me`)).toBe(401);
    expect(await status(`${server.url}/api/staff/auth/me`)).toBe(404);
    expect(await status(`${server.landingUrl}/api/staff/auth/me`)).toBe(404);
    expect(await status(`${server.backOfficeUrl}/healthz`)).toBe(200);
  });
});
