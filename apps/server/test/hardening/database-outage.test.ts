import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/client.ts';
import { type ServerProcess, startServer } from '../backbone/processes.ts';
import { adminQuery } from '../helpers/db-template.ts';
import { createTestDatabase } from '../helpers/test-app.ts';
import { type CuttableProxy, startProxy } from './proxy.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!process.env.DATABASE_URL)('the database going away under load (PostgreSQL)', () => {
  let proxy: CuttableProxy;
  let server: ServerProcess;
  let drop: () => Promise<void>;
  let terminateConnections: () => Promise<void>;
  let directUrl: string;

  beforeAll(async () => {
    const testDb = await createTestDatabase();
    await testDb.database.close();
    drop = testDb.drop;
    directUrl = testDb.url as string;
    const name = new URL(testDb.url as string).pathname.slice(1);
    // What a restart does to each open connection first: FATAL 57P01 'terminating connection due to
    // administrator command', also to clients checked out of the pool between two statements of a transaction.
    terminateConnections = () =>
      adminQuery(
        process.env.DATABASE_URL as string,
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      );
    const target = new URL(testDb.url as string);
    proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(target);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    server = await startServer({ DATABASE_URL: viaProxy.toString(), SECRET: 'x'.repeat(40) });
  }, 90_000);

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    await drop?.();
  });

  /**
   * Twenty clients reading a news post (a database read each: the catalogue is served from memory) and
   * signing up (a transaction each) until told to stop.
   */
  function load() {
    const statuses: number[] = [];
    const answers: { statusCode: number; retryAfter: string | null; body: unknown }[] = [];
    let running = true;
    const client = async (n: number) => {
      for (let i = 0; running; i++) {
        try {
          const res =
            i % 2 === 0
              ? await fetch(`${server.url}/api/news/posts/1`)
              : await fetch(`${server.url}/api/identity/auth/registration`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json' },
                  body: JSON.stringify({
                    email: `outage-${n}-${i}-${Date.now()}@example.com`,
                    password: 'Secret#123',
                    ageConfirmed: true,
                    callbackUrl: `${server.url}/callback/registration`,
                  }),
                });
          statuses.push(res.status);
          if (res.status >= 500) {
            answers.push({
              statusCode: res.status,
              retryAfter: res.headers.get('retry-after'),
              body: await res.json(),
            });
          } else await res.arrayBuffer();
        } catch {
          statuses.push(0);
        }
        await sleep(20);
      }
    };
    const clients = Array.from({ length: 20 }, (_, n) => client(n));
    return {
      statuses,
      answers,
      async stop() {
        running = false;
        await Promise.all(clients);
      },
    };
  }

  it('stays up, answers 503 with Retry-After while it is away, and recovers by itself', async () => {
    const before = load();
    await sleep(1_000);
    await before.stop();
    expect(before.statuses.filter((s) => s >= 500)).toEqual([]);

    const during = load();
    await sleep(500);
    for (let i = 0; i < 5; i++) {
      await terminateConnections();
      await sleep(150);
    }
    proxy.cut();
    await sleep(3_000);
    await during.stop();
    expect(server.child.exitCode).toBeNull();
    expect(during.statuses).not.toContain(0);
    expect(during.answers.length).toBeGreaterThan(0);
    for (const answer of during.answers) {
      expect(answer).toEqual({
        statusCode: 503,
        retryAfter: '5',
        body: { statusCode: 503, message: 'Service temporarily unavailable, please try again shortly' },
      });
    }

    proxy.restore();
    await expect
      .poll(async () => (await fetch(`${server.url}/api/news/posts/1`)).status < 500, { timeout: 30_000 })
      .toBe(true);
    const after = load();
    await sleep(1_500);
    await after.stop();
    expect(after.statuses.length).toBeGreaterThan(20);
    expect(after.statuses.filter((s) => s >= 500)).toEqual([]);
    expect(server.child.exitCode).toBeNull();
  }, 90_000);

  it('a connection dropped while a transaction holds it fails that transaction and nothing else', async () => {
    const database = createDatabase({ url: directUrl, poolSize: 2 });
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const transaction = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        // Between two statements the client is checked out with no query running: the server's FATAL
        // arrives as an 'error' event on the client itself.
        await terminateConnections();
        await sleep(300);
        await tx.execute(sql`select 2`);
      });
      await expect(transaction).rejects.toThrow();
      await sleep(200);
      expect(uncaught).toEqual([]);
      await expect(database.db.execute(sql`select 3`)).resolves.toBeDefined();
    } finally {
      process.off('uncaughtException', onUncaught);
      await database.close();
    }
  });
});
