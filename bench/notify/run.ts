/**
 * Fan-out latency of the notifications channel: 2,000 players, each with a socket, spread over two server
 * processes sharing PostgreSQL and Redis (the socket.io Redis adapter), beside the same measurement on a
 * single process without Redis. Two producing calls, both sent to the first process:
 * - broadcast: a manager's POST /notifications/broadcast (one notification per player); each latency runs
 *   from sending that call to one socket receiving its newNotification;
 * - deposit: a player's POST /users/deposit (the payment's FINANCIAL notification), several at a time; each
 *   latency runs from sending the deposit to that player's socket receiving it (on the two-process set-up,
 *   half of them live on the other process).
 * Prints p50, p99 and max for both set-ups and their ratios.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npm run bench:notify -w @paws/bench
 *
 * Knobs: BENCH_SOCKETS (2000), BENCH_ROUNDS (5), BENCH_DEPOSITS (400), BENCH_DEPOSIT_CONCURRENCY (4).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { ACCESS_TOKEN_COOKIE } from '@paws/contracts/auth';
import { NOTIFICATIONS_NAMESPACE } from '@paws/contracts/notifications';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { createSecrets } from '../../apps/server/src/modules/identity/crypto.ts';
import { percentile } from '../lib/postgres.ts';

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!adminUrl || !redisUrl) {
  console.error(
    'bench:notify needs DATABASE_URL (a PostgreSQL server it may create databases on) and REDIS_URL.',
  );
  process.exit(2);
}
const socketCount = Number(process.env.BENCH_SOCKETS ?? 2000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const deposits = Number(process.env.BENCH_DEPOSITS ?? 400);
const depositConcurrency = Number(process.env.BENCH_DEPOSIT_CONCURRENCY ?? 4);
const secret = randomBytes(32).toString('hex');
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const databaseName = `paws_bench_notify_${Date.now()}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

interface Running {
  origin: string;
  stop(): Promise<void>;
}

/** A real server process (apps/server/src/main.ts) on the bench database. */
async function startServer(withRedis: boolean): Promise<Running> {
  const [landing, platform, backOffice] = [await freePort(), await freePort(), await freePort()];
  const origin = `http://127.0.0.1:${platform}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SECRET: secret,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      LANDING_PORT: String(landing),
      PLATFORM_PORT: String(platform),
      BACKOFFICE_PORT: String(backOffice),
      LANDING_URL: `http://localhost:${landing}`,
      PLATFORM_URL: origin,
      DATABASE_URL: databaseUrl,
      REDIS_URL: withRedis ? redisUrl : '',
      SEED: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited early');
    try {
      if ((await fetch(`${origin}/readyz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server not ready in 60 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Players (and one manager) with live sessions, written straight to the database: no sign-in flow per socket. */
async function createPlayers(count: number) {
  const secrets = createSecrets(secret);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const now = new Date();
  const expires = new Date(now.getTime() + 24 * 3600 * 1000);
  const people: { userId: string; cookie: string }[] = [];
  try {
    for (let start = 0; start <= count; start += 500) {
      const batch = Array.from({ length: Math.min(500, count + 1 - start) }, () => ({
        userId: randomUUID(),
        sessionId: randomUUID(),
      }));
      const values: unknown[] = [];
      const rows = batch.map((person, i) => {
        values.push(
          person.userId,
          `bench-${person.userId}@paws.local`,
          start + i === 0 ? 'manager' : 'player',
        );
        return `($${values.length - 2}::uuid, $${values.length - 1}, 'x', $${values.length}::user_role)`;
      });
      await client.query(
        `insert into users (id, email, password_hash, role) values ${rows.join(',')}`,
        values,
      );
      const sessionValues: unknown[] = [];
      const sessionRows = batch.map((person) => {
        sessionValues.push(person.sessionId, person.userId, randomBytes(16).toString('hex'), now, expires);
        const n = sessionValues.length;
        return `($${n - 4}::uuid, gen_random_uuid(), $${n - 3}::uuid, $${n - 2}, $${n - 1}, $${n})`;
      });
      await client.query(
        `insert into sessions (id, family_id, user_id, token_hash, created_at, expires_at) values ${sessionRows.join(',')}`,
        sessionValues,
      );
      for (const person of batch) {
        const token = await secrets.signAccessToken(
          { userId: person.userId, sessionId: person.sessionId },
          now,
          3600,
        );
        people.push({ userId: person.userId, cookie: `${ACCESS_TOKEN_COOKIE}=${token}` });
      }
    }
  } finally {
    await client.end();
  }
  const [manager, ...players] = people;
  return { manager: manager as (typeof people)[number], players };
}

async function connectAll(origins: string[], players: { userId: string; cookie: string }[]) {
  const sockets: Socket[] = [];
  for (let i = 0; i < players.length; i += 100) {
    await Promise.all(
      players.slice(i, i + 100).map(
        (player, j) =>
          new Promise<void>((resolve, reject) => {
            const socket = connect(`${origins[(i + j) % origins.length]}${NOTIFICATIONS_NAMESPACE}`, {
              transports: ['websocket'],
              reconnection: false,
              timeout: 20_000,
              auth: { userId: player.userId, type: 'idle-tracker' },
              extraHeaders: { cookie: player.cookie },
            });
            sockets.push(socket);
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
            socket.once('socketError', (error) => reject(new Error(JSON.stringify(error))));
          }),
      ),
    );
  }
  return sockets;
}

/** Broadcast rounds: each latency from sending the call to one socket's receipt. */
async function measure(producer: string, managerCookie: string, sockets: Socket[]) {
  const latencies: number[] = [];
  for (let round = 0; round < rounds + 1; round++) {
    let started = 0;
    let left = sockets.length;
    const all = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`round ${round}: ${left} sockets heard nothing in 60 s`)),
        60_000,
      );
      for (const socket of sockets) {
        socket.once('newNotification', () => {
          // Round 0 warms up plans, pools and connections and is not counted.
          if (round > 0) latencies.push(performance.now() - started);
          left -= 1;
          if (left === 0) {
            clearTimeout(timer);
            resolve();
          }
        });
      }
    });
    started = performance.now();
    const res = await fetch(`${producer}/api/notifications/notifications/broadcast`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: managerCookie },
      body: JSON.stringify({ notificationMessage: `Bench round ${round}` }),
    });
    if (res.status !== 201) throw new Error(`broadcast answered ${res.status}: ${await res.text()}`);
    await all;
  }
  return latencies.sort((a, b) => a - b);
}

/** Deposits, one player each, a few at a time: each latency from sending the call to that player's socket. */
async function measureDeposits(
  producer: string,
  players: { userId: string; cookie: string }[],
  sockets: Socket[],
) {
  const latencies: number[] = [];
  let next = 0;
  // The first round of calls warms the process up and is not counted.
  const warmup = depositConcurrency;
  const total = deposits + warmup;
  async function loop() {
    while (next < total) {
      const n = next++;
      // One player per call (sockets alternate between the processes, so calls do too).
      const index = n % players.length;
      const player = players[index] as (typeof players)[number];
      const socket = sockets[index] as Socket;
      const amount = 1 + (n % 50);
      const heard = new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`deposit ${n}: no notification in 30 s`)), 30_000);
        const listener = (notification: { notificationMessage: string }) => {
          if (!notification.notificationMessage.startsWith('Your deposit')) return;
          clearTimeout(timer);
          socket.off('newNotification', listener);
          resolve(performance.now());
        };
        socket.on('newNotification', listener);
      });
      const started = performance.now();
      const res = await fetch(`${producer}/api/platform/users/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: player.cookie },
        body: JSON.stringify({ amount, paymentMethod: 'CARD' }),
      });
      if (res.status !== 201) throw new Error(`deposit answered ${res.status}: ${await res.text()}`);
      const at = await heard;
      if (n >= warmup) latencies.push(at - started);
    }
  }
  await Promise.all(Array.from({ length: depositConcurrency }, loop));
  return latencies.sort((a, b) => a - b);
}

