import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../backbone/processes.ts';
import { createTestDatabase } from '../helpers/test-app.ts';
import { type CuttableProxy, startProxy } from './proxy.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const redisUrl = process.env.REDIS_URL;

describe.skipIf(!process.env.DATABASE_URL || !redisUrl)('Redis unreachable (PostgreSQL + Redis)', () => {
  let databaseUrl: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const testDb = await createTestDatabase();
    await testDb.database.close();
    databaseUrl = testDb.url as string;
    drop = testDb.drop;
  });
  afterAll(() => drop?.());

  it('at start: the server stops with one line naming REDIS_URL', async () => {
    const failure = await startServer({ DATABASE_URL: databaseUrl, REDIS_URL: 'redis://127.0.0.1:1' }).then(
      () => undefined,
      (error: Error) => error.message,
    );
    const output = failure?.replace(/^server exited at start:\n/, '').trim();
    expect(output).toMatch(/^Cannot reach Redis at REDIS_URL: connect ECONNREFUSED 127\.0\.0\.1:1$/);
  }, 60_000);

  describe('at run time', () => {
    let proxy: CuttableProxy;
    let server: ServerProcess;
    beforeAll(async () => {
      const target = new URL(redisUrl as string);
      proxy = await startProxy({ host: target.hostname, port: Number(target.port || 6379) });
      server = await startServer({ DATABASE_URL: databaseUrl, REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
    }, 60_000);
    afterAll(async () => {
      await server?.stop();
      await proxy?.close();
    });

    it('keeps serving, rate limits included, while Redis is away, and when it is back', async () => {
      const signIn = () =>
        fetch(`${server.url}/api/identity/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: 'nobody@example.com',
            password: 'Wrong#Pass1',
            callbackUrl: `${server.url}/callback/login`,
          }),
        });
      expect((await signIn()).status).toBe(401);
      proxy.cut();
      await sleep(1_000);
      expect((await fetch(`${server.url}/api/platform/catalog`)).status).toBe(200);
      expect((await signIn()).status).toBe(401);
      await sleep(2_000);
      expect(server.child.exitCode).toBeNull();
      proxy.restore();
      await sleep(1_000);
      expect((await fetch(`${server.url}/api/platform/catalog`)).status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    }, 60_000);
  });
});
