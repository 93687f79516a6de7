/**
 * The floor under bench:platform's figure: how many players a node could hold on this machine if a spin were
 * the least it can be on the product's stack, ramped the way bench:platform ramps the product.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:floor -w @paws/bench
 *
 * BENCH_PROCESSES (2) floor-server.ts processes (Fastify and node-postgres, production mode) behind HAProxy
 * (least connections, connections kept and reused, the client's address forwarded, as `npm run cluster`), on a
 * fresh PostgreSQL database. Each player only spins, every 1 s ± 250 ms, never with a spin of its own in flight;
 * a spin is one HTTP request and one autocommitted statement (the balance moved and the round recorded). The
 * product's players do more (sign-in, lobby, a socket, deposits, history, a ticket) and its spin does more
 * (session, double-entry ledger, seeds, events and their subscribers): every figure here is a bound the product
 * cannot pass on this machine, whatever its code.
 *
 * Steps as bench:platform's: BENCH_START_PLAYERS (100) for BENCH_WARMUP_SECONDS (10, not counted), then
 * +BENCH_STEP_PLAYERS (100) every BENCH_STEP_SECONDS (12), measured over each step's second half, until p99
 * ≥ 200 ms, an error, BENCH_MAX_PLAYERS (4000) or BENCH_SECONDS (240). Prints each step (CPU per side and per
 * spin), then `floor: players per node at p99 < 200 ms: N`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from '../lib/cluster.ts';
import { databaseUrl as urlOf } from '../lib/postgres.ts';
import { cleanUpOnSignals, cleanup, freshDatabase, onCleanup } from './cluster-process.ts';
import { httpClient } from './http.ts';
import { cpuMeter, lagProbe, Recorder } from './metrics.ts';
import { makeStep, P99_LIMIT_MS, printStep, type Step, withJoining } from './report.ts';

const adminUrl = process.env.DATABASE_URL;
if (!adminUrl) {
  console.error('bench:floor needs DATABASE_URL (a PostgreSQL server it may create databases on).');
  process.exit(2);
}
const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const budgetSeconds = knob('BENCH_SECONDS', 240);
const startPlayers = knob('BENCH_START_PLAYERS', 100);
const stepPlayers = knob('BENCH_STEP_PLAYERS', 100);
const stepSeconds = knob('BENCH_STEP_SECONDS', 12);
const maxPlayers = knob('BENCH_MAX_PLAYERS', 4000);
const processes = knob('BENCH_PROCESSES', 2);
const warmupSeconds = knob('BENCH_WARMUP_SECONDS', 10);

const databaseName = `paws_bench_floor_${Date.now()}`;
const databaseUrl = urlOf(adminUrl, databaseName);
const serverScript = fileURLToPath(new URL('./floor-server.ts', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function makeWallets() {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`
      create table floor_wallets (player_id int primary key, balance numeric(20, 2) not null);
      create table floor_rounds (
        id bigint generated always as identity primary key,
        player_id int not null references floor_wallets,
        stake numeric(20, 2) not null,
        win numeric(20, 2) not null,
        created_at timestamptz not null default now()
      );
      create index on floor_rounds (player_id, created_at desc);
      insert into floor_wallets select g, 1000000 from generate_series(1, ${maxPlayers}) g;
      analyze;`);
  } finally {
    await client.end();
  }
}

function spawnChild(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
  onCleanup(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  });
  return child;
}

async function until(ready: () => Promise<boolean>, what: string) {
  const deadline = Date.now() + 60_000;
  while (!(await ready().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what} not ready in 60 s`);
    await sleep(100);
  }
}

/** The floor's processes behind HAProxy, configured as `npm run cluster` configures it. */
async function startFloorCluster() {
  const nodes = [];
  for (let i = 1; i <= processes; i++) {
    const port = await freePort();
    const child = spawnChild(process.execPath, ['--import', 'tsx', serverScript], {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: databaseUrl,
    });
    await until(async () => (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, `floor node${i}`);
    nodes.push({ name: `node${i}`, pid: child.pid as number, platformPort: port });
  }
  const front = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'paws-floor-'));
  onCleanup(async () => rmSync(dir, { recursive: true, force: true }));
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    `${[
      'global',
      '  maxconn 8000',
      'defaults',
      '  mode http',
      '  option forwardfor',
      '  timeout connect 5s',
      '  timeout client 60s',
      '  timeout server 60s',
      'frontend floor',
      `  bind 127.0.0.1:${front}`,
      '  default_backend floor_nodes',
      'backend floor_nodes',
      '  balance leastconn',
      ...nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.platformPort}`),
    ].join('\n')}\n`,
  );
  const haproxy = spawnChild(process.env.HAPROXY ?? 'haproxy', ['-db', '-f', config], process.env);
  const origin = `http://127.0.0.1:${front}`;
  await until(async () => (await fetch(`${origin}/healthz`)).ok, 'HAProxy');
  return { origin, nodes, haproxyPid: haproxy.pid, clusterPid: process.pid };
}

