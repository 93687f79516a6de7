import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import { NOTIFICATIONS_NAMESPACE, type Notification } from '@paws/contracts/notifications';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type ServerProcess, startServer } from '../backbone/processes.ts';
import { createTestDatabase } from '../helpers/test-app.ts';

/**
 * Redis killed (SIGKILL) for 30 s under two busy server processes: both keep answering HTTP (rate-limited
 * sign-ins included), sockets keep hearing what their own process emits, and the fan-out between the
 * processes resumes by itself once Redis is back on the same port. Prints its figures.
 */

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const OUTAGE_MS = 30_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A redis-server of the test's own, without persistence; resolves once it answers PING. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const started = Date.now();
  for (;;) {
    const pong = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('error', () => resolve(false));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('connect', () => socket.write('PING\r\n'));
    });
    if (pong) return child;
    if (child.exitCode !== null || Date.now() - started > 10_000)
      throw new Error('redis-server did not start');
    await sleep(50);
  }
}

async function kill(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGKILL');
  await exited;
}

/** Cookies of a response as one Cookie header, merged into what the jar already holds. */
function keepCookies(jar: Map<string, string>, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair?.indexOf('=') ?? -1;
    if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
}
const cookieHeader = (jar: Map<string, string>) =>
  [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

describe.skipIf(!hasRedisServer || !process.env.DATABASE_URL)(
  'Redis killed under load (two processes)',
  () => {
    let redisPort: number;
    let redis: ChildProcess | undefined;
    let drop: () => Promise<void>;
    let a: ServerProcess;
    let b: ServerProcess;
    const sockets: Socket[] = [];
    const jar = new Map<string, string>();
    let userId: string;

    beforeAll(async () => {
      const testDb = await createTestDatabase();
      await testDb.database.close();
      drop = testDb.drop;
      redisPort = await freePort();
      redis = await startRedis(redisPort);
      const env = {
        DATABASE_URL: testDb.url as string,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        LOG_LEVEL: 'info',
      };
      [a, b] = await Promise.all([startServer(env), startServer(env)]);

      // A player, signed up through A as a browser would (the link read from the development outbox).
      const email = `redis-kill-${Date.now()}@example.com`;
      const post = (path: string, body: object) =>
        fetch(`${a.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: cookieHeader(jar) },
          body: JSON.stringify(body),
        });
      const registered = await post('/api/identity/auth/registration', {
        email,
        password: 'Secret#123',
        ageConfirmed: true,
        callbackUrl: `${a.landingUrl}/callback/register`,
      });
      expect(registered.status).toBe(201);
      const outbox = (await (await fetch(`${a.url}/api/dev/outbox`)).json()) as {
        messages: { recipient: string; body: string }[];
      };
      const link = outbox.messages.find((m) => m.recipient === email)?.body.match(/https?:\/\/\S+/)?.[0];
      const verified = await post('/api/identity/auth/registration/verify', {
        token: new URL(link as string).searchParams.get('token'),
      });
      expect(verified.status).toBe(201);
      keepCookies(jar, verified);
      const me = await fetch(`${a.url}/api/platform/profile/user-data`, {
        headers: { cookie: cookieHeader(jar) },
      });
      userId = ((await me.json()) as { user: { userId: string } }).user.userId;
    }, 120_000);

    afterAll(async () => {
      for (const socket of sockets) socket.disconnect();
      await Promise.all([a?.stop(), b?.stop()]);
      if (redis) await kill(redis);
      await drop?.();
    }, 60_000);

    function channelOn(server: ServerProcess) {
      const socket = connect(`${server.url}${NOTIFICATIONS_NAMESPACE}`, {
        transports: ['websocket'],
        reconnection: false,
        timeout: 5000,
        auth: { userId, type: 'idle-tracker' },
        extraHeaders: { cookie: cookieHeader(jar) },
      });
      sockets.push(socket);
      return new Promise<Socket>((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    }

    /** Deposits on A; answers, per socket, whether that deposit's notification reached it within `ms`. */
    let amount = 10;
    async function depositHeardBy(targets: Socket[], ms: number) {
      amount += 1;
      const text = `Your deposit of $${amount}.00 was credited to your balance.`;
      const heard = targets.map(
        (socket) =>
          new Promise<boolean>((resolve) => {
            const timer = setTimeout(() => {
              socket.off('newNotification', listener);
              resolve(false);
            }, ms);
            const listener = (n: Notification) => {
              if (n.notificationMessage !== text) return;
              clearTimeout(timer);
              socket.off('newNotification', listener);
              resolve(true);
            };
            socket.on('newNotification', listener);
          }),
      );
      const response = await fetch(`${a.url}/api/platform/users/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: cookieHeader(jar) },
        body: JSON.stringify({ amount, paymentMethod: 'CARD' }),
      });
      expect(response.status).toBe(201);
      return Promise.all(heard);
    }

    it('keeps both processes serving through a 30 s outage, and the fan-out resumes by itself', async () => {
      const onA = await channelOn(a);
      const onB = await channelOn(b);
      // Before: a deposit made through A reaches the player's sockets on both processes.
      expect(await depositHeardBy([onA, onB], 10_000)).toEqual([true, true]);

      // Load: per process, a loop of catalogue reads and (rate-limited) sign-in attempts.
      let phase: 'before' | 'outage' | 'after' = 'before';
      const counts = {
        before: { answered: 0, failed: 0 },
        outage: { answered: 0, failed: 0 },
        after: { answered: 0, failed: 0 },
      };
      const statuses = new Map<number, number>();
      let running = true;
      const loop = async (server: ServerProcess) => {
        while (running) {
          for (const request of [
            () => fetch(`${server.url}/api/platform/catalog`, { signal: AbortSignal.timeout(5000) }),
            () =>
              fetch(`${server.url}/api/identity/auth/login`, {
                method: 'POST',
                headers: { 'content-type': 'application/json' },
                body: JSON.stringify({
                  email: 'nobody@example.com',
                  password: 'Wrong#Pass1',
                  callbackUrl: `${server.url}/callback/login`,
                }),
                signal: AbortSignal.timeout(5000),
              }),
          ]) {
            const at = phase;
            try {
              const response = await request();
              await response.arrayBuffer();
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
              if (response.status >= 500) counts[at].failed += 1;
              else counts[at].answered += 1;
            } catch {
              counts[at].failed += 1;
            }
          }
        }
      };
      const loops = [loop(a), loop(a), loop(b), loop(b)];
      await sleep(1_000);

      // Redis killed: no shutdown, no goodbye.
      phase = 'outage';
      await kill(redis as ChildProcess);
      await sleep(2_000);
      // A deposit's notification is emitted by whichever process works its job: the player's socket on that
      // process hears it, the one on the other process cannot (there is no Redis to carry it).
      const heard = await depositHeardBy([onA, onB], 8_000);
      expect(heard.filter(Boolean)).toHaveLength(1);
      const emitter = heard[0] ? 'A' : 'B';
      await sleep(OUTAGE_MS - 2_000 - 8_000);
      expect(a.child.exitCode).toBeNull();
      expect(b.child.exitCode).toBeNull();
      expect(onA.connected && onB.connected).toBe(true);

      // Redis back on the same port (empty: nothing was persisted).
      redis = await startRedis(redisPort);
      const back = Date.now();
      phase = 'after';
      let resumedAfter: number | undefined;
      while (Date.now() - back < 30_000) {
        const [toA, toB] = await depositHeardBy([onA, onB], 2_000);
        if (toA && toB) {
          resumedAfter = Date.now() - back;
          break;
        }
      }
      await sleep(1_000);
      running = false;
      await Promise.all(loops);

      console.log(
        [
          'Redis killed for 30 s under two server processes:',
          `  HTTP during the outage: ${counts.outage.answered} answered, ${counts.outage.failed} failed`,
          `  HTTP before / after: ${counts.before.answered} / ${counts.after.answered} answered, ${counts.before.failed} / ${counts.after.failed} failed`,
          `  statuses: ${[...statuses].map(([status, n]) => `${status}×${n}`).join(', ')}`,
          `  during the outage, the notification emitted on process ${emitter} reached its socket on ${emitter} only`,
          `  cross-process fan-out resumed ${resumedAfter ?? 'never'} ms after Redis was back (notification received on both processes)`,
        ].join('\n'),
      );

      expect(counts.outage.failed).toBe(0);
      expect(counts.outage.answered).toBeGreaterThan(100);
      expect(statuses.get(429) ?? 0).toBeGreaterThan(0);
      expect(resumedAfter).toBeDefined();
      expect(resumedAfter).toBeLessThan(15_000);
      expect(a.child.exitCode).toBeNull();
      expect(b.child.exitCode).toBeNull();

      // One line when Redis went and one when it came back, per thing degraded, in each process.
      for (const server of [a, b]) {
        const log = server.output();
        for (const what of ['(player sockets)', '(ticket desk)', 'shared rate limits']) {
          const lost = log
            .split('\n')
            .filter((line) => line.includes('Redis connection lost') && line.includes(what));
          const resumed = log
            .split('\n')
            .filter((line) => line.includes('Redis is back') && line.includes(what));
          expect(lost, `${what}: ${log.slice(-2000)}`).toHaveLength(1);
          expect(resumed, what).toHaveLength(1);
        }
        expect(log).not.toContain('shutting down');
      }
    }, 120_000);
  },
);
