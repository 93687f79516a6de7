/**
 * The whole platform under simulated players, ramped until it answers too slowly: how many players one
 * server process holds with p99 under 200 ms, and where the time went.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npm run bench:platform -w @paws/bench
 *
 * Set-up: a fresh database (dropped at the end, also on error or Ctrl-C); `npm run cluster` (scripts/
 * cluster.mjs, spawned as is) with BENCH_PROCESSES (2) server processes behind HAProxy, in production mode
 * (NODE_ENV=production, generated SECRET and STUDIO_WALLET_SECRET, PAYMENTS_SANDBOX=true, SEED=true for the
 * catalogue, LOG_LEVEL warn), on PostgreSQL and Redis. Players are written straight to the database with
 * live sessions (bench/lib/cluster.ts); one in 1/BENCH_SIGN_IN_SHARE has a real password and signs in
 * first with POST /auth/login (the password check and the e-mailed link; the link itself is not followed).
 * Everything goes through HAProxy's platform face, each player with its own cookies (sticky by PAWS_NODE)
 * and forwarded address.
 *
 * Each player (players.ts): [sign-in] → account and lobby (GET /profile/user-data, GET /catalog) → the
 * notifications socket (websocket, cookie auth) → one deposit (sandbox) → Wild Paws opened as the web app
 * does (POST /catalog/game/url, then the studio's POST /api/studio/session with the launch code) → a spin
 * every 1 s ± 250 ms (POST /api/studio/wild-paws/spin, 0.20 cash), the bet history every ~30 s
 * (GET /profile/bets-transactions), one support chat message (POST /tickets) in its first minute. One 20 ms
 * scheduler tick drives them all; HTTP goes through one undici pool of keep-alive connections.
 *
 * Phases: warm-up (BENCH_START_PLAYERS players for BENCH_WARMUP_SECONDS, 10 s, not counted), then steps of
 * BENCH_STEP_SECONDS (12). Each step but the first adds BENCH_STEP_PLAYERS (50) players, starting over its
 * first 40% (the calls until its half are printed apart as joining, and their errors count); its figures
 * are measured over its second half (a newcomer still finishing its set-up then is in them). Go on while p99 < 200 ms and no error; stop at the first failing
 * step, at BENCH_MAX_PLAYERS (2000) or when BENCH_SECONDS (180) of ramp have gone.
 *
 * Measures, per step: players, HTTP requests/s, p50/p99 over every HTTP call and per kind (sign-in, lobby,
 * deposit, open-game, spin, history, ticket; socket is the connect time and notice the deposit's
 * notification reaching the socket, both outside the HTTP p99), errors (any unexpected status, failed
 * call or socket error); CPU from /proc (per server process, PostgreSQL's backends on the bench database
 * and all of PostgreSQL, Redis, HAProxy, this load generator, the whole machine); event-loop lag as a
 * probe: GET /healthz straight to each process every 200 ms (no database, so its time is the loop's wait
 * plus one tiny request); PostgreSQL's active backends on the bench database by statement and wait event
 * (pg_stat_activity every 100 ms, db-sampler.ts). Ends with `players per node at p99 < 200 ms: N` (the
 * last passing step's players / processes) and where the time went: each side's CPU at the last passing
 * and the first failing step, what PostgreSQL's backends were doing, and what one node would hold with
 * the database elsewhere (from the servers' CPU per player).
 *
 * Knobs: BENCH_SECONDS (180), BENCH_START_PLAYERS (50), BENCH_STEP_PLAYERS (50), BENCH_STEP_SECONDS (12),
 * BENCH_WARMUP_SECONDS (10), BENCH_MAX_PLAYERS (2000), BENCH_SIGN_IN_SHARE (0.1), BENCH_PROCESSES (2),
 * BENCH_CONNECTIONS (128, the pool's connections to HAProxy), BENCH_LOG_LEVEL (warn), BENCH_VACUUM_SECONDS (10:
 * on a server without autovacuum, how often the bench does its work in its place: maintenance.ts).
 *
 * The parts, beside this file: cluster-process.ts (the database, the cluster, clean-up), players.ts (what
 * a player does, the scheduler), http.ts (the timed HTTP client), metrics.ts (latencies, CPU, lag probe),
 * db-sampler.ts (pg_stat_activity), maintenance.ts (autovacuum's work when the server has it off), report.ts
 * (printing).
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import pg from 'pg';
import { hashPassword } from '../../apps/server/src/modules/identity/crypto.ts';
import { createPlayers } from '../lib/cluster.ts';
import { databaseUrl as urlOf } from '../lib/postgres.ts';
import { cleanUpOnSignals, cleanup, freshDatabase, onCleanup, startCluster } from './cluster-process.ts';
import { dbSampler } from './db-sampler.ts';
import { httpClient } from './http.ts';
import { standInForAutovacuum } from './maintenance.ts';
import { cpuMeter, lagProbe, Recorder } from './metrics.ts';
import { BENCH_PASSWORD, playerPool } from './players.ts';
import { makeStep, printStep, printVerdict, type Step, withJoining } from './report.ts';

const adminUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
if (!adminUrl || !redisUrl) {
  console.error(
    'bench:platform needs DATABASE_URL (a PostgreSQL server it may create databases on) and REDIS_URL.',
  );
  process.exit(2);
}
const knob = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const budgetSeconds = knob('BENCH_SECONDS', 180);
const startPlayers = knob('BENCH_START_PLAYERS', 50);
const stepPlayers = knob('BENCH_STEP_PLAYERS', 50);
const stepSeconds = knob('BENCH_STEP_SECONDS', 12);
const maxPlayers = knob('BENCH_MAX_PLAYERS', 2000);
const signInShare = knob('BENCH_SIGN_IN_SHARE', 0.1);
const processes = knob('BENCH_PROCESSES', 2);
const warmupSeconds = knob('BENCH_WARMUP_SECONDS', 10);
const vacuumSeconds = knob('BENCH_VACUUM_SECONDS', 10);
const signInEvery = signInShare > 0 ? Math.max(1, Math.round(1 / signInShare)) : 0;
const signsIn = (index: number) => signInEvery > 0 && index % signInEvery === 0;

const secret = randomBytes(32).toString('hex');
const databaseName = `paws_bench_platform_${Date.now()}`;
const databaseUrl = urlOf(adminUrl, databaseName);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Players written straight to the database; the ones that sign in get a real password hash. */
async function makePeople() {
  const { players } = await createPlayers(databaseUrl, secret, maxPlayers);
  const emails = players.filter((_, i) => signsIn(i)).map((p) => p.email);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const hash = await hashPassword(BENCH_PASSWORD);
    // Confirmed accounts, as players who deposit and play are.
    await client.query('update users set email_verified_at = now()');
    await client.query('update users set password_hash = $1 where email = any($2)', [hash, emails]);
    await client.query('analyze');
  } finally {
    await client.end();
  }
  return players;
}

