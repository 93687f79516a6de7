import { Agent, get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/test-app.ts';
import { type ServerProcess, startServer } from './processes.ts';

/** GET a URL through `agent` and read the answer to its end, leaving the connection open and idle. */
function readThrough(agent: Agent, url: string) {
  return new Promise<number>((done, fail) => {
    get(url, { agent }, (response) => {
      response.resume();
      response.once('end', () => done(response.statusCode ?? 0));
    }).once('error', fail);
  });
}

/**
 * A stop (SIGTERM, as a deploy or Ctrl-C sends) must not wait for clients' idle keep-alive connections, on any
 * of the three ports: browsers and load balancers keep them open for minutes.
 */
describe.skipIf(!process.env.DATABASE_URL)('shutdown', () => {
  let testDb: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    await testDb.database.migrate();
    server = await startServer({ DATABASE_URL: testDb.url as string });
  }, 120_000);
  afterAll(async () => {
    await server?.crash();
    await testDb?.database.close();
    await testDb?.drop();
  }, 60_000);

  it('ends at once with idle keep-alive connections open on every face', async () => {
    const agent = new Agent({ keepAlive: true });
    for (const url of [server.url, server.landingUrl, server.backOfficeUrl]) {
      expect(await readThrough(agent, `${url}/healthz`)).toBe(200);
    }
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(3);

    const asked = Date.now();
    const exited = new Promise<number | null>((done) => server.child.once('exit', (code) => done(code)));
    server.child.kill('SIGTERM');
    const code = await exited;
    agent.destroy();

    // close-with-grace gives up (exit code 1) after 10 s.
    expect(code).toBe(0);
    expect(Date.now() - asked).toBeLessThan(5_000);
  }, 30_000);
});
