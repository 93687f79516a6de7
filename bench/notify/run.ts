/**
 * Fan-out latency of the notifications channel: 2,000 players, each with a socket, spread over two server
 * processes sharing PostgreSQL and Redis (the socket.io Redis adapter), beside the same measurement on a
 * single process without Redis. Two producing calls, both sent to the first process:
 * - broadcast: the content team's POST /api/staff/broadcasts to every player (one notification each, written
 *   and pushed by a job on one of the processes); each latency runs
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
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { NOTIFICATIONS_NAMESPACE } from '@paws/contracts/notifications';
import { io as connect, type Socket } from 'socket.io-client';
import {
  type BenchPerson,
  createPlayers,
  createStaffSession,
  type Running,
  startServer,
} from '../lib/cluster.ts';
import { adminQuery, percentile, databaseUrl as urlOf } from '../lib/postgres.ts';
import { cpuMeter } from '../platform/metrics.ts';

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
const databaseName = `paws_bench_notify_${Date.now()}`;
const databaseUrl = urlOf(adminUrl, databaseName);
const serve = (withRedis: boolean) =>
  startServer({ databaseUrl, secret, redisUrl: withRedis ? redisUrl : undefined });

async function connectAll(origins: string[], players: BenchPerson[]) {
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

/**
 * Broadcast rounds: each latency from sending the call to one socket's receipt, and the CPU the counted rounds
 * took of each side (the servers, PostgreSQL, Redis, this load generator with its sockets).
 */
async function measure(servers: Running[], staffCookie: string, sockets: Socket[]) {
  const producer = servers[0] as Running;
  const latencies: number[] = [];
  let meter: ReturnType<typeof cpuMeter> | undefined;
  let meterStarted = 0;
  for (let round = 0; round < rounds + 1; round++) {
    if (round === 1) {
      meter = cpuMeter({ nodes: servers, haproxyPid: undefined }, databaseName);
      meterStarted = performance.now();
    }
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
    const res = await fetch(`${producer.backOffice}/api/staff/broadcasts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: staffCookie, origin: producer.backOfficeOrigin },
      body: JSON.stringify({ title: `Bench round ${round}`, text: 'To every player.', segment: 'ALL' }),
    });
    if (res.status !== 202) throw new Error(`broadcast answered ${res.status}: ${await res.text()}`);
    await all;
  }
  const seconds = (performance.now() - meterStarted) / 1000;
  return { latencies: latencies.sort((a, b) => a - b), cpu: meter?.(), seconds };
}

/**
 * A broadcast's CPU by side (ms, from the cores each used over the counted rounds), and the shortest time the
 * machine could deliver it in: all of it spread over every core with nothing else to do.
 */
function describeCpu({ cpu, seconds }: Awaited<ReturnType<typeof measure>>) {
  if (!cpu) return '';
  const ms = (cores: number) => (cores * seconds * 1000) / rounds;
  const servers = cpu.nodes.reduce((sum, cores) => sum + cores, 0);
  const all = servers + cpu.postgresOurs + cpu.redis + cpu.loadGenerator;
  return (
    `  CPU ms a broadcast: server${cpu.nodes.length > 1 ? 's' : ''} ${ms(servers).toFixed(1)}, ` +
    `PostgreSQL ${ms(cpu.postgresOurs).toFixed(1)}, Redis ${ms(cpu.redis).toFixed(1)}, ` +
    `load generator ${ms(cpu.loadGenerator).toFixed(1)}; all ${ms(all).toFixed(1)} ms = at least ` +
    `${(ms(all) / cpu.cores).toFixed(1)} ms on ${cpu.cores} cores; machine busy ` +
    `${((100 * cpu.machine) / cpu.cores).toFixed(0)} % over ${((seconds * 1000) / rounds).toFixed(1)} ms a round`
  );
}

/** Deposits, one player each, a few at a time: each latency from sending the call to that player's socket. */
async function measureDeposits(producer: string, players: BenchPerson[], sockets: Socket[]) {
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

async function run(processes: 1 | 2, people: { staffCookie: string; players: BenchPerson[] }) {
  const servers = await Promise.all(Array.from({ length: processes }, () => serve(processes === 2)));
  try {
    const sockets = await connectAll(
      servers.map((s) => s.origin),
      people.players,
    );
    try {
      const producer = servers[0] as Running;
      const broadcast = await measure(servers, people.staffCookie, sockets);
      const deposit = await measureDeposits(producer.origin, people.players, sockets);
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
await adminQuery(adminUrl, `create database ${databaseName}`);
try {
  // The first start applies the migrations.
  await (await serve(false)).stop();
  const { manager, players } = await createPlayers(databaseUrl, secret, socketCount);
  // Broadcasts are the content team's (the back office's POST /api/staff/broadcasts).
  const people = {
    players,
    staffCookie: await createStaffSession(databaseUrl, secret, manager.userId, ['content']),
  };
  const cluster = await run(2, people);
  console.log(`two processes + Redis adapter, broadcast: ${describe(cluster.broadcast.latencies)}`);
  console.log(describeCpu(cluster.broadcast));
  console.log(`two processes + Redis adapter, deposit:   ${describe(cluster.deposit)}`);
  const single = await run(1, people);
  console.log(`one process, no Redis, broadcast:         ${describe(single.broadcast.latencies)}`);
  console.log(describeCpu(single.broadcast));
  console.log(`one process, no Redis, deposit:           ${describe(single.deposit)}`);
  const ratios = (two: number[], one: number[]) =>
    `p50 ${(percentile(two, 50) / percentile(one, 50)).toFixed(2)}, p99 ${(percentile(two, 99) / percentile(one, 99)).toFixed(2)}`;
  console.log(`ratio two/one, broadcast: ${ratios(cluster.broadcast.latencies, single.broadcast.latencies)}`);
  console.log(`ratio two/one, deposit: ${ratios(cluster.deposit, single.deposit)}`);
} finally {
  await adminQuery(adminUrl, `drop database if exists ${databaseName} with (force)`);
}