const describe = (sorted: number[]) =>
  `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (${sorted.length} receipts)`;

async function run(processes: 1 | 2, people: Awaited<ReturnType<typeof createPlayers>>) {
  const servers = await Promise.all(Array.from({ length: processes }, () => startServer(processes === 2)));
  try {
    const sockets = await connectAll(
      servers.map((s) => s.origin),
      people.players,
    );
    try {
      const producer = (servers[0] as Running).origin;
      const broadcast = await measure(producer, people.manager.cookie, sockets);
      const deposit = await measureDeposits(producer, people.players, sockets);
      return { broadcast, deposit };
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

console.log(
  `${socketCount} sockets, ${rounds} broadcast rounds, ${deposits} deposits (${depositConcurrency} at a time), ${availableParallelism()} cores, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
await admin(`create database ${databaseName}`);
try {
  // The first start applies the migrations.
  await (await startServer(false)).stop();
  const people = await createPlayers(socketCount);
  const cluster = await run(2, people);
  console.log(`two processes + Redis adapter, broadcast: ${describe(cluster.broadcast)}`);
  console.log(`two processes + Redis adapter, deposit:   ${describe(cluster.deposit)}`);
  const single = await run(1, people);
  console.log(`one process, no Redis, broadcast:         ${describe(single.broadcast)}`);
  console.log(`one process, no Redis, deposit:           ${describe(single.deposit)}`);
  for (const kind of ['broadcast', 'deposit'] as const) {
    console.log(
      `ratio two/one, ${kind}: p50 ${(percentile(cluster[kind], 50) / percentile(single[kind], 50)).toFixed(2)}, p99 ${(percentile(cluster[kind], 99) / percentile(single[kind], 99)).toFixed(2)}`,
    );
  }
} finally {
  await admin(`drop database if exists ${databaseName} with (force)`);
}
