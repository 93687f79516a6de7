import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { NOTIFICATIONS_NAMESPACE } from '@paws/contracts/notifications';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../helpers/test-app.ts';
import { freePort } from './processes.ts';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');

/** Issue 26 target 6: `npm run cluster` starts N processes behind HAProxy on PostgreSQL + Redis. */
describe.skipIf(!process.env.DATABASE_URL || !process.env.REDIS_URL)('npm run cluster', () => {
  let cluster: ChildProcess;
  let output = '';
  let drop: () => Promise<void>;
  const ports = { landing: 0, platform: 0, backoffice: 0 };
  const platform = () => `http://localhost:${ports.platform}`;

  beforeAll(async () => {
    const testDb = await createTestDatabase();
    await testDb.database.close();
    drop = testDb.drop;
    for (const face of Object.keys(ports) as Array<keyof typeof ports>) ports[face] = await freePort();
    cluster = spawn(process.execPath, ['scripts/cluster.mjs', '--processes', '2'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: testDb.url,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        LANDING_PORT: String(ports.landing),
        PLATFORM_PORT: String(ports.platform),
        BACKOFFICE_PORT: String(ports.backoffice),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cluster.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    cluster.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 150_000;
    while (!/Ctrl-C stops them all/.test(output)) {
      if (cluster.exitCode !== null) throw new Error(`the cluster stopped at start:\n${output}`);
      if (Date.now() > deadline) throw new Error(`the cluster did not start in 150 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }, 180_000);
  afterAll(async () => {
    if (cluster && cluster.exitCode === null) {
      const exited = new Promise((r) => cluster.once('exit', r));
      cluster.kill('SIGTERM');
      await exited;
    }
    await drop?.();
  });

  it('spreads requests over both processes on every face, each answer naming its process', async () => {
    for (const face of Object.keys(ports) as Array<keyof typeof ports>) {
      const nodes = new Set<string>();
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`http://localhost:${ports[face]}/readyz`);
        expect(res.status).toBe(200);
        nodes.add(res.headers.get('x-paws-node') ?? '');
      }
      expect([...nodes].sort()).toEqual(['node1', 'node2']);
    }
  });

  it('keeps a browser on its process (cookie) and passes socket.io through', async () => {
    const first = await fetch(`${platform()}/readyz`);
    const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0] as string;
    expect(cookie).toMatch(/^PAWS_NODE=node[12]$/);
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${platform()}/readyz`, { headers: { cookie } });
      expect(`PAWS_NODE=${res.headers.get('x-paws-node')}`).toBe(cookie);
    }
    // A visitor's handshake reaches the server through the balancer and is refused by it for want of a session.
    const socket = io(`${platform()}${NOTIFICATIONS_NAMESPACE}`, {
      transports: ['websocket'],
      extraHeaders: { origin: platform() },
      reconnection: false,
    });
    const refusal = await new Promise<string>((done) =>
      socket.once('connect_error', (error) => done(error.message)),
    );
    socket.close();
    expect(refusal).not.toMatch(/websocket error|xhr poll error/);
  });

  it('stops every process and the balancer on Ctrl-C', async () => {
    const exited = new Promise<number | null>((r) => cluster.once('exit', (code) => r(code)));
    cluster.kill('SIGINT');
    expect(await exited).toBe(0);
    await expect(fetch(`${platform()}/readyz`)).rejects.toThrow();
  });
});