async function main() {
  await freshDatabase(adminUrl as string, databaseName);
  process.stdout.write(`starting ${processes} server processes behind HAProxy (npm run cluster)…\n`);
  const cluster = await startCluster({ processes, databaseUrl, redisUrl: redisUrl as string, secret });
  console.log(
    `ready: ${cluster.nodes.map((n) => `${n.name} pid ${n.pid}`).join(', ')}, haproxy pid ${cluster.haproxyPid}`,
  );
  const people = await makePeople();
  const recorder = new Recorder();
  const http = httpClient(cluster.origin, recorder);
  onCleanup(() => http.close());
  const lag = lagProbe(cluster);
  onCleanup(() => lag.stop());
  const pool = playerPool({ origin: cluster.origin, http, recorder, people, signsIn });
  onCleanup(async () => pool.stop());
  const db = await dbSampler(databaseUrl, databaseName);
  onCleanup(() => db.stop());
  const maintenance = await standInForAutovacuum(databaseUrl, vacuumSeconds);
  onCleanup(() => maintenance.stop());
  console.log(maintenance.note);

  console.log(`warm-up: ${startPlayers} players for ${warmupSeconds} s (not counted)`);
  pool.add(startPlayers, 2000);
  await sleep(warmupSeconds * 1000);
  const warm = recorder.take();
  lag.take();
  db.take();
  for (const sample of warm.errorSamples) console.log(`  warm-up error: ${sample}`);

  const steps: Step[] = [];
  const began = performance.now();
  let stopReason = `the time budget (BENCH_SECONDS=${budgetSeconds}) ran out`;
  for (let index = 1; ; index++) {
    // The step's new players start over its first 40% (their sign-in, deposit, game launch until the
    // half are reported apart); its figures are measured over the second half, all of them playing.
    const add = index === 1 ? 0 : Math.min(stepPlayers, maxPlayers - pool.active);
    if (index > 1 && add <= 0) {
      stopReason = `all BENCH_MAX_PLAYERS=${maxPlayers} players are playing`;
      break;
    }
    pool.add(add, stepSeconds * 0.4 * 1000);
    await sleep((stepSeconds / 2) * 1000);
    const joining = recorder.take();
    lag.take();
    db.take();
    const meter = cpuMeter(cluster, databaseName);
    const playingAtStart = pool.playing;
    const measureStarted = performance.now();
    await sleep((stepSeconds / 2) * 1000);
    const seconds = (performance.now() - measureStarted) / 1000;
    const step = makeStep(index, pool.active, seconds, recorder.take(), meter(), lag.take());
    withJoining(step, { added: add, ...joining });
    step.playing = playingAtStart;
    step.db = db.take();
    steps.push(step);
    printStep(step, cluster);
    if (!step.passed) {
      stopReason = step.errors > 0 ? `errors at step ${index}` : `p99 ≥ 200 ms at step ${index}`;
      break;
    }
    if ((performance.now() - began) / 1000 + stepSeconds > budgetSeconds) break;
  }
  console.log(`load average at the end ${load()}`);
  printVerdict(steps, cluster, stopReason);
}

cleanUpOnSignals();
console.log(
  `bench:platform — ${processes} processes behind HAProxy; ${startPlayers} players then +${stepPlayers} every ` +
    `${stepSeconds} s for up to ${budgetSeconds} s (at most ${maxPlayers}); one in ${signInEvery || '∞'} signs ` +
    `in; ${availableParallelism()} cores, load average ${load()}`,
);
try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanup();
}
