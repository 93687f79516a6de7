import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { parseEnv } from '../../src/config/env.ts';
import type { IdentityModuleOptions } from '../../src/modules/identity/plugin.ts';
import { createTestDatabase, LANDING_HOST, PLATFORM_HOST } from '../helpers/test-app.ts';

export { LANDING_HOST, PLATFORM_HOST };
export const LANDING = 'http://landing.test';
export const PLATFORM = 'http://platform.test';
export const ID = '/api/identity';

/** A clock the tests move by hand. */
export function createTestClock(start = Date.now()) {
  let now = start;
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  };
}
export type TestClock = ReturnType<typeof createTestClock>;

const roomy = { points: 10_000, durationSeconds: 60 };
/** Limits no functional test reaches; the rate-limit tests pass their own. */
export const roomyRateLimits = {
  login: { ip: roomy, account: roomy },
  registration: { ip: roomy, account: roomy },
  resetPassword: { ip: roomy, account: roomy },
  verify: { ip: roomy, account: roomy },
  profile: { ip: roomy, account: roomy },
};

/**
 * The real app on a fresh database (PGlite, or PostgreSQL with DATABASE_URL; Redis-backed rate limits
 * with REDIS_URL), a clock the test controls, uploads in a temporary folder.
 */
export async function createIdentityTestApp(
  options: { env?: Record<string, string | undefined>; identity?: IdentityModuleOptions } = {},
) {
  const clock = createTestClock();
  const dataDir = await mkdtemp(join(tmpdir(), 'paws-identity-'));
  const testDb = await createTestDatabase();
  const env = parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    LANDING_URL: LANDING,
    PLATFORM_URL: PLATFORM,
    DATA_DIR: dataDir,
    REDIS_URL: process.env.REDIS_URL,
    ...options.env,
    DATABASE_URL: undefined,
  });
  const app = await buildApp({
    env,
    database: testDb.database,
    logger: false,
    identity: {
      clock: clock.now,
      rateLimits: roomyRateLimits,
      rateLimitKeyPrefix: `test-${randomBytes(6).toString('hex')}`,
      ...options.identity,
    },
  });
  await app.ready();
  return {
    app,
    env,
    clock,
    dataDir,
    async close() {
      await app.close();
      await testDb.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type IdentityTestApp = Awaited<ReturnType<typeof createIdentityTestApp>>;
type App = IdentityTestApp['app'];

/** Cookies carried by hand the way a browser would for one origin: by name, path and expiry. */
export class CookieJar {
  private cookies = new Map<string, { value: string; path: string }>();

  store(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      path?: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const gone =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() < Date.now());
      if (gone) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, { value: cookie.value, path: cookie.path ?? '/' });
    }
    return response;
  }

  header(url: string): string | undefined {
    const path = url.split('?')[0] ?? '/';
    const pairs = [...this.cookies]
      .filter(([, c]) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`);
    return pairs.length ? pairs.join('; ') : undefined;
  }

  get(name: string) {
    return this.cookies.get(name)?.value;
  }

  set(name: string, value: string, path = '/') {
    this.cookies.set(name, { value, path });
  }

  clone() {
    const jar = new CookieJar();
    for (const [name, c] of this.cookies) jar.cookies.set(name, { ...c });
    return jar;
  }
}

/** A browser on one origin: requests carry and keep that origin's cookies. */
type Request = Omit<InjectOptions, 'url'> & { url: string };
type Extra = Omit<InjectOptions, 'url' | 'method'>;

export function browser(app: App, host = LANDING_HOST, jar = new CookieJar()) {
  const send = async (options: Request) => {
    const cookie = jar.header(options.url);
    const response = await app.inject({
      ...options,
      headers: { host, ...(cookie ? { cookie } : {}), ...options.headers },
    });
    return jar.store(response);
  };
  return {
    jar,
    send,
    post: (url: string, payload?: unknown, extra: Extra = {}) =>
      send({
        ...extra,
        method: 'POST',
        url,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    get: (url: string, extra: Extra = {}) => send({ ...extra, method: 'GET', url }),
    del: (url: string, extra: Extra = {}) => send({ ...extra, method: 'DELETE', url }),
  };
}
export type Browser = ReturnType<typeof browser>;

/** The newest outbox message to a recipient. */
export async function lastMessageTo(app: App, recipient: string) {
  const message = (await app.mailbox.latest(500)).find((m) => m.recipient === recipient);
  if (!message) throw new Error(`no message to ${recipient}`);
  return message;
}
export async function messagesTo(app: App, recipient: string) {
  return (await app.mailbox.latest(500)).filter((m) => m.recipient === recipient);
}

export async function lastCodeTo(app: App, recipient: string) {
  const code = (await lastMessageTo(app, recipient)).body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the last message to ${recipient}`);
  return code;
}

export async function lastLinkTo(app: App, recipient: string) {
  const link = (await lastMessageTo(app, recipient)).body.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in the last message to ${recipient}`);
  return new URL(link);
}

export const tokenOf = (link: URL) => link.searchParams.get('token') ?? '';

let counter = 0;
/** A fresh e-mail and phone per call. */
export function uniqueAddress() {
  counter += 1;
  const n = `${Date.now() % 1_000_000}${counter}`.padStart(8, '0').slice(-8);
  return { email: `player${counter}.${randomBytes(3).toString('hex')}@example.com`, phone: `+4477${n}` };
}

export const PASSWORD = 'Secret#123';

/** Signs up by e-mail and opens the link: the browser ends up signed in. */
export async function signUpByEmail(
  app: App,
  b: Browser,
  email = uniqueAddress().email,
  password = PASSWORD,
) {
  const res = await b.post(`${ID}/auth/registration`, {
    email,
    password,
    ageConfirmed: true,
    callbackUrl: `${LANDING}/callback/register`,
  });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.body}`);
  const verify = await b.post(`${ID}/auth/registration/verify`, {
    token: tokenOf(await lastLinkTo(app, email)),
  });
  if (verify.statusCode !== 201) throw new Error(`registration verify failed: ${verify.body}`);
  return { email, password };
}

/** Signs up by phone and types the SMS code: the browser ends up signed in. */
export async function signUpByPhone(
  app: App,
  b: Browser,
  phone = uniqueAddress().phone,
  password = PASSWORD,
) {
  const res = await b.post(`${ID}/auth/registration`, {
    phone,
    password,
    ageConfirmed: true,
    callbackUrl: `${LANDING}/callback/register`,
  });
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.body}`);
  const verify = await b.post(`${ID}/auth/registration/verify`, {
    phone,
    otpPhone: await lastCodeTo(app, phone),
  });
  if (verify.statusCode !== 201) throw new Error(`registration verify failed: ${verify.body}`);
  return { phone, password };
}

export const userData = (b: Browser) => b.get('/api/platform/profile/user-data');