/** Players who only spin, driven by one 20 ms tick, never two spins of one player in flight. */
function spinners(http: ReturnType<typeof httpClient>) {
  const players: Array<{ id: number; nextSpin: number; spinning: boolean }> = [];
  const caller = { cookie: '', address: '127.0.0.1' };
  const timer = setInterval(() => {
    const now = performance.now();
    for (const player of players) {
      if (player.spinning || player.nextSpin > now) continue;
      player.spinning = true;
      player.nextSpin = now + 1000 + (Math.random() - 0.5) * 500;
      const address = `10.${(player.id >> 16) & 255}.${(player.id >> 8) & 255}.${player.id & 255}`;
      void http
        .call('spin', { ...caller, address }, 'POST', '/spin', 200, { playerId: player.id })
        .finally(() => {
          player.spinning = false;
        });
    }
  }, 20);
  return {
    /** `count` more players, their first spins spread over `overMs`. */
    add(count: number, overMs: number) {
      const now = performance.now();
      for (let i = 0; i < count; i++) {
        players.push({ id: players.length + 1, nextSpin: now + Math.random() * overMs, spinning: false });
      }
    },
    get active() {
      return players.length;
    },
    stop: async () => clearInterval(timer),
  };
}

async function main() {
  await freshDatabase(adminUrl as string, databaseName);
  await makeWallets();
  const cluster = await startFloorCluster();
  console.log(`ready: ${cluster.nodes.map((n) => `${n.name} pid ${n.pid}`).join(', ')}`);
  const recorder = new Recorder();
  const http = httpClient(cluster.origin, recorder);
  onCleanup(() => http.close());
  const lag = lagProbe(cluster);
  onCleanup(() => lag.stop());
  const pool = spinners(http);
  onCleanup(() => pool.stop());

  console.log(`warm-up: ${startPlayers} players for ${warmupSeconds} s (not counted)`);
  pool.add(startPlayers, 1000);
  await sleep(warmupSeconds * 1000);
  recorder.take();
  lag.take();

  const steps: Step[] = [];
  const began = performance.now();
  let stopReason = `the time budget (BENCH_SECONDS=${budgetSeconds}) ran out`;
  for (let index = 1; ; index++) {
    const add = index === 1 ? 0 : Math.min(stepPlayers, maxPlayers - pool.active);
    if (index > 1 && add <= 0) {
      stopReason = `all BENCH_MAX_PLAYERS=${maxPlayers} players are spinning`;
      break;
    }
    pool.add(add, stepSeconds * 0.4 * 1000);
    await sleep((stepSeconds / 2) * 1000);
    const joining = recorder.take();
    lag.take();
    const meter = cpuMeter(cluster, databaseName);
    const measureStarted = performance.now();
    await sleep((stepSeconds / 2) * 1000);
    const seconds = (performance.now() - measureStarted) / 1000;
    const step = makeStep(index, pool.active, seconds, recorder.take(), meter(), lag.take());
    withJoining(step, { added: add, ...joining });
    steps.push(step);
    printStep(step, cluster);
    if (!step.passed) {
      stopReason = step.errors > 0 ? `errors at step ${index}` : `p99 ≥ ${P99_LIMIT_MS} ms at step ${index}`;
      break;
    }
    if ((performance.now() - began) / 1000 + stepSeconds > budgetSeconds) break;
  }
  const lastPass = [...steps].reverse().find((s) => s.passed);
  console.log(`load average at the end ${load()}`);
  console.log(`\nstopped: ${stopReason}`);
  console.log(
    `floor: players per node at p99 < ${P99_LIMIT_MS} ms: ${lastPass ? Math.floor(lastPass.players / processes) : 0}`,
  );
}

cleanUpOnSignals();
console.log(
  `bench:floor — ${processes} floor processes behind HAProxy; ${startPlayers} spinning players then ` +
    `+${stepPlayers} every ${stepSeconds} s for up to ${budgetSeconds} s; ${availableParallelism()} cores, ` +
    `load average ${load()}`,
);
try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
