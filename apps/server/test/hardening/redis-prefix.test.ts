import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { parseEnv } from '../../src/config/env.ts';
import { createTestDatabase } from '../helpers/test-app.ts';
import { LANDING, PLATFORM } from '../identity/helpers.ts';

/** Issue 26 target 5: two deployments sharing one Redis never hear each other. */
describe("a deployment's Redis keys and channels", () => {
  const envOf = (source: Record<string, string>) =>
    parseEnv({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      LANDING_URL: LANDING,
      PLATFORM_URL: PLATFORM,
      ...source,
    });

  it('start with a prefix of its database: the same for its processes, another for another database', () => {
    const a = envOf({ DATABASE_URL: 'postgres://db.internal:5432/paws_eu' }).REDIS_KEY_PREFIX;
    expect(a).toMatch(/^paws:paws_eu:[0-9a-f]{8}$/);
    expect(envOf({ DATABASE_URL: 'postgres://db.internal:5432/paws_eu' }).REDIS_KEY_PREFIX).toBe(a);
    expect(envOf({ DATABASE_URL: 'postgres://db.internal:5432/paws_uk' }).REDIS_KEY_PREFIX).not.toBe(a);
    // The same database name on another server is another deployment.
    expect(envOf({ DATABASE_URL: 'postgres://db2.internal:5432/paws_eu' }).REDIS_KEY_PREFIX).not.toBe(a);
    expect(envOf({ DATA_DIR: '/srv/a' }).REDIS_KEY_PREFIX).not.toBe(
      envOf({ DATA_DIR: '/srv/b' }).REDIS_KEY_PREFIX,
    );
    expect(envOf({ REDIS_KEY_PREFIX: 'casino-eu' }).REDIS_KEY_PREFIX).toBe('casino-eu');
    expect(() => envOf({ REDIS_KEY_PREFIX: 'has space' })).toThrow(/REDIS_KEY_PREFIX/);
  });

  describe.skipIf(!process.env.REDIS_URL)('on one Redis', () => {
    const redisUrl = process.env.REDIS_URL as string;
    const deployments: Array<{ app: Awaited<ReturnType<typeof buildApp>>; drop(): Promise<void> }> = [];
    let redis: Redis;
    const prefixes = [`eu-${Date.now()}`, `uk-${Date.now()}`];

    beforeAll(async () => {
      for (const prefix of prefixes) {
        const testDb = await createTestDatabase();
        const env = envOf({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
        const app = await buildApp({ env, database: testDb.database, logger: false });
        await app.ready();
        deployments.push({ app, drop: testDb.drop });
      }
      redis = new Redis(redisUrl);
    });
    afterAll(async () => {
      redis?.disconnect();
      for (const { app, drop } of deployments) {
        await app.close();
        await drop();
      }
    });

    it("each listens on its own channels only: the other's packets never reach it", async () => {
      const channels = (await redis.pubsub('CHANNELS', '*')) as string[];
      // The adapter's request and response channels per namespace (`<key>-request#/tickets#`, …).
      const namespacesOf = (prefix: string) =>
        new Set(channels.filter((c) => c.startsWith(`${prefix}:socket.io-`)).map((c) => c.split('#')[1]));
      const [eu, uk] = prefixes.map(namespacesOf);
      expect([...(eu ?? [])].sort()).toEqual(['/', '/desk', '/notifications', '/roulette', '/tickets']);
      expect(uk).toEqual(eu);
    });
  });
});
